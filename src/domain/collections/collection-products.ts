import type { Collection, Prisma, Product } from '../../generated/prisma/client.js';
import type { KeysetSort } from '../pagination/keyset.js';
import type { Ctx } from '../context.js';
import { filteredProducts, type ShopperProductFilter } from '../catalog/facets/filtered-products.js';
import type { Facet } from '../catalog/facets/option-index.js';
import { catalogSorts, productsSortedBy } from '../catalog/product-sorts.js';
import { primeTranslations, type PageRead } from '../catalog/shown-products.js';
import { readShown } from '../catalog/shown-rows.js';
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

async function sortedSegment(ctx: Ctx, sort: KeysetSort<Product>, where: Record<string, unknown>) {
  const fetch = await productsSortedBy(ctx, sort);
  return segment<Product, Product>({ sort, where, fetch: (args) => fetch(args as Prisma.ProductFindManyArgs), output: (p) => p });
}

/**
 * A collection's shopper-visible products, filtered, in the requested order, walked by a signed
 * cursor: one statement per run of the order for its keys (one for a manual collection, two for a
 * smart one), then one for the rows with what their cards show in the loaders (shown-rows.ts), one
 * more for the page's translations in another locale. With `keys`, the rows are only what orders
 * and names them (shown-products.ts), and neither rows nor translations are read.
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
      ? merchantOrder(ctx, collection, filtered.where, input.sort === 'in_stock')
      : [await sortedSegment(ctx, productSorts[input.sort], filtered.where as Record<string, unknown>)];
  const binding = { list: 'collection.products', storeId: ctx.store.id, filters: { collection: collection.id, sort: input.sort, ...filtered.binding } };
  const keys = await segmentedPage(ctx, binding, segments, input.window);
  if (read === 'keys') return { ...keys, collection, locale, facets: filtered.facets };
  const shown = await readShown(
    ctx,
    keys.items.map((item, at) => ({ ...item, at })),
  );
  // A product hidden since its key was read leaves the page, and its cursor with it; the rest keep theirs, by place.
  const items = shown.map(({ at: _, ...item }) => item);
  await primeTranslations(ctx, items, locale);
  return { ...keys, items, cursors: shown.map((item) => keys.cursors[item.at]!), collection, locale, facets: filtered.facets };
}

/** The attribute facets of a collection's products under the filter (the disjunctive rule of facets/option-index.ts). */
export async function collectionFacets(ctx: Ctx, collection: Collection, filter: ShopperProductFilter): Promise<Facet[]> {
  const members = await membershipWhere(smartWhereCompiler(ctx), collection);
  return (await filteredProducts(ctx, members, filter, { facets: true, attributesField: 'attributes' })).facets ?? [];
}
