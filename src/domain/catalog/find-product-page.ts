import type { Product } from '../../generated/prisma/client.js';
import type { Ctx } from '../context.js';
import { resolveLocale, type ResolvedLocale } from '../locale/resolve-locale.js';
import { findShownProduct, type CatalogProductRef } from './find-product.js';
import { primeTranslations } from './shown-products.js';

/**
 * A shopper-visible product for its own page (GraphQL's `product`), in the requested locale: found,
 * then read with what the page shows (shown-rows.ts) and, in another locale, one more statement for
 * the translations of all of it, everything handed to the loaders. REST's page is written by
 * PostgreSQL instead (src/rest/storefront/products/detail-sql.ts).
 */
export async function findProductPage(ctx: Ctx, input: CatalogProductRef & { locale?: string | null }): Promise<{ product: Product; locale: ResolvedLocale }> {
  const [product, locale] = await Promise.all([findShownProduct(ctx, input), resolveLocale(ctx, input.locale)]);
  await primeTranslations(ctx, [product], locale);
  return { product, locale };
}
