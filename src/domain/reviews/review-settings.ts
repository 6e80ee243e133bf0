import type { Store } from '../../generated/prisma/client.js';
import { ApiError } from '../../platform/errors/api-error.js';
import { storeRatingOf } from './rating-tally.js';
import { inReviewTransaction, type ReviewScope } from './review-scope.js';

export interface ReviewSettingsInput {
  /** Whether the store-wide rating leaves imports out (the spec's verified_only; true by default). */
  verifiedOnly?: boolean;
  /** Whether a verified purchase's review is approved as it is written. */
  autoApproveVerified?: boolean;
}

/**
 * Changes the store's review settings. The store-wide rating is derived again from the tallies in
 * the same transaction: the flag's write holds the store row, so no review write moves the tallies
 * between the read and the rating written from it.
 */
export async function updateReviewSettings(scope: ReviewScope, input: ReviewSettingsInput): Promise<Store> {
  if (input.verifiedOnly === undefined && input.autoApproveVerified === undefined) {
    throw new ApiError('validation_failed', 'Name a setting to change: verified_only or auto_approve.', { fieldErrors: { verified_only: ['or auto_approve is required'] } });
  }
  return inReviewTransaction(scope, async (db) => {
    const flagged = await db.store.update({
      where: { id: db.$storeId },
      data: { reviewsVerifiedOnly: input.verifiedOnly, autoApproveVerifiedReviews: input.autoApproveVerified },
    });
    return db.store.update({ where: { id: db.$storeId }, data: storeRatingOf(flagged) });
  });
}
