import { ApiError } from '../../platform/errors/api-error.js';
import type { Ctx } from '../context.js';
import { keysetPage, offsetPage, type KeysetPage, type KeysetQuery, type KeysetWindow } from './keyset-page.js';

/** The deepest page a storefront list walks by number (storefront spec, Limits: "Page mode depth"). */
export const maxStorefrontPage = 50;

/** A storefront list by page (no totals, up to page 50) or, without a page, by cursor. */
export function pageOrWalk<Row>(ctx: Ctx, query: KeysetQuery<Row>, window: KeysetWindow, page: number | undefined): Promise<KeysetPage<Row>> {
  if (page === undefined) return keysetPage(ctx, query, window);
  if (page > maxStorefrontPage) {
    throw new ApiError('page_too_deep', `Page mode stops at page ${maxStorefrontPage}; walk next_cursor with starting_after past it.`, {
      fieldErrors: { page: [`must be at most ${maxStorefrontPage}`] },
    });
  }
  return offsetPage(ctx, query, page, window.size);
}
