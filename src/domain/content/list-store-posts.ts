import type { Post, Prisma } from '../../generated/prisma/client.js';
import { ApiError } from '../../platform/errors/api-error.js';
import type { Ctx } from '../context.js';
import { resolveLocale, type ResolvedLocale } from '../locale/resolve-locale.js';
import { keysetPage, offsetPage, type KeysetPage, type KeysetQuery, type KeysetWindow } from '../pagination/keyset-page.js';
import { asDate, asString, type KeysetSort } from '../pagination/keyset.js';
import { liveWhere } from './post-visibility.js';

export const storePostListLimits = { maxPageSize: 50, defaultPageSize: 10, maxPage: 50, maxTagLength: 100, maxCategoryLength: 140 } as const;

export interface StorePostListInput {
  window: KeysetWindow;
  /** Page mode (no totals); a cursor walk when absent. */
  page?: number;
  /** One tag, matched exactly as the merchant wrote it. */
  tag?: string;
  /** A category's slug (`blog_categories[].slug`), any case. */
  category?: string;
  locale?: string | null;
}

/** Newest published first; the uuid breaks ties between posts published in the same millisecond. */
export const newestPublishedFirst: KeysetSort<Post> = [
  { field: 'publishedAt', direction: 'desc', read: (row) => row.publishedAt!.toISOString(), parse: asDate },
  { field: 'id', direction: 'desc', read: (row) => row.id, parse: asString },
];

/** The shopper's posts: published ones only, newest first, by tag or category, by page or by cursor. */
export async function listStorePosts(ctx: Ctx, input: StorePostListInput): Promise<KeysetPage<Post> & { locale: ResolvedLocale }> {
  if (input.page !== undefined && input.page > storePostListLimits.maxPage) {
    throw new ApiError('page_too_deep', `Page mode stops at page ${storePostListLimits.maxPage}; walk next_cursor with starting_after past it.`, {
      fieldErrors: { page: [`must be at most ${storePostListLimits.maxPage}`] },
    });
  }
  const locale = await resolveLocale(ctx, input.locale);
  const category = input.category?.toLowerCase();
  const where: Prisma.PostWhereInput = {
    ...liveWhere(ctx.now),
    ...(input.tag ? { tags: { has: input.tag } } : {}),
    ...(category ? { categorySlugs: { has: category } } : {}),
  };
  const query: KeysetQuery<Post> = {
    binding: { list: 'storefront.posts', storeId: ctx.store.id, filters: { tag: input.tag ?? null, category: category ?? null } },
    sort: newestPublishedFirst,
    where: where as Record<string, unknown>,
    fetch: (args) => ctx.db.post.findMany(args as Prisma.PostFindManyArgs),
  };
  const page = input.page !== undefined ? await offsetPage(ctx, query, input.page, input.window.size) : await keysetPage(ctx, query, input.window);
  return { ...page, locale };
}
