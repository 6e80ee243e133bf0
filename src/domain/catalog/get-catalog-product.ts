import { z } from 'zod';
import type { Ctx } from '../context.js';
import { resolveLocale, type ResolvedLocale } from '../locale/resolve-locale.js';
import { localeParam, parseInput } from '../validation.js';
import { findCatalogProduct } from './find-product.js';
import { loadProductViews, type ProductView } from './product-view.js';

const input = z.object({
  // Any text is a possible slug or id; one that names no product is a 404, whatever its length.
  slug: z.string().optional(),
  id: z.string().optional(),
  locale: localeParam,
});

/** A shopper-visible product with its gallery, options, variants and category, in the requested locale. */
export async function getCatalogProduct(ctx: Ctx, raw: z.input<typeof input>): Promise<{ view: ProductView; locale: ResolvedLocale }> {
  const params = parseInput(input, raw);
  const [product, locale] = await Promise.all([findCatalogProduct(ctx, params), resolveLocale(ctx, params.locale)]);
  const [view] = await loadProductViews(ctx, [product], locale, { withOptions: true });
  return { view: view!, locale };
}
