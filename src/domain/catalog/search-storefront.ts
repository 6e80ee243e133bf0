import type { Prisma, Product } from '../../generated/prisma/client.js';
import type { Ctx } from '../context.js';
import { typedMetafieldFilters } from '../custom-data/metafield-filters.js';
import { resolveLocale, type ResolvedLocale } from '../locale/resolve-locale.js';
import { keysetPage, type KeysetPage, type KeysetQuery, type KeysetWindow } from '../pagination/keyset-page.js';
import { catalogSorts, productsSortedBy, type CatalogSort } from './product-sorts.js';
import { shownPage } from './shown-products.js';
import { shopperVisible } from './visibility.js';

/** Bounds every face checks its callers against (merchant spec, Limits: keyword 2-100, at most 5 metafield filters). */
export const storefrontSearchLimits = {
  minKeywordLength: 2,
  maxKeywordLength: 100,
  maxMetafieldFilters: 5,
  maxMetafieldValueLength: 255,
  maxPageSize: 100,
  defaultPageSize: 20,
} as const;

/** A metafield key as definitions name it: `namespace.key`, the namespace itself 1-4 parts. */
export const metafieldKeyPattern = /^[a-z0-9_-]{1,64}(?:\.[a-z0-9_-]{1,64}){1,4}$/;

export type StorefrontSearchPage = KeysetPage<Product> & { locale: ResolvedLocale };

export const STOREFRONT_SEARCH = 'merchant.storefront_search';

export interface StorefrontSearchInput {
  /** A case-sensitive LIKE pattern matched anywhere in the title: `%` is any run of characters, `_` any one. */
  keyword?: string;
  inStock?: boolean;
  /** `namespace.key` to the value the product's metafield must hold. */
  metafields: Record<string, string>;
  sort: CatalogSort;
  window: KeysetWindow;
}

/**
 * The keyword as the body of a LIKE pattern: `%` and `_` stay wildcards and the escape character
 * (backslash, PostgreSQL's default) is escaped, so everything else is literal. Prisma's `contains`
 * wraps its value in `%…%` and does not escape it (the storefront list escapes `%` and `_` itself
 * for that reason), which is exactly a keyword match with the caller's wildcards kept.
 */
function likeBody(keyword: string): string {
  return keyword.replace(/\\/g, '\\\\');
}

/**
 * The merchant's view of the storefront search: shopper-visible products only, filtered in SQL
 * by the keyword, stock and metafields, in a storefront sort, walked by a signed cursor.
 */
export async function searchStorefront(ctx: Ctx, input: StorefrontSearchInput): Promise<StorefrontSearchPage> {
  const metafields = Object.entries(input.metafields).sort(([a], [b]) => (a < b ? -1 : 1));
  const where: Record<string, unknown> = { ...shopperVisible(ctx) };
  if (input.keyword !== undefined) where.title = { contains: likeBody(input.keyword) };
  if (input.inStock !== undefined) where.inStock = input.inStock;
  const typed = await typedMetafieldFilters(ctx, 'product', metafields);
  if (typed.length) where.AND = typed.map(([key, equals]) => ({ metafields: { path: [key], equals } }));

  const sort = catalogSorts[input.sort];
  const fetch = await productsSortedBy(ctx, sort);
  const query: KeysetQuery<Product> = {
    binding: {
      list: STOREFRONT_SEARCH,
      storeId: ctx.store.id,
      filters: { keyword: input.keyword, in_stock: input.inStock, metafields, sort: input.sort },
    },
    sort,
    where,
    fetch: (args) => fetch(args as Prisma.ProductFindManyArgs),
  };
  const [keys, locale] = await Promise.all([keysetPage(ctx, query, input.window), resolveLocale(ctx, null)]);
  return { ...(await shownPage(ctx, keys, locale, 'shown')), locale };
}
