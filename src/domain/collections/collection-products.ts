import type { Collection, Prisma, Product } from '../../generated/prisma/client.js';
import type { KeysetSort } from '../pagination/keyset.js';
import type { Ctx } from '../context.js';
import { filteredProducts, type ShopperProductFilter } from '../catalog/facets/filtered-products.js';
import type { Facet } from '../catalog/facets/option-index.js';
import { catalogSorts, productsSortedBy } from '../catalog/product-sorts.js';
import { primeTranslations, type PageRead } from '../catalog/shown-products.js';
import { resolveLocale, type ResolvedLocale } from '../locale/resolve-locale.js';
import { segment, segmentedPage, type SegmentedPage } from '../pagination/segmented-page.js';
import { merchantOrder } from './collection-order.js';
import { findCollection } from './find-collection.js';
import { membershipWhere } from './membership.js';
import { smartWhereCompiler } from './smart-where.js';

export const collectionProductLimits = { maxPageSize: 50, defaultPageSize: 20, maxKeywordLength: 100 } as const;

/** `merchant` (the default) is the merchant's order; `in_stock` is in-stock products first, each part in the merchant's order. */
export const collectionSortNames = ['merchant', 'newest', 'price_low', 'price_high', 'popular', 'in_stock'] as const;
export type CollectionSort = (typeof collectionSortNames)[number];

const productSorts = { newest: catalogSorts.latest, price_low: catalogSorts.price_low, price_high: catalogSorts.price_high, popular: catalogSorts.popular };

export interface CollectionProductsInput extends ShopperProductFilter {
  /** uuid, integer id or slug, or the collection already found. */
  collection: string | Collection;
  window: { size: number; after?: string | null };
  sort: CollectionSort;
  locale?: string | null;
  withFacets?: boolean;
}

export interface CollectionProductsPage extends SegmentedPage<Product> {
  collection: Collection;
  locale: ResolvedLocale;
  facets: Facet[] | null;
}

async function sortedSegment(ctx: Ctx, sort: KeysetSort<Product>, where: Record<string, unknown>, read: PageRead) {
  const fetch = await productsSortedBy(ctx, sort, read);
  return segment<Product, Product>({ sort, where, fetch: (args) => fetch(args as Prisma.ProductFindManyArgs), output: (p) => p });
}

/**
 * A collection's shopper-visible products, filtered, in the requested order, walked by a signed
 * cursor. The rows come with what their cards show in the loaders (shown-products.ts): one
 * statement per run of the order (one for a manual collection, two for a smart one), one more for
 * the page's translations in another locale. With `keys`, the rows are only what orders and names
 * them (shown-products.ts), and no translation is read.
 */
export async function listCollectionProducts(ctx: Ctx, input: CollectionProductsInput, read: PageRead = 'shown'): Promise<CollectionProductsPage> {
  const [collection, locale] = await Promise.all([
    typeof input.collection === 'string' ? findCollection(ctx, input.collection) : input.collection,
    resolveLocale(ctx, input.locale),
  ]);
  const members = await membershipWhere(smartWhereCompiler(ctx), collection);
  const filtered = await filteredProducts(ctx, members, input, { facets: input.withFacets ?? false, attributesField: 'attributes' });
  const segments =
    input.sort === 'merchant' || input.sort === 'in_stock'
      ? merchantOrder(ctx, collection, filtered.where, input.sort === 'in_stock', read)
      : [await sortedSegment(ctx, productSorts[input.sort], filtered.where as Record<string, unknown>, read)];
  const binding = { list: 'collection.products', storeId: ctx.store.id, filters: { collection: collection.id, sort: input.sort, ...filtered.binding } };
  const page = await segmentedPage(ctx, binding, segments, input.window);
  if (read === 'shown') await primeTranslations(ctx, page.items, locale);
  return { ...page, collection, locale, facets: filtered.facets };
}

/** The attribute facets of a collection's products under the filter (the disjunctive rule of facets/option-index.ts). */
export async function collectionFacets(ctx: Ctx, collection: Collection, filter: ShopperProductFilter): Promise<Facet[]> {
  const members = await membershipWhere(smartWhereCompiler(ctx), collection);
  return (await filteredProducts(ctx, members, filter, { facets: true, attributesField: 'attributes' })).facets ?? [];
}
