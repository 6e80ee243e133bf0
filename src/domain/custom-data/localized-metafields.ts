import { storeSql } from '../../platform/database/store-statements.js';
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

/**
 * `storefrontMetafields` then `localizedMetafields` of a product row `p` in a store statement, as
 * jsonb in jsonb's key order: `visible` is the store's storefront-visible product keys (the table
 * `storefrontMetafieldKeysSql` writes), `tm` the product's metafield translation row, or none.
 */
export const localizedMetafieldsSql = storeSql`
  SELECT coalesce(jsonb_object_agg(e.key,
      CASE WHEN jsonb_typeof(e.value) = 'string' AND coalesce(tm.fields->>e.key, '') <> '' THEN to_jsonb(tm.fields->>e.key) ELSE e.value END
    ), '{}'::jsonb)
  FROM jsonb_each(p.metafields) e WHERE e.key = ANY((SELECT keys FROM visible)::text[])`;
