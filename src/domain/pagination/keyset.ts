import type { SortValue } from './cursor.js';

export type Direction = 'asc' | 'desc';

export interface SortColumn<Row> {
  field: string;
  direction: Direction;
  /** Reads the column's value from a row, as it goes into a cursor. */
  read: (row: Row) => SortValue;
  /** Turns a cursor value back into what the query compares against. */
  parse: (value: SortValue) => unknown;
}

/** A sort whose last column is unique, so no row is skipped or repeated between pages. */
export type KeysetSort<Row> = SortColumn<Row>[];

export const asDate = (value: SortValue) => new Date(String(value));
export const asNumber = (value: SortValue) => Number(value);
export const asString = (value: SortValue) => String(value);
export const asBoolean = (value: SortValue) => value === true;

function flip(direction: Direction): Direction {
  return direction === 'asc' ? 'desc' : 'asc';
}

/** Prisma `orderBy` for the sort, or for walking it backwards. */
export function orderByOf<Row>(sort: KeysetSort<Row>, backwards = false): Record<string, Direction>[] {
  return sort.map((c) => ({ [c.field]: backwards ? flip(c.direction) : c.direction }));
}

/**
 * The condition "strictly after `value`" on one column. Booleans have no gt/lt in Prisma: after
 * `false` ascending comes only `true`, after `true` ascending comes nothing (and the reverse descending).
 */
function beyond(value: unknown, direction: Direction): unknown | null {
  if (typeof value === 'boolean') {
    if (direction === 'asc') return value ? null : true;
    return value ? false : null;
  }
  return { [direction === 'asc' ? 'gt' : 'lt']: value };
}

/** Prisma `where` selecting the rows strictly after the row with `key` in the sort order, or strictly before it. */
export function beyondKey<Row>(sort: KeysetSort<Row>, key: SortValue[], side: 'after' | 'before' = 'after'): Record<string, unknown> {
  const values = sort.map((c, i) => c.parse(key[i] as SortValue));
  const branches = sort.flatMap((column, i) => {
    const condition = beyond(values[i], side === 'before' ? flip(column.direction) : column.direction);
    if (condition === null) return [];
    const equal = Object.fromEntries(sort.slice(0, i).map((c, j) => [c.field, values[j]]));
    return [{ ...equal, [column.field]: condition }];
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
      const parsed = sort[i]!.parse(v);
      return !(parsed instanceof Date && Number.isNaN(parsed.getTime())) && !(typeof parsed === 'number' && !Number.isFinite(parsed));
    })
  );
}
