import type { SortValue } from './cursor.js';

export type Direction = 'asc' | 'desc';

export interface SortColumn<Row> {
  /** A column of the row, or one reached through to-one relations with dots (`account.lastName`). */
  field: string;
  direction: Direction;
  /** Reads the column's value from a row, as it goes into a cursor. */
  read: (row: Row) => SortValue;
  /** Turns a cursor value back into what the query compares against. */
  parse: (value: SortValue) => unknown;
  /** The column may be null: nulls come last in either direction, so a walk meets them once, at its end. */
  nullable?: boolean;
}

/** A sort whose last column is unique, so no row is skipped or repeated between pages. */
export type KeysetSort<Row> = SortColumn<Row>[];

export const asDate = (value: SortValue) => new Date(String(value));
export const asNumber = (value: SortValue) => Number(value);
export const asString = (value: SortValue) => String(value);
export const asBoolean = (value: SortValue) => value === true;
export const asNullableString = (value: SortValue) => (value === null ? null : String(value));

function flip(direction: Direction): Direction {
  return direction === 'asc' ? 'desc' : 'asc';
}

/** `{ a: { b: value } }` for the path `a.b`: how Prisma names a column through a to-one relation. */
function atPath(field: string, value: unknown): Record<string, unknown> {
  return field.split('.').reduceRight<unknown>((inner, part) => ({ [part]: inner }), value) as Record<string, unknown>;
}

/** Merges conditions on columns of the same relation into one relation filter. */
function merge(target: Record<string, unknown>, source: Record<string, unknown>): Record<string, unknown> {
  for (const [key, value] of Object.entries(source)) {
    const existing = target[key];
    const bothObjects = [existing, value].every((v) => v && typeof v === 'object' && !Array.isArray(v) && !(v instanceof Date));
    target[key] = bothObjects ? merge({ ...(existing as Record<string, unknown>) }, value as Record<string, unknown>) : value;
  }
  return target;
}

/** Prisma `orderBy` for the sort, or for walking it backwards (nulls then come first). */
export function orderByOf<Row>(sort: KeysetSort<Row>, backwards = false): Record<string, unknown>[] {
  return sort.map((c) => {
    const sort = backwards ? flip(c.direction) : c.direction;
    return atPath(c.field, c.nullable ? { sort, nulls: backwards ? 'first' : 'last' } : sort);
  });
}

/**
 * The condition "strictly beyond `value`" on one column, or null when nothing lies beyond. Booleans
 * have no gt/lt in Prisma: after `false` ascending comes only `true`, after `true` nothing (and the
 * reverse descending). A nullable column keeps its nulls after every value: walking forwards, a value
 * is followed by the larger (or smaller) values and then the nulls, and a null by nothing; walking
 * backwards from a null, every value lies before it.
 */
function beyond(column: SortColumn<unknown>, value: unknown, side: 'after' | 'before'): Record<string, unknown> | null {
  const direction = side === 'before' ? flip(column.direction) : column.direction;
  if (typeof value === 'boolean') {
    const next = direction === 'asc' ? (value ? null : true) : value ? false : null;
    return next === null ? null : atPath(column.field, next);
  }
  if (value === null) return side === 'after' ? null : { NOT: atPath(column.field, null) };
  const compared = atPath(column.field, { [direction === 'asc' ? 'gt' : 'lt']: value });
  return column.nullable && side === 'after' ? { OR: [compared, atPath(column.field, null)] } : compared;
}

/** Prisma `where` selecting the rows strictly after the row with `key` in the sort order, or strictly before it. */
export function beyondKey<Row>(sort: KeysetSort<Row>, key: SortValue[], side: 'after' | 'before' = 'after'): Record<string, unknown> {
  const values = sort.map((c, i) => c.parse(key[i] as SortValue));
  const branches = sort.flatMap((column, i) => {
    const condition = beyond(column as SortColumn<unknown>, values[i], side);
    if (condition === null) return [];
    const equal = sort.slice(0, i).reduce<Record<string, unknown>>((all, c, j) => merge(all, atPath(c.field, values[j])), {});
    return [Object.keys(equal).length === 0 ? condition : { AND: [equal, condition] }];
  });
  return { OR: branches };
}

export function keyOf<Row>(sort: KeysetSort<Row>, row: Row): SortValue[] {
  return sort.map((c) => c.read(row));
}

export function isValidKey<Row>(sort: KeysetSort<Row>, key: SortValue[]): boolean {
  return (
    key.length === sort.length &&
    key.every((v, i) => {
      const column = sort[i]!;
      if (v === null) return column.nullable === true;
      const parsed = column.parse(v);
      return !(parsed instanceof Date && Number.isNaN(parsed.getTime())) && !(typeof parsed === 'number' && !Number.isFinite(parsed));
    })
  );
}
