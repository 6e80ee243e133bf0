import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import { Prisma } from '../../generated/prisma/client.js';
import { changesCachedReads, stockColumns } from './catalog-models.js';
import type { DirectReads } from './direct-reads.js';
import { stockReadsOfBuild } from './stock-reads.js';
import { TenancyViolation, tenancyOf } from './tenancy.js';

/** Where a store statement names its store: the client that runs it binds its own id there (as a uuid), so no statement can name another. */
export const STORE: unique symbol = Symbol('the store of the client running the statement');

const identifier = /^[A-Za-z][A-Za-z0-9]*$/;

/** Column names as SQL, from the keys of a row the code builds: plain identifiers only, so a key can never carry SQL. */
class Columns {
  /** `"a", "b", …`, or `r."a", r."b", …` of the row the statement calls `alias`. */
  readonly text: string;

  constructor(
    readonly names: string[],
    readonly alias?: string,
  ) {
    for (const name of [...names, ...(alias === undefined ? [] : [alias])]) {
      if (!identifier.test(name)) throw new TenancyViolation(`"${name}" is no name a store statement may use.`);
    }
    this.text = names.map((name) => `${alias === undefined ? '' : `${alias}.`}"${name}"`).join(', ');
  }

  /** The same columns, of the row the statement calls `alias`: `r."a", r."b", …`. */
  of(alias: string): Columns {
    return new Columns(this.names, alias);
  }

  toString(): string {
    return this.text;
  }
}

/** `"a", "b", …`: the columns of `row` and the extra ones named, for an INSERT's column list and its SELECT. */
export const columnsOf = (row: object, ...extra: string[]) => new Columns([...Object.keys(row), ...extra]);

type Piece = typeof STORE | Columns | StoreStatement<unknown> | { value: unknown };

/**
 * What every statement of one structure shares: its text, the checks of it, and the text as sent.
 * A request builds its statements again from the same templates, with other values; only the
 * values differ, so the text of a product page (about 15 KB, composed of dozens of parts) is
 * written, checked and named once per process, not once per request (`shapeOf`).
 */
class Shape {
  /** Values (and column lists) as `?`: what the checks read. */
  readonly text: string;
  /** The models the text names, and those it writes. */
  readonly names: ReadonlySet<string>;
  readonly writes: ReadonlySet<string>;
  /** Whether `STORE` appears in it or in a statement it holds. */
  readonly namesStore: boolean;
  /** Whether it reads a model that holds stock. */
  readonly readsStock: boolean;
  /** The text split at its values, the statements it holds inlined. */
  readonly strings: readonly string[];
  #sent?: { text: string; name: string };

  constructor(strings: readonly string[], pieces: readonly Piece[]) {
    let text = strings[0]!;
    const flat = [strings[0]!];
    pieces.forEach((piece, i) => {
      const after = strings[i + 1]!;
      if (piece instanceof StoreStatement) {
        const inner = piece.shape;
        text += inner.text;
        flat[flat.length - 1] += inner.strings[0];
        for (let j = 1; j < inner.strings.length; j += 1) flat.push(inner.strings[j]!);
      } else {
        text += '?';
        if (piece instanceof Columns) flat[flat.length - 1] += piece.text;
        else flat.push(piece === STORE ? '::uuid' : '');
      }
      text += after;
      flat[flat.length - 1] += after;
    });
    this.text = text;
    ({ names: this.names, writes: this.writes } = checkedText(text));
    this.namesStore = pieces.some((piece) => piece === STORE || (piece instanceof StoreStatement && piece.shape.namesStore));
    this.readsStock = [...this.names].some((name) => name in stockColumns);
    this.strings = flat;
  }

  /** The text as PostgreSQL takes it (values as `$1`, `$2`, …) and the name it is prepared under. */
  get sent(): { text: string; name: string } {
    if (this.#sent) return this.#sent;
    let text = this.strings[0]!;
    for (let i = 1; i < this.strings.length; i += 1) text += `$${i}${this.strings[i]}`;
    this.#sent = { text, name: preparedStatementName({ sql: text }) };
    return this.#sent;
  }
}

/** A step of the tree of shapes: the shape of the pieces so far, and the steps to each next piece. */
interface ShapeStep {
  next: Map<unknown, ShapeStep>;
  shape?: Shape;
}

/** A value's place in a shape: any value is one. */
const VALUE: unique symbol = Symbol('a value');

/**
 * The shapes made so far, by their literal text and then piece by piece: a template's strings are
 * one array per place in the code, so a statement built again finds its shape by a few map lookups
 * with no text written. The code's statements are a few hundred shapes; the bound is a guard (a
 * statement whose number of parts grows with its input makes one per size), and a full tree is
 * emptied, the statements already built keeping theirs.
 */
const shapes = new Map<unknown, ShapeStep>();
let shapesMade = 0;
/** How many shapes, and prepared names of texts, are kept. */
const SHAPES_KEPT = 2_000;

function stepFrom(steps: Map<unknown, ShapeStep>, key: unknown): ShapeStep {
  let step = steps.get(key);
  if (!step) steps.set(key, (step = { next: new Map() }));
  return step;
}

function shapeOf(strings: readonly string[], pieces: readonly Piece[]): Shape {
  let step = stepOf(strings, pieces);
  if (step.shape) return step.shape;
  const shape = new Shape(strings, pieces);
  if (shapesMade >= SHAPES_KEPT) {
    shapes.clear();
    shapesMade = 0;
    // The step found was in the tree just emptied.
    step = stepOf(strings, pieces);
  }
  shapesMade += 1;
  step.shape = shape;
  return shape;
}

/** The step of the tree of shapes for these strings and pieces, made where missing. */
function stepOf(strings: readonly string[], pieces: readonly Piece[]): ShapeStep {
  // A template's strings are the same array every time; strings built by a composer are read by content.
  let step = stepFrom(shapes, 'raw' in strings ? strings : JSON.stringify(strings));
  for (const piece of pieces)
    step = stepFrom(step.next, piece === STORE ? STORE : piece instanceof Columns ? piece.text : piece instanceof StoreStatement ? piece.shape : VALUE);
  return step;
}

/**
 * SQL by hand through a store's client (`$storeQuery` in store-scoped-client.ts), for work one
 * statement does better than the model operations (writes that take each other's keys, a read
 * joined to the write that needs it). What the store client guarantees of model operations, it
 * guarantees by construction:
 * - it is a template literal: every interpolated value is a bound parameter, never SQL text
 *   (column lists excepted, which `columnsOf` checks are plain names);
 * - its store is `STORE`, which only the client running it binds, to its own id; a statement
 *   that names no store is refused;
 * - every table it names (`"Model"`) is one a store owns, or reference data: never the store
 *   row, a platform-wide account or another process's setting;
 * - every table it writes changes no cached read, so no write of it can skip the response
 *   cache's announcement (catalog-models.ts), and a cached answer built with one that reads
 *   stock follows every stock write of its store.
 * Filtering each table it reads by `STORE` is the statement's own text, like a `where` is a model
 * operation's, and is tested with the operation it serves; test/platform/store-statements.test.ts
 * proves the binding and the refusals. Statements compose: one interpolated into another is
 * inlined, its parameters kept apart.
 */
export class StoreStatement<Row> {
  /** The type of the rows it answers; types only. */
  declare readonly row?: Row;
  readonly #pieces: Piece[];
  /** Its text and what the checks found in it (the models it names and writes, whether it names its store), shared by every statement built alike. */
  readonly shape: Shape;

  constructor(strings: readonly string[], values: unknown[]) {
    this.#pieces = values.map(pieceOf);
    this.shape = shapeOf(strings, this.#pieces);
  }

  /** The SQL to send, the store bound; only `$storeQuery` calls it, with its client's own store. */
  bind(storeId: string): Prisma.Sql {
    return new Prisma.Sql(this.shape.strings, this.#values(storeId, []) as Prisma.Sql[]);
  }

  /** Its text as PostgreSQL takes it (values as `$1`, `$2`, …), its prepared name and its values, the store bound: for sending it past Prisma (direct-reads.ts). */
  boundText(storeId: string): { text: string; name: string; values: unknown[] } {
    const { text, name } = this.shape.sent;
    return { text, name, values: this.#values(storeId, []) };
  }

  /** Its values in the order of its text, the statements it holds inlined, `STORE` as `storeId`. */
  #values(storeId: string, into: unknown[]): unknown[] {
    for (const piece of this.#pieces) {
      if (piece === STORE) into.push(storeId);
      else if (piece instanceof StoreStatement) piece.#values(storeId, into);
      else if (!(piece instanceof Columns)) into.push(piece.value);
    }
    return into;
  }
}

/** What a statement's text names and writes, once its checks passed. */
interface CheckedText {
  names: Set<string>;
  writes: Set<string>;
}

/** The checks of `StoreStatement` on a statement's whole text (statements it holds inlined), which throw on a form no store may send. */
function checkedText(text: string): CheckedText {
  if (uncheckedForms.some((form) => form.test(text)))
    throw new TenancyViolation('A store statement names its tables plainly ("Model"): no ONLY, schema, MERGE, TRUNCATE or COPY.');
  const names = new Set([...text.matchAll(/"([A-Z][A-Za-z]*)"/g)].map((m) => m[1]!).filter((name) => name in tenancyOf));
  const writes = new Set([...text.matchAll(/(?:INSERT\s+INTO|UPDATE|DELETE\s+FROM)\s+"([A-Z][A-Za-z]*)"/gi)].map((m) => m[1]!));
  for (const name of names) {
    const tenancy = tenancyOf[name as Prisma.ModelName];
    if (tenancy !== 'owned' && tenancy !== 'reference') throw new TenancyViolation(`A store statement names "${name}", which no store owns.`);
  }
  for (const name of writes) {
    if (tenancyOf[name as Prisma.ModelName] !== 'owned') throw new TenancyViolation(`A store statement writes "${name}", which no store owns.`);
    if (changesCachedReads[name as Prisma.ModelName])
      throw new TenancyViolation(`A store statement writes "${name}", whose writes the response cache must hear of: use the model operations.`);
  }
  return { names, writes };
}

function pieceOf(value: unknown): Piece {
  if (value === STORE || value instanceof Columns || value instanceof StoreStatement) return value;
  // Prisma splices a nested Sql in as text: SQL arrives only as a store statement, whose tables are checked.
  if (value instanceof Prisma.Sql)
    throw new TenancyViolation('A store statement takes SQL only as another store statement (storeSql), never as Prisma.sql or Prisma.raw.');
  return { value };
}

/** Forms that would name or write a table past the checks: ONLY, a schema-qualified name, MERGE, TRUNCATE, COPY. */
const uncheckedForms = [/\b(?:ONLY|MERGE|TRUNCATE|COPY)\b/i, /\w\s*\.\s*"[A-Z]/];

/**
 * The statement planned once per connection on PostgreSQL, under `name` (lower-case words and
 * dashes): for a long statement run often, whose text never changes (only its parameters), where
 * planning it again on every run costs as much as a small query. `preparedStatementName` gives the
 * pool its name; the embedded database plans every time.
 */
export function prepared<Row>(name: string, statement: StoreStatement<Row>): StoreStatement<Row> {
  if (!/^[a-z]+(?:-[a-z]+)*$/.test(name)) throw new TenancyViolation(`"${name}" is no name for a prepared statement.`);
  return new StoreStatement<Row>([`/* prepared:${name} */ `, ''], [statement]);
}

/**
 * The name node-postgres prepares a query under (adapter-pg's `statementNameGenerator`): a
 * `prepared` statement's name and a digest of its text, so two texts never share a name; the empty
 * name (node-postgres's unnamed statement) for any other query, which is planned on every run as before.
 */
export function preparedStatementName(query: { sql: string }): string {
  const declared = /^\/\* prepared:([a-z-]+) \*\//.exec(query.sql);
  if (!declared) return '';
  const known = preparedNames.get(query.sql);
  if (known) return known;
  const name = `${declared[1]}-${createHash('sha1').update(query.sql).digest('hex').slice(0, 16)}`;
  if (preparedNames.size >= SHAPES_KEPT) preparedNames.clear();
  preparedNames.set(query.sql, name);
  return name;
}

/** The names of texts already prepared: a statement's text is long, and hashed once. */
const preparedNames = new Map<string, string>();

/** A piece of a store statement, composed into others (json-sql.ts, pricing-sql.ts): its rows are never read on their own. */
export type SqlPart = StoreStatement<unknown>;

/** A store statement: `storeSql<Row>\`SELECT … WHERE "storeId" = ${STORE}\``. */
export function storeSql<Row = unknown>(strings: TemplateStringsArray, ...values: unknown[]): StoreStatement<Row> {
  return new StoreStatement<Row>(strings, values);
}

/**
 * The statement a store client is sending now: its own `$queryRaw` lets this one SQL text through,
 * and refuses any other. Kept as the text's pieces between its values (Prisma.Sql's `strings`),
 * whose text is the same exactly when they are: Prisma.Sql writes its text anew on every read of `sql`.
 */
const sending = new AsyncLocalStorage<readonly string[]>();

/** What a statement declares of itself when it runs. */
export interface StatementTerms<Row = unknown> {
  /**
   * The statement reads stock of these products only (its own condition keeps to them): a cached
   * answer built with it follows their stock writes, not every one of its store. A statement that
   * finds its products itself (by slug) names them from its rows.
   */
  stockOf?: readonly string[] | ((rows: Row[]) => readonly string[]);
}

/**
 * Runs a store statement on `client` (the store's, in or out of a transaction) with the store
 * bound to `storeId`: refused unless it names its store. A statement that writes nothing, sent by
 * the store's client outside a transaction, goes through `direct` when the database has it
 * (direct-reads.ts); any other through Prisma.
 */
export function runStoreStatement<Row>(
  client: { $queryRaw<T>(sql: Prisma.Sql): Prisma.PrismaPromise<T> },
  storeId: string,
  statement: StoreStatement<Row>,
  terms: StatementTerms<Row> = {},
  direct?: DirectReads,
): Promise<Row[]> {
  if (!(statement instanceof StoreStatement)) throw new TenancyViolation('Only a store statement (storeSql) runs through a store’s client.');
  const { shape } = statement;
  if (!shape.namesStore) throw new TenancyViolation('A store statement must name its store (STORE).');
  const reads = shape.readsStock ? stockReadsOfBuild() : undefined;
  if (reads && !terms.stockOf) reads.bound = true;
  const noted = (rows: Row[]) => {
    const { stockOf } = terms;
    if (reads && stockOf) for (const id of typeof stockOf === 'function' ? stockOf(rows) : stockOf) reads.products.add(id);
    return rows;
  };
  if (direct && shape.writes.size === 0) {
    const { text, name, values } = statement.boundText(storeId);
    return direct.run<Row>(text, values, name).then(noted);
  }
  const sql = statement.bind(storeId);
  // Awaited inside: a Prisma query runs when awaited, and must run while its text is the one sent.
  return sending.run(sql.strings, async () => noted(await client.$queryRaw<Row[]>(sql)));
}

/** Whether the raw SQL a store client's `$queryRaw` is handed is the store statement it is sending. */
export function isStoreStatementSent(args: unknown): boolean {
  const sent = sending.getStore();
  return args instanceof Prisma.Sql && sent !== undefined && sent.length === args.strings.length && sent.every((piece, i) => piece === args.strings[i]);
}
