import type { Ctx } from '../context.js';
import { resolveLocale, type ResolvedLocale } from '../locale/resolve-locale.js';
import { findCatalogProduct, type CatalogProductRef } from './find-product.js';
import { loadProductViews, type ProductView } from './product-view.js';

/** A shopper-visible product with its gallery, options, variants and category, in the requested locale. */
export async function getCatalogProduct(
  ctx: Ctx,
  input: CatalogProductRef & { locale?: string | null },
): Promise<{ view: ProductView; locale: ResolvedLocale }> {
  const [product, locale] = await Promise.all([findCatalogProduct(ctx, input), resolveLocale(ctx, input.locale)]);
  const [view] = await loadProductViews(ctx, [product], locale, { withOptions: true });
  return { view: view!, locale };
}
