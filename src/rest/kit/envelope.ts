/** The success envelopes of both specs: `status`, `message`, `data`; lists add `has_more` and `next_cursor`. */
export function single(message: string, data: unknown, extra: Record<string, unknown> = {}) {
  return { status: 'success', message, data, ...extra };
}

export function list(message: string, data: unknown[], page: { hasMore: boolean; nextCursor: string | null }, extra: Record<string, unknown> = {}) {
  return { status: 'success', message, data, has_more: page.hasMore, next_cursor: page.nextCursor, ...extra };
}

/** Page-mode totals, under `meta.pagination`. */
export function presentPagination(p: { currentPage: number; lastPage: number; perPage: number; total: number }) {
  return { current_page: p.currentPage, last_page: p.lastPage, per_page: p.perPage, total: p.total };
}
