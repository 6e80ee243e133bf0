import { AsyncLocalStorage } from 'node:async_hooks';
import { getDatamodel } from '../../generated/pothos-types.js';
import { stockColumns } from './catalog-models.js';
import { readOperations } from './operations.js';

/**
 * What a cached answer's build read of stock (catalog-models.ts, `stockColumns`): the products
 * whose rows it read, and whether anything it read depends on the stock of products it did not
 * read (`bound`: a sort by sales, a filter or total over stock levels, a product row read through
 * another model's relation, an aggregate). A stock write makes an unbound answer stale only when it
 * read one of the write's products; a bound one with any stock write of its store.
 */
export interface StockReads {
  products: Set<string>;
  bound: boolean;
}

const building = new AsyncLocalStorage<StockReads>();

/** Runs an answer's build, noting every read its store client makes into `reads`. */
export function readingStock<T>(reads: StockReads, build: () => Promise<T>): Promise<T> {
  return building.run(reads, build);
}

/** The build under way, if any: a read made outside the store clients (raw SQL) marks it bound. */
export function stockReadsOfBuild(): StockReads | undefined {
  return building.getStore();
}

type Args = Record<string, unknown>;
type Model = keyof typeof stockColumns;

const volatile = new Set([...stockColumns.Product, ...stockColumns.Variant]);
const holdsStock = (model: string): model is Model => model in stockColumns;

let relations: Map<string, Map<string, string>> | undefined;

/** Each model's relation fields and the model they lead to, from the schema. */
function relationsOf(model: string): Map<string, string> | undefined {
  if (!relations) {
    relations = new Map();
    for (const [name, { fields }] of Object.entries(getDatamodel().datamodel.models)) {
      relations.set(name, new Map(fields.filter((field) => field.kind === 'object').map((field) => [field.name, field.type])));
    }
  }
  return relations.get(model);
}

/**
 * Whether the arguments filter, order, group or count by a stock column anywhere (a relation's
 * filter included): such a read's rows or figures move with stock. A stock column's `true` in a
 * `select` or `include` only shows it.
 */
export function dependsOnStock(value: unknown, counting = false): boolean {
  if (Array.isArray(value)) return value.some((item) => (typeof item === 'string' ? volatile.has(item) : dependsOnStock(item, counting)));
  if (value === null || typeof value !== 'object' || value instanceof Date) return false;
  for (const [key, inner] of Object.entries(value)) {
    const aggregate = key === '_sum' || key === '_avg' || key === '_min' || key === '_max' || key === '_count';
    if (volatile.has(key) && (typeof inner !== 'boolean' || counting)) return true;
    if (typeof inner === 'string' && volatile.has(inner)) return true;
    if (dependsOnStock(inner, counting || aggregate)) return true;
  }
  return false;
}

/** The column that names a stock row's product. */
const productColumn = (model: Model) => (model === 'Product' ? 'id' : 'productId');

/**
 * Whether a nested read of `target`'s rows selects only columns that show no stock, its product's
 * among them, and reaches no other row: its rows can be named like a direct read's.
 */
function namesItsRows(target: Model, inner: unknown): boolean {
  const select = inner !== null && typeof inner === 'object' ? (inner as Args).select : undefined;
  if (select === null || typeof select !== 'object' || Object.keys(inner as Args).some((key) => key !== 'select')) return false;
  const chosen = Object.entries(select).filter(([, shown]) => shown !== false);
  const relations = relationsOf(target);
  return (
    chosen.some(([column]) => column === productColumn(target)) &&
    chosen.every(([column, shown]) => shown === true && !relations?.has(column) && !(stockColumns[target] as Set<string>).has(column))
  );
}

/**
 * Whether a read of `model` reaches a product's or variant's row through a relation of a model that
 * holds no stock, where the rows cannot be named; the top-level relations whose rows can be
 * (`namesItsRows`) go to `named` instead.
 */
function reachesStockRows(model: string, args: unknown, named?: [string, Model][]): boolean {
  if (args === null || typeof args !== 'object') return false;
  for (const nesting of ['include', 'select'] as const) {
    const fields = (args as Args)[nesting];
    if (fields === null || typeof fields !== 'object') continue;
    for (const [field, inner] of Object.entries(fields)) {
      const target = relationsOf(model)?.get(field);
      if (!target || inner === false) continue;
      if (holdsStock(target) && !holdsStock(model)) {
        if (named && namesItsRows(target, inner)) named.push([field, target]);
        else return true;
      } else if (reachesStockRows(target, inner)) return true;
    }
  }
  return false;
}

function noteRows(reads: StockReads, model: Model, rows: unknown) {
  const column = productColumn(model);
  for (const row of Array.isArray(rows) ? rows : rows ? [rows] : []) {
    const id = (row as Record<string, unknown>)[column];
    if (typeof id === 'string') reads.products.add(id);
    else reads.bound = true;
  }
}

/** Notes a store client's read into the build under way, if any; answers what the read answers. */
export function noteRead<T>(model: string, operation: string, args: Args | undefined, read: Promise<T>): Promise<T> {
  const reads = building.getStore();
  if (!reads || reads.bound || !readOperations.has(operation)) return read;
  const named: [string, Model][] = [];
  if (dependsOnStock(args) || reachesStockRows(model, args, named) || (holdsStock(model) && (operation === 'aggregate' || operation === 'groupBy'))) {
    reads.bound = true;
    return read;
  }
  if (operation === 'count' || (!holdsStock(model) && !named.length)) return read;
  return read.then((rows) => {
    if (holdsStock(model)) noteRows(reads, model, rows);
    for (const row of Array.isArray(rows) ? rows : rows ? [rows] : []) {
      for (const [field, target] of named) noteRows(reads, target, (row as Record<string, unknown>)[field]);
    }
    return rows;
  });
}
