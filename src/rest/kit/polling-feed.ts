import type { z } from 'zod';

/** What a list with a polling feed may be asked: the feed's start, and the parameters it refuses. */
interface FeedQuery {
  updated_after?: unknown;
  sort_by?: unknown;
  sort_order?: unknown;
  page?: unknown;
  per_page?: unknown;
}

/** Parameters the polling feed refuses: its order is fixed and it walks by cursor only. */
const feedExclusive = ['sort_by', 'sort_order', 'page', 'per_page'] as const;

const present = (value: unknown) => value !== undefined && value !== '';

/**
 * The rule of every merchant list with an `updated_after` polling feed (products, orders): the feed
 * refuses a sort and page numbers, and the list walks by `limit` and `starting_after` only.
 */
export function checkPollingFeed(query: FeedQuery, issues: z.RefinementCtx) {
  if (query.updated_after) {
    for (const name of feedExclusive) {
      if (present(query[name])) {
        issues.addIssue({
          code: 'custom',
          path: [name],
          message: 'cannot be combined with updated_after: the change feed is ordered oldest change first and walked by cursor.',
        });
      }
    }
  } else if (present(query.page) || present(query.per_page)) {
    issues.addIssue({ code: 'custom', path: [present(query.page) ? 'page' : 'per_page'], message: 'is not supported here: use limit and starting_after.' });
  }
}
