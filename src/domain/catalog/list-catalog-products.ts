import type { Prisma, Product } from '../../generated/prisma/client.js';
import { ApiError } from '../../platform/errors/api-error.js';
import type { Ctx } from '../context.js';
import { containsText } from '../text-match.js';
import { resolveLocale, type ResolvedLocale } from '../locale/resolve-locale.js';
import { keysetPage, numberedPage, type KeysetPage, type KeysetQuery, type KeysetWindow } from '../pagination/keyset-page.js';
import { categoryTreeIds, resolveCategoryFilter } from './category-filter.js';
import { countAtVersion } from './catalog-snapshot.js';
import { shownPage, type PageRead } from './shown-products.js';
import type { CatalogSort } from './product-sorts.js';
import { catalogSorts, productsSortedBy } from './product-sorts.js';
import { shopperVisible } from './visibility.js';

/** Bounds every face checks its callers against, in its own vocabulary. */
export const catalogListLimits = { maxPageSize: 100, maxKeywordLength: 100, maxPage: 50, defaultPageSize: 20 } as const;
export const CATALOG_LIST = 'catalog.products';

export interface CatalogFilter {
  /** Case-insensitive title match; `%` and `_` are plain characters. */
  keyword?: string;
  /** The category (and its subcategories) by slug, or by integer id or uuid. */
  categorySlug?: string;
  categoryId?: string;
  hasVideo?: boolean;
  /** The card's `in_stock`, from the product's stored column. */
  inStock?: boolean;
}

/**
 * The shopper's product list. `page` selects page-number mode (with totals, up to page 50);
 * without it the list is walked by cursor from `window`.
 */
export interface CatalogListInput extends CatalogFilter {
  window: KeysetWindow;
  page?: number;
  sort: CatalogSort;
  locale?: string | null;
}

export interface CatalogPage extends KeysetPage<Product> {
  locale: ResolvedLocale;
  /** Present in page mode only. */
  pagination: { currentPage: number; lastPage: number; perPage: number; total: number } | null;
}

/**
 * Page mode (page numbers, with totals) stops at page 50; keyset mode walks any depth. Both answer
 * the same signed cursor. `read` says what of the rows is read (shown-products.ts); with `keys`, no translation.
 */
export async function listCatalogProducts(ctx: Ctx, input: CatalogListInput, read: PageRead = 'shown'): Promise<CatalogPage> {
  if (input.page !== undefined && input.page > catalogListLimits.maxPage) {
    throw new ApiError('page_too_deep', `Page mode stops at page ${catalogListLimits.maxPage}; walk next_cursor with starting_after past it.`, {
      fieldErrors: { page: [`must be at most ${catalogListLimits.maxPage}`] },
    });
  }
  const category = await resolveCategoryFilter(ctx, input.categorySlug, input.categoryId);
  const [locale, categoryIds] = await Promise.all([resolveLocale(ctx, input.locale), category ? categoryTreeIds(ctx, category) : undefined]);

  const where: Record<string, unknown> = { ...shopperVisible(ctx) };
  if (input.keyword) where.title = containsText(input.keyword);
  if (categoryIds) where.categoryId = { in: categoryIds };
  if (input.hasVideo !== undefined) where.videoUrl = input.hasVideo ? { not: null } : null;
  if (input.inStock !== undefined) where.inStock = input.inStock;

  const sort = catalogSorts[input.sort];
  const fetch = await productsSortedBy(ctx, sort);
  const query: KeysetQuery<Product> = {
    binding: {
      list: CATALOG_LIST,
      storeId: ctx.store.id,
      filters: { keyword: input.keyword?.toLowerCase(), category: category?.id, has_video: input.hasVideo, in_stock: input.inStock, sort: input.sort },
    },
    sort,
    where,
    fetch: (args) => fetch(args as Prisma.ProductFindManyArgs),
  };

  if (input.page === undefined) {
    const page = await shownPage(ctx, await keysetPage(ctx, query, input.window), locale, read);
    return { ...page, locale, pagination: null };
  }
  const size = input.window.size;
  const numbered = await numberedPage(ctx, query, input.page, size, (w) => countAtVersion(ctx, CATALOG_LIST, w, () => ctx.db.product.count({ where: w })));
  const page = await shownPage(ctx, numbered, locale, read);
  return { ...page, locale, pagination: { currentPage: input.page, lastPage: page.lastPage, perPage: size, total: page.total } };
}
