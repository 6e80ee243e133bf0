import { z } from 'zod';
import type { Product } from '../../generated/prisma/client.js';
import { ApiError } from '../../platform/errors/api-error.js';
import type { Ctx } from '../context.js';
import { resolveLocale, type ResolvedLocale } from '../locale/resolve-locale.js';
import { keysetPage, numberedPage, type ConnectionWalk, type KeysetPage, type KeysetQuery } from '../pagination/keyset-page.js';
import { booleanParam, cursorParam, enumParam, integerParam, localeParam, parseInput, textParam } from '../validation.js';
import { categoryTreeIds, resolveCategoryFilter } from './category-filter.js';
import { catalogSortNames, catalogSorts } from './product-sorts.js';
import { shopperVisible } from './visibility.js';

export const MAX_PAGE = 50;
export const CATALOG_LIST = 'catalog.products';

const input = z.object({
  page: integerParam(1, Number.MAX_SAFE_INTEGER),
  per_page: integerParam(1, 100),
  limit: integerParam(1, 100),
  keyword: textParam(100),
  category_slug: textParam(255),
  category_id: textParam(64),
  sort: enumParam(catalogSortNames),
  has_video: booleanParam,
  starting_after: cursorParam,
  locale: localeParam,
});

export type CatalogListInput = z.input<typeof input>;

export interface CatalogPage extends KeysetPage<Product> {
  locale: ResolvedLocale;
  /** Present in page mode only. */
  pagination: { currentPage: number; lastPage: number; perPage: number; total: number } | null;
}

function escapeLike(text: string) {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * The shopper's product list. Page mode (page numbers, with totals) stops at page 50; keyset mode
 * (starting_after) walks any depth. Both answer the same signed cursor for the next page.
 */
export async function listCatalogProducts(ctx: Ctx, raw: CatalogListInput, walk: ConnectionWalk = {}): Promise<CatalogPage> {
  const params = parseInput(input, raw);
  if (params.page !== undefined && params.starting_after) {
    throw ApiError.invalidField('starting_after', 'Send page or starting_after, not both: page numbers and cursors are two ways to walk the list.');
  }
  if (params.page !== undefined && params.page > MAX_PAGE) {
    throw new ApiError('page_too_deep', `Page mode stops at page ${MAX_PAGE}; walk next_cursor with starting_after past it.`, {
      fieldErrors: { page: [`must be at most ${MAX_PAGE}`] },
    });
  }
  const size = params.per_page ?? params.limit ?? 20;
  const sort = params.sort ?? 'latest';
  const category = await resolveCategoryFilter(ctx, params.category_slug, params.category_id);
  const [locale, categoryIds] = await Promise.all([resolveLocale(ctx, params.locale), category ? categoryTreeIds(ctx, category) : undefined]);

  const where: Record<string, unknown> = { ...shopperVisible(ctx) };
  if (params.keyword) where.title = { contains: escapeLike(params.keyword), mode: 'insensitive' };
  if (categoryIds) where.categoryId = { in: categoryIds };
  if (params.has_video !== undefined) where.videoUrl = params.has_video ? { not: null } : null;

  const query: KeysetQuery<Product> = {
    binding: {
      list: CATALOG_LIST,
      storeId: ctx.store.id,
      filters: { keyword: params.keyword?.toLowerCase(), category: category?.id, has_video: params.has_video, sort },
    },
    sort: catalogSorts[sort],
    where,
    fetch: (args) => ctx.db.product.findMany(args as Parameters<typeof ctx.db.product.findMany>[0]),
  };

  if (walk.connection || params.starting_after) {
    const page = await keysetPage(ctx, query, { size, after: params.starting_after, before: walk.before, fromEnd: walk.fromEnd });
    return { ...page, locale, pagination: null };
  }
  const currentPage = params.page ?? 1;
  const page = await numberedPage(ctx, query, currentPage, size, (w) => ctx.db.product.count({ where: w }));
  return { ...page, locale, pagination: { currentPage, lastPage: page.lastPage, perPage: size, total: page.total } };
}
