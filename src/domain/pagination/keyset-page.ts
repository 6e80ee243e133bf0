import type { Ctx } from '../context.js';
import { decodeCursor, encodeCursor, type CursorBinding } from './cursor.js';
import { beyondKey, isValidKey, keyOf, orderByOf, type KeysetSort } from './keyset.js';
import { ApiError } from '../../platform/errors/api-error.js';

/** Which rows of a keyset walk a page holds. REST walks forwards only; GraphQL connections also walk backwards. */
export interface KeysetWindow {
  size: number;
  /** Rows after this cursor (REST `starting_after`, GraphQL `after`). */
  after?: string | null;
  /** Rows before this cursor, read backwards from it (GraphQL `before`). */
  before?: string | null;
  /** Take the last `size` rows of the window instead of the first (GraphQL `last`). */
  fromEnd?: boolean;
}

export interface FetchArgs {
  where: Record<string, unknown>;
  orderBy: Record<string, unknown>[];
  take: number;
  skip?: number;
}

export interface KeysetPage<Row> {
  rows: Row[];
  hasNextPage: boolean;
  hasPreviousPage: boolean;
  cursorOf(row: Row): string;
  /** The cursor after the last row, or null when no rows follow. */
  nextCursor: string | null;
}

export interface KeysetQuery<Row> {
  binding: CursorBinding;
  sort: KeysetSort<Row>;
  where: Record<string, unknown>;
  fetch(args: FetchArgs): Promise<Row[]>;
}

function readKey<Row>(ctx: Ctx, query: KeysetQuery<Row>, cursor: string, field: 'after' | 'before') {
  const key = decodeCursor(ctx.secret, query.binding, cursor, ctx.now.getTime(), field);
  if (!isValidKey(query.sort, key)) {
    throw new ApiError('starting_after_invalid', 'The cursor is not a cursor this API issued.', { fieldErrors: { [field]: ['is malformed'] } });
  }
  return key;
}

function pageOf<Row>(
  ctx: Ctx,
  query: KeysetQuery<Row>,
  rows: Row[],
  { hasNextPage, hasPreviousPage }: { hasNextPage: boolean; hasPreviousPage: boolean },
): KeysetPage<Row> {
  const cursorOf = (row: Row) => encodeCursor(ctx.secret, query.binding, keyOf(query.sort, row), ctx.now.getTime());
  const last = rows[rows.length - 1];
  return { rows, hasNextPage, hasPreviousPage, cursorOf, nextCursor: hasNextPage && last ? cursorOf(last) : null };
}

/**
 * One page of a keyset walk: the sort key of the cursor row bounds the query, and one extra
 * row tells whether more follow, so a page costs one statement whatever its depth.
 */
export async function keysetPage<Row>(ctx: Ctx, query: KeysetQuery<Row>, window: KeysetWindow): Promise<KeysetPage<Row>> {
  const bounds: Record<string, unknown>[] = [query.where];
  if (window.after) bounds.push(beyondKey(query.sort, readKey(ctx, query, window.after, 'after')));
  if (window.before) bounds.push(beyondKey(query.sort, readKey(ctx, query, window.before, 'before'), 'before'));
  const where = bounds.length === 1 ? query.where : { AND: bounds };

  if (window.fromEnd) {
    const reversed = await query.fetch({ where, orderBy: orderByOf(query.sort, true), take: window.size + 1 });
    const hasPreviousPage = reversed.length > window.size;
    const rows = reversed.slice(0, window.size).reverse();
    // Read backwards from `before`, the rows after this page are at least the cursor's own row.
    return pageOf(ctx, query, rows, { hasNextPage: Boolean(window.before), hasPreviousPage });
  }
  const fetched = await query.fetch({ where, orderBy: orderByOf(query.sort), take: window.size + 1 });
  const hasNextPage = fetched.length > window.size;
  return pageOf(ctx, query, fetched.slice(0, window.size), { hasNextPage, hasPreviousPage: Boolean(window.after) });
}

/** Page-number mode: an offset page plus the total, and the cursor to walk on from its last row. */
export async function numberedPage<Row>(
  ctx: Ctx,
  query: KeysetQuery<Row>,
  page: number,
  size: number,
  count: (where: Record<string, unknown>) => Promise<number>,
): Promise<KeysetPage<Row> & { total: number; lastPage: number }> {
  const [rows, total] = await Promise.all([
    query.fetch({ where: query.where, orderBy: orderByOf(query.sort), take: size, skip: (page - 1) * size }),
    count(query.where),
  ]);
  const lastPage = Math.max(1, Math.ceil(total / size));
  return { ...pageOf(ctx, query, rows, { hasNextPage: page < lastPage, hasPreviousPage: page > 1 }), total, lastPage };
}

/** Page-number mode without totals: an offset page, one extra row telling whether more follow, and the cursor to walk on from its last row. */
export async function offsetPage<Row>(ctx: Ctx, query: KeysetQuery<Row>, page: number, size: number): Promise<KeysetPage<Row>> {
  const fetched = await query.fetch({ where: query.where, orderBy: orderByOf(query.sort), take: size + 1, skip: (page - 1) * size });
  return pageOf(ctx, query, fetched.slice(0, size), { hasNextPage: fetched.length > size, hasPreviousPage: page > 1 });
}
