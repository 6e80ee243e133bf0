import { z } from 'zod';
import { JsonText } from './json-text.js';

/** The success envelopes of both specs: `status`, `message`, `data`; lists add `has_more` and `next_cursor`. */
export function single(message: string, data: unknown, extra: Record<string, unknown> = {}) {
  return { status: 'success', message, data, ...extra };
}

/** Where a list stands, as the domain's pages answer it. */
export interface ListPage {
  hasNextPage: boolean;
  /** Null on the last page; absent for lists that walk by page number only. */
  nextCursor?: string | null;
  /** Page-mode totals, answered as `meta.pagination`. */
  pagination?: Pagination | null;
}

interface Pagination {
  currentPage: number;
  lastPage: number;
  perPage: number;
  total: number;
}

/** A list that is always answered whole, in one page. */
export const wholeList: ListPage = { hasNextPage: false, nextCursor: null };

/**
 * Every list answer of both faces: `data`, `has_more`, `next_cursor`, and `meta` where the list
 * has one (the `meta` given, else the page's totals in page mode, else none).
 */
export function list(message: string, data: unknown[], page: ListPage, meta?: unknown) {
  const shownMeta = meta ?? (page.pagination ? { pagination: presentPagination(page.pagination) } : undefined);
  return {
    status: 'success',
    message,
    data,
    has_more: page.hasNextPage,
    next_cursor: page.nextCursor ?? null,
    ...(shownMeta === undefined ? {} : { meta: shownMeta }),
  };
}

/** `single` of a record already written as JSON (`data`), without parsing it. */
export function singleOfJson(message: string, data: string): JsonText {
  return new JsonText(`${JSON.stringify(single(message, null)).slice(0, -'null}'.length)}${data}}`);
}

/** `list` of items already written as a JSON array (`data`), without parsing them. */
export function listOfJson(message: string, data: string, page: ListPage, meta?: unknown): JsonText {
  // The first `"data":[]` is the key's: the message before it is a JSON string, whose quotes are escaped.
  return new JsonText(JSON.stringify(list(message, [], page, meta)).replace('"data":[]', () => `"data":${data}`));
}

/** Page-mode totals, under `meta.pagination`. */
function presentPagination(p: Pagination) {
  return { current_page: p.currentPage, last_page: p.lastPage, per_page: p.perPage, total: p.total };
}

const status = z.literal('success');

/** The documented shape of a single-record answer. */
export function singleAnswer<T extends z.ZodType>(data: T) {
  return z.strictObject({ status, message: z.string(), data });
}

/** The documented shape of a list answer, with the `meta` a list may add. */
export function listAnswer<T extends z.ZodType, M extends Record<string, z.ZodType>>(item: T, extra?: M) {
  return z.strictObject({
    status,
    message: z.string(),
    data: z.array(item),
    has_more: z.boolean(),
    next_cursor: z.string().nullable().meta({ description: 'Send as starting_after to read the next page; null on the last page.' }),
    ...(extra ?? ({} as M)),
  });
}

export const paginationSchema = z
  .strictObject({ current_page: z.int(), last_page: z.int(), per_page: z.int(), total: z.int() })
  .meta({ description: 'Page-mode totals; absent when walking by starting_after.' });
