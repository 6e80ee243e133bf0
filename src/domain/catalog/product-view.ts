import type { Product } from '../../generated/prisma/client.js';
import { storeSql } from '../../platform/database/store-statements.js';
import type { Ctx } from '../context.js';
import { storefrontMetafields } from '../custom-data/storefront-metafields.js';
import type { ResolvedLocale } from '../locale/resolve-locale.js';
import { merchantPricingOf, pricingOf } from '../pricing/pricing-of.js';
import { localizedMetafields } from '../custom-data/localized-metafields.js';
import { localizedOptions } from './localized-variants.js';

import type { LocalizedText, ProductView } from './product-view-shape.js';

export async function localizedProductText(ctx: Ctx, product: Product, locale: ResolvedLocale | null): Promise<LocalizedText> {
  const base = { title: product.title, excerpt: product.excerpt, description: product.description };
  if (!locale || locale.isPrimary) return base;
  const fields = await ctx.loaders.translation.load({ resourceType: 'product', resourceId: product.id, locale: locale.code });
  return {
    title: fields?.title || base.title,
    excerpt: fields?.excerpt ?? base.excerpt,
    description: fields?.description ?? base.description,
  };
}

/** `localizedProductText` of a product row `p` in a store statement, its translation row (or none) as `t`: the columns `title`, `excerpt`, `description`. */
export const localizedProductTextSql = storeSql`
  SELECT coalesce(nullif(t.fields->>'title', ''), p.title) AS title,
    coalesce(t.fields->>'excerpt', p.excerpt) AS excerpt,
    coalesce(t.fields->>'description', p.description) AS description`;

export async function localizedCategory(ctx: Ctx, categoryId: string | null, locale: ResolvedLocale | null) {
  if (!categoryId) return null;
  const category = await ctx.loaders.categoryById.load(categoryId);
  if (!category) return null;
  if (!locale || locale.isPrimary) return { ...category, localizedName: category.name };
  const fields = await ctx.loaders.translation.load({ resourceType: 'category', resourceId: category.id, locale: locale.code });
  return { ...category, localizedName: fields?.name || category.name };
}

/**
 * Loads the relations of a page of products through the request's loaders: one statement per
 * relation for the whole page. `locale` null means the merchant's own (primary) text and prices
 * before discounts; a shopper locale means the shopper's prices, discounts applied.
 */
export async function loadProductViews(
  ctx: Ctx,
  products: Product[],
  locale: ResolvedLocale | null,
  options: { withOptions?: boolean } = {},
): Promise<ProductView[]> {
  return Promise.all(
    products.map(async (product) => {
      const [text, sourceVariants, pricing, images, sourceOptions, category, metafields] = await Promise.all([
        localizedProductText(ctx, product, locale),
        ctx.loaders.variantsByProduct.load(product.id),
        locale ? pricingOf(ctx, product) : merchantPricingOf(ctx, product),
        ctx.loaders.imagesByProduct.load(product.id),
        options.withOptions ? ctx.loaders.optionsByProduct.load(product.id) : Promise.resolve([]),
        localizedCategory(ctx, product.categoryId, locale),
        locale
          ? storefrontMetafields(ctx, 'product', product.metafields).then((visible) => localizedMetafields(ctx, product.id, visible, locale))
          : (product.metafields as Record<string, unknown>),
      ]);
      const { variants, options: productOptions } = await localizedOptions(ctx, product.id, sourceOptions, sourceVariants, locale);
      return { product, text, variants, images, options: productOptions, category, pricing, metafields };
    }),
  );
}

/**
 * `primaryImage` (product-view-shape.ts) of a product row `p` as `pi`, and its first active variant's image as `vi` (the
 * card's `primary_variant_image`; `va.image_id` from pricing-sql.ts), both images of the product only.
 */
export const cardImagesSql = storeSql`
  LEFT JOIN LATERAL (
    SELECT * FROM "ProductImage" i WHERE i."productId" = p.id ORDER BY i."isPrimary" DESC, i.position, i.id LIMIT 1
  ) pi ON true
  LEFT JOIN "ProductImage" vi ON vi.id = va.image_id AND vi."productId" = p.id`;
