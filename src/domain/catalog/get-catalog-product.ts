import type { Collection } from '../../generated/prisma/client.js';
import { localizedCollection } from '../collections/collection-tree.js';
import type { Ctx } from '../context.js';
import { resolveLocale, type ResolvedLocale } from '../locale/resolve-locale.js';
import { findCatalogProduct, type CatalogProductRef } from './find-product.js';
import { storefrontCollectionsOf } from './product-collections.js';
import { loadProductViews } from './product-view.js';
import type { ProductView } from './product-view-shape.js';

/** A shopper-visible product with its gallery, options, variants, category and collections (their names too), in the requested locale. */
export async function getCatalogProduct(
  ctx: Ctx,
  input: CatalogProductRef & { locale?: string | null },
): Promise<{ view: ProductView; locale: ResolvedLocale; collections: Collection[] }> {
  const [product, locale] = await Promise.all([findCatalogProduct(ctx, input), resolveLocale(ctx, input.locale)]);
  const [[view], sourceCollections] = await Promise.all([
    loadProductViews(ctx, [product], locale, { withOptions: true }),
    storefrontCollectionsOf(ctx, product.id),
  ]);
  const collections = await Promise.all(sourceCollections.map(async (c) => ({ ...c, ...(await localizedCollection(ctx, c, locale)) })));
  return { view: view!, locale, collections };
}
