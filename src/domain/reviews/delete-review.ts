import type { Review } from '../../generated/prisma/client.js';
import type { StoreDb } from '../../platform/database/store-scoped-client.js';
import { ApiError } from '../../platform/errors/api-error.js';
import { findCatalogProduct } from '../catalog/find-product.js';
import { signedInCustomer, type Ctx } from '../context.js';
import type { Outbox } from '../outbox.js';
import { reviewByUid } from './moderate-review.js';
import { tallyReviewChange } from './rating-tally.js';
import { inReviewTransaction, type ReviewScope } from './review-scope.js';

/**
 * Deletes the review `find` reads, taking it out of the tallies it was counted in, in the same
 * transaction. The row goes only as it was read (its status and rating, all the tallies count of
 * it), so a moderation or an edit racing the delete is either counted before it or finds no row;
 * a review deleted meanwhile is a 404, as a second delete is.
 */
async function removeReview(db: StoreDb, outbox: Outbox, find: () => Promise<Review | null>): Promise<Review> {
  for (;;) {
    const review = await find();
    if (!review) throw ApiError.notFound('Review');
    const { count } = await db.review.deleteMany({ where: { id: review.id, status: review.status, rating: review.rating } });
    if (!count) continue;
    await tallyReviewChange(db, review, null);
    outbox.append({ topic: 'reviews/delete', payload: { id: review.uid, product_id: review.productId, status: review.status, source: review.source } });
    return review;
  }
}

/** The store deletes any of its reviews, native or imported, by uuid (GraphQL reviewDelete, the operator's `review delete`). */
export function deleteReview(scope: ReviewScope, input: { id: string }): Promise<Review> {
  return inReviewTransaction(scope, (db, outbox) => removeReview(db, outbox, () => reviewByUid({ db }, input.id)));
}

/** A signed-in customer deletes their own review of a shopper-visible product; without one, 404. */
export async function deleteMyReview(ctx: Ctx, input: { slug: string }): Promise<Review> {
  const { customerId } = signedInCustomer(ctx);
  const product = await findCatalogProduct(ctx, { slug: input.slug });
  return inReviewTransaction(ctx, (db, outbox) => removeReview(db, outbox, () => db.review.findFirst({ where: { productId: product.id, customerId } })));
}
