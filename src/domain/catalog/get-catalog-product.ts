import type { Collection, Product } from '../../generated/prisma/client.js';
import { localizedCollection } from '../collections/collection-tree.js';
import type { Ctx } from '../context.js';
import { resolveLocale, type ResolvedLocale } from '../locale/resolve-locale.js';
import { findShownProduct, type CatalogProductRef } from './find-product.js';
import { primeTranslations } from './shown-products.js';
import { storefrontCollectionsOf } from './product-collections.js';
import { loadProductViews } from './product-view.js';
import type { ProductView } from './product-view-shape.js';

/**
 * A shopper-visible product for its own page, in the requested locale: read in one statement with
 * what the page shows (its storefront collections too, `withCollections`) and, in another locale,
 * one more for the translations of all of it, everything handed to the loaders (shown-products.ts).
 */
export async function findProductPage(
  ctx: Ctx,
  input: CatalogProductRef & { locale?: string | null },
  options: { withCollections?: boolean } = {},
): Promise<{ product: Product; locale: ResolvedLocale }> {
  const [product, locale] = await Promise.all([findShownProduct(ctx, input, options), resolveLocale(ctx, input.locale)]);
  const collections = options.withCollections ? await storefrontCollectionsOf(ctx, product.id) : [];
  await primeTranslations(ctx, [product], locale, collections);
  return { product, locale };
}

/** A shopper-visible product with its gallery, options, variants, category and collections (their names too), in the requested locale. */
export async function getCatalogProduct(
  ctx: Ctx,
  input: CatalogProductRef & { locale?: string | null },
): Promise<{ view: ProductView; locale: ResolvedLocale; collections: Collection[] }> {
  const { product, locale } = await findProductPage(ctx, input, { withCollections: true });
  const [[view], sourceCollections] = await Promise.all([
    loadProductViews(ctx, [product], locale, { withOptions: true }),
    storefrontCollectionsOf(ctx, product.id),
  ]);
  const collections = await Promise.all(sourceCollections.map(async (c) => ({ ...c, ...(await localizedCollection(ctx, c, locale)) })));
  return { view: view!, locale, collections };
}
