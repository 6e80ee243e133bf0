import type { Prisma, Product } from '../../generated/prisma/client.js';
import type { Ctx } from '../context.js';
import { resolveLocale, type ResolvedLocale } from '../locale/resolve-locale.js';
import { findCatalogProduct } from './find-product.js';
import { storefrontCollectionsOf } from './product-collections.js';
import { loadProductViews } from './product-view.js';
import type { ProductView } from './product-view-shape.js';
import { shopperVisible } from './visibility.js';

/** A "you may also like" strip, not a list to walk: the best dozen, no pages. */
export const RELATED_LIMIT = 12;

const bestSellingFirst = [{ salesCount: 'desc' as const }, { pId: 'asc' as const }];

/**
 * Shopper-visible products related to `product`: in its own category (that category only; its
 * subcategories are other kinds of things) or in a storefront manual collection it is in. Products
 * related both ways come first, then those related one way; within each, best sellers first, then
 * the oldest product id. At most RELATED_LIMIT, the product itself never.
 */
export async function relatedProducts(ctx: Ctx, product: Product): Promise<Product[]> {
  const collectionIds = (await storefrontCollectionsOf(ctx, product.id)).map((c) => c.id);
  const sameCategory: Prisma.ProductWhereInput | null = product.categoryId ? { categoryId: product.categoryId } : null;
  const sharedCollection: Prisma.ProductWhereInput | null = collectionIds.length ? { collections: { some: { collectionId: { in: collectionIds } } } } : null;
  const ways = [sameCategory, sharedCollection].filter((w): w is Prisma.ProductWhereInput => w !== null);
  if (!ways.length) return [];

  const visible = { ...shopperVisible(ctx), id: { not: product.id } };
  const both = ways.length === 2 ? await ctx.db.product.findMany({ where: { ...visible, AND: ways }, orderBy: bestSellingFirst, take: RELATED_LIMIT }) : [];
  if (both.length === RELATED_LIMIT) return both;
  const either = await ctx.db.product.findMany({
    where: { ...visible, id: { notIn: [product.id, ...both.map((p) => p.id)] }, OR: ways },
    orderBy: bestSellingFirst,
    take: RELATED_LIMIT - both.length,
  });
  return [...both, ...either];
}

/** GET /store/products/{slug}/related: the product by slug (404 when a shopper cannot see it), then its related cards' views. */
export async function relatedProductViews(ctx: Ctx, input: { slug: string; locale?: string }): Promise<{ views: ProductView[]; locale: ResolvedLocale }> {
  const [product, locale] = await Promise.all([findCatalogProduct(ctx, { slug: input.slug }), resolveLocale(ctx, input.locale)]);
  return { views: await loadProductViews(ctx, await relatedProducts(ctx, product), locale), locale };
}
