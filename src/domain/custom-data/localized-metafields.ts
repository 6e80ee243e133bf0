import type { Ctx } from '../context.js';
import type { ResolvedLocale } from '../locale/resolve-locale.js';

/**
 * A product's storefront-visible metafields in the locale: a text value with a translation (type
 * `product_metafields`, keyed by `namespace.key`) reads translated; every other value, and a
 * value without one, is the stored one.
 */
export async function localizedMetafields(
  ctx: Ctx,
  productId: string,
  visible: Record<string, unknown>,
  locale: ResolvedLocale,
): Promise<Record<string, unknown>> {
  if (locale.isPrimary || !Object.keys(visible).length) return visible;
  const translated = await ctx.loaders.translation.load({ resourceType: 'product_metafields', resourceId: productId, locale: locale.code });
  if (!translated) return visible;
  const localized = { ...visible };
  for (const [key, value] of Object.entries(translated)) if (typeof localized[key] === 'string' && value) localized[key] = value;
  return localized;
}
