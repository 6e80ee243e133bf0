import { z } from 'zod';
import { nullableText, requiredText } from '../../platform/validation/body-fields.js';
import { timestampParam } from '../../platform/validation/wire-params.js';
import { reviewLimits } from './review-limits.js';

/** POST /reviews/import (merchant spec, Reviews and Limits). */
export const importLimits = {
  perRequest: 100,
  perMinute: 30,
  perDay: 2000,
  /** Pending imported rows one app may hold in one store. */
  pendingCap: 5000,
  sourceReviewId: 255,
  mediaPerReview: 10,
  mediaUrl: 2048,
} as const;

export const importItemShape = {
  sourceReviewId: requiredText(importLimits.sourceReviewId),
  product: z.union([z.string({ error: 'must be a p_id, uuid or slug' }).min(1).max(255), z.int({ error: 'must be a p_id, uuid or slug' }).positive()], {
    error: (issue) => (issue.input === undefined ? 'is required' : 'must be a p_id, uuid or slug'),
  }),
  rating: z.int({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be a whole number from 1 to 5') }).min(1, { error: 'must be from 1 to 5' }).max(5, { error: 'must be from 1 to 5' }),
  title: nullableText(reviewLimits.maxTitleLength).optional().transform((v) => v ?? null),
  description: nullableText(reviewLimits.maxBodyLength).optional().transform((v) => v ?? null),
  authorDisplayName: requiredText(reviewLimits.maxAuthorLength),
  submittedAt: timestampParam.pipe(z.date({ error: 'is required' })),
  media: z
    .array(z.string({ error: 'must be an address' }).min(1, { error: 'must be an address' }).max(importLimits.mediaUrl), { error: 'must be a list of public addresses' })
    .max(importLimits.mediaPerReview, { error: `must hold at most ${importLimits.mediaPerReview} addresses` })
    .optional()
    .transform((v) => v ?? []),
};

export interface ImportItem {
  sourceReviewId: string;
  product: string | number;
  rating: number;
  title: string | null;
  description: string | null;
  authorDisplayName: string;
  submittedAt: Date;
  media: string[];
}

/** The `reviews` list of an import: 1 to 100 items, each `source_review_id` once; `sourceField` spells that field as the face does. */
export function importBatch<Item extends z.ZodType<{ sourceReviewId: string }>>(item: Item, sourceField: string) {
  return z
    .array(item, { error: 'must be a list of reviews' })
    .min(1, { error: 'must hold at least one review' })
    .max(importLimits.perRequest, { error: `must hold at most ${importLimits.perRequest} reviews` })
    .superRefine((reviews, issues) => {
      const seen = new Set<string>();
      reviews.forEach((review, index) => {
        if (seen.has(review.sourceReviewId)) issues.addIssue({ code: 'custom', path: [index, sourceField], message: 'is sent twice in this request' });
        seen.add(review.sourceReviewId);
      });
    });
}
