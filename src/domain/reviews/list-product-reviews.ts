import type { Product, Review } from '../../generated/prisma/client.js';
import { findCatalogProduct, type CatalogProductRef } from '../catalog/find-product.js';
import type { Ctx } from '../context.js';
import type { KeysetPage, KeysetWindow } from '../pagination/keyset-page.js';
import { asDate, asNumber, type KeysetSort } from '../pagination/keyset.js';
import { pageOrWalk } from '../pagination/page-or-walk.js';

export const reviewSortNames = ['newest', 'oldest', 'highest', 'lowest'] as const;
export type ReviewSort = (typeof reviewSortNames)[number];

export interface ProductReviewListInput {
  product: CatalogProductRef;
  window: KeysetWindow;
  /** Page mode (no totals); a cursor walk when absent. */
  page?: number;
  rating?: number;
  /** Verified purchases only: imports left out. */
  verifiedOnly: boolean;
  sort: ReviewSort;
}

const submitted = (direction: 'asc' | 'desc') => ({ field: 'submittedAt', direction, read: (row: Review) => row.submittedAt.toISOString(), parse: asDate });
const id = (direction: 'asc' | 'desc') => ({ field: 'id', direction, read: (row: Review) => row.id, parse: asNumber });
const stars = (direction: 'asc' | 'desc') => ({ field: 'rating', direction, read: (row: Review) => row.rating, parse: asNumber });

/** Every sort ends in the unique id; among equal stars the newest review comes first. */
const sorts: Record<ReviewSort, KeysetSort<Review>> = {
  newest: [submitted('desc'), id('desc')],
  oldest: [submitted('asc'), id('asc')],
  highest: [stars('desc'), submitted('desc'), id('desc')],
  lowest: [stars('asc'), submitted('desc'), id('desc')],
};

/** A shopper-visible product's approved reviews, imports included unless verifiedOnly. */
export async function listProductReviews(ctx: Ctx, input: ProductReviewListInput): Promise<KeysetPage<Review>> {
  return listReviewsOf(ctx, await findCatalogProduct(ctx, input.product), input);
}

/** The same of a product already read as shopper-visible (GraphQL's Product.reviews). */
export function listReviewsOf(ctx: Ctx, product: Product, input: Omit<ProductReviewListInput, 'product'>): Promise<KeysetPage<Review>> {
  const where = {
    productId: product.id,
    status: 'approved',
    ...(input.rating ? { rating: input.rating } : {}),
    ...(input.verifiedOnly ? { isVerifiedPurchase: true } : {}),
  };
  return pageOrWalk(
    ctx,
    {
      binding: {
        list: 'storefront.reviews',
        storeId: ctx.store.id,
        filters: { product: product.id, rating: input.rating ?? null, verified: input.verifiedOnly, sort: input.sort },
      },
      sort: sorts[input.sort],
      where,
      fetch: (args) => ctx.db.review.findMany(args as Parameters<typeof ctx.db.review.findMany>[0]),
    },
    input.window,
    input.page,
  );
}
