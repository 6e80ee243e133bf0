import type { Question, Review } from '../../../generated/prisma/client.js';
import { reviewMediaOf } from '../../../domain/reviews/review-media.js';
import type { ReviewSummary } from '../../../domain/reviews/review-summary.js';

/** A storefront review item (README, Reviews and questions). */
export function presentReview(review: Review) {
  return {
    id: review.uid,
    rating: review.rating,
    title: review.title,
    body: review.body,
    author_name: review.authorName,
    is_verified_purchase: review.isVerifiedPurchase,
    media: reviewMediaOf(review.media),
    created_at: review.submittedAt.toISOString(),
    store_reply: review.reply && review.repliedAt ? { text: review.reply, created_at: review.repliedAt.toISOString() } : null,
  };
}

export function presentReviewSummary(summary: ReviewSummary) {
  return { average_rating: summary.average, review_count: summary.count, distribution: summary.distribution };
}

/** A published question with the store's answer. */
export function presentQuestion(question: Question) {
  return {
    id: question.uid,
    question: question.body,
    author_name: question.authorName,
    created_at: question.createdAt.toISOString(),
    answer: { text: question.answer ?? '', created_at: (question.answeredAt ?? question.updatedAt).toISOString() },
  };
}

/** The customer's own review as their write answers it, with its moderation status. */
export function presentMyReview(review: Review) {
  return { ...presentReview(review), status: review.status };
}

export function presentMyQuestion(question: Question) {
  return { id: question.uid, question: question.body, author_name: question.authorName, created_at: question.createdAt.toISOString(), status: question.status };
}
