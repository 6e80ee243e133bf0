import type { Review } from '../../generated/prisma/client.js';
import { ApiError } from '../../platform/errors/api-error.js';
import { hasNoNul } from '../../platform/validation/text-rules.js';
import { findReview } from './moderate-review.js';
import { reviewLimits } from './review-limits.js';
import { inReviewTransaction, type ReviewScope } from './review-scope.js';

/**
 * The store's public reply under a review (the storefront item's `store_reply`); replying again
 * replaces it and an empty text takes it down. A reply changes no rating and no moderation: a
 * pending review's reply shows once the review is approved.
 */
export async function replyToReview(scope: ReviewScope, input: { id: string; text: string }): Promise<Review> {
  const text = typeof input.text === 'string' ? input.text.trim() : '';
  if (text.length > reviewLimits.maxReplyLength || !hasNoNul(text)) {
    throw new ApiError('validation_failed', `text must be at most ${reviewLimits.maxReplyLength} characters; empty takes the reply down.`, {
      fieldErrors: { text: [`must be at most ${reviewLimits.maxReplyLength} characters`] },
    });
  }
  return inReviewTransaction(scope, async (db, outbox) => {
    const review = await findReview({ db }, input.id);
    const replied = await db.review.update({ where: { id: review.id }, data: text ? { reply: text, repliedAt: scope.now } : { reply: null, repliedAt: null } });
    outbox.append({ topic: 'reviews/update', payload: { id: replied.uid, product_id: replied.productId, status: replied.status, source: replied.source } });
    return replied;
  });
}
