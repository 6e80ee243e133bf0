import { isoTimestamp } from '../document-format.js';
import type { ImportedReview } from './list-imported-reviews.js';

interface StoredMedia {
  id: string;
  url: string;
  source: string;
}

/** The merchant spec's Imported review object: the only builder (REST presenter, GraphQL). */
export function importedReviewDocument(review: ImportedReview) {
  return {
    source_review_id: review.sourceReviewId!,
    source: review.source!,
    author_display_name: review.authorName,
    product_p_id: review.product.pId,
    rating: review.rating,
    title: review.title,
    description: review.body,
    media: ((review.media ?? []) as unknown as StoredMedia[]).map((m) => ({ id: m.id, url: m.url, source_url: m.source })),
    status: review.status,
    is_verified_purchase: false,
    submitted_at: isoTimestamp(review.submittedAt),
    created_at: isoTimestamp(review.createdAt),
    edited_at: isoTimestamp(review.editedAt),
  };
}
