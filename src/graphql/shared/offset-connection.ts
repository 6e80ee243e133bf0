import { ApiError } from '../../platform/errors/api-error.js';
import { edgesConnection, type ConnectionArgs } from './connection.js';

// Connections over a list known in full or read by position (a product's images and variants, a
// promotion's products): a cursor is the position of its row, so every walk (first/after,
// last/before) works and totalCount is the list's length.

const prefix = 'offset:';

export function offsetCursor(offset: number): string {
  return Buffer.from(`${prefix}${offset}`, 'utf8').toString('base64');
}

/** The position a cursor names; anything this API did not issue is starting_after_invalid on its argument. */
export function offsetOf(cursor: string | null | undefined, field: 'after' | 'before'): number | undefined {
  if (cursor === null || cursor === undefined) return undefined;
  const text = Buffer.from(cursor, 'base64').toString('utf8');
  const offset = text.startsWith(prefix) ? Number(text.slice(prefix.length)) : NaN;
  if (!Number.isSafeInteger(offset) || offset < 0 || offsetCursor(offset) !== cursor) {
    throw new ApiError('starting_after_invalid', 'The cursor is not a cursor this API issued.', { fieldErrors: { [field]: ['is malformed'] } });
  }
  return offset;
}

/** The positions [start, end) a Relay window picks out of a list of `length` rows. */
export function offsetWindow(args: ConnectionArgs, length: number, max: number, fallback: number): { start: number; end: number } {
  if (args.first != null && args.last != null) throw ApiError.invalidField('first', 'Send first or last, not both.');
  const size = args.first ?? args.last ?? fallback;
  if (size < 1 || size > max) throw ApiError.invalidField(args.last != null ? 'last' : 'first', `must be between 1 and ${max}`);
  const after = offsetOf(args.after, 'after');
  const before = offsetOf(args.before, 'before');
  const from = after === undefined ? 0 : after + 1;
  const to = Math.max(from, Math.min(before ?? length, length));
  return args.last != null ? { start: Math.max(from, to - size), end: to } : { start: from, end: Math.min(to, from + size) };
}

/** The connection of rows [start, start + rows.length) of a list, with the list's total when it is known. */
export function offsetConnection<Row>(rows: Row[], start: number, hasNextPage: boolean, totalCount?: number) {
  const edges = rows.map((node, i) => ({ node, cursor: offsetCursor(start + i) }));
  return { ...edgesConnection(edges, { hasNextPage, hasPreviousPage: start > 0 }), totalCount };
}

/** A connection over a list read in full. */
export function arrayConnection<Row>(rows: Row[], args: ConnectionArgs, max: number, fallback: number) {
  const { start, end } = offsetWindow(args, rows.length, max, fallback);
  return offsetConnection(rows.slice(start, end), start, end < rows.length, rows.length);
}
