import type { Review } from '../../generated/prisma/client.js';
import { ApiError } from '../../platform/errors/api-error.js';
import { tallyReviewChange } from './rating-tally.js';
import { inReviewTransaction, type ReviewScope } from './review-scope.js';

export const moderationStatuses = ['approved', 'rejected'] as const;
export type ModerationStatus = (typeof moderationStatuses)[number];

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A review of the store by its uuid; null for anything else. */
export function reviewByUid(scope: Pick<ReviewScope, 'db'>, id: string): Promise<Review | null> {
  return uuidPattern.test(id) ? scope.db.review.findUnique({ where: { uid: id.toLowerCase() } }) : Promise.resolve(null);
}

/** A review of the store by its uuid; anything else is a 404. */
export async function findReview(scope: Pick<ReviewScope, 'db'>, id: string): Promise<Review> {
  const review = await reviewByUid(scope, id);
  if (!review) throw ApiError.notFound('Review');
  return review;
}

/**
 * Approves or rejects a review (a pending one, or one moderated before), moving the product's and
 * the store's tallies in the same transaction. The status moves only from the state the tallies were
 * last moved from, so two moderators at once count the review once.
 */
export async function moderateReview(scope: ReviewScope, input: { id: string; status: ModerationStatus }): Promise<Review> {
  if (!moderationStatuses.includes(input.status)) {
    throw new ApiError('validation_failed', 'status must be approved or rejected.', { fieldErrors: { status: ['must be approved or rejected'] } });
  }
  return inReviewTransaction(scope, async (db, outbox) => {
    for (;;) {
      const before = await findReview({ db }, input.id);
      if (before.status === input.status) return before;
      const [after] = await db.review.updateManyAndReturn({ where: { id: before.id, status: before.status }, data: { status: input.status } });
      if (!after) continue;
      await tallyReviewChange(db, before, after);
      outbox.append({ topic: 'reviews/update', payload: { id: after.uid, product_id: after.productId, status: after.status, source: after.source } });
      return after;
    }
  });
}
