import { z } from 'zod';
import { nullableText, requiredText } from '../../platform/validation/body-fields.js';
import { questionLimits } from './question-limits.js';
import { reviewLimits } from './review-limits.js';

/** The body of a shopper's review (POST /store/products/{slug}/reviews). */
export const shopperReviewShape = {
  rating: z
    .int({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be a whole number from 1 to 5') })
    .min(1, { error: 'must be from 1 to 5' })
    .max(5, { error: 'must be from 1 to 5' }),
  title: nullableText(reviewLimits.maxTitleLength).optional().transform((v) => v ?? null),
  body: nullableText(reviewLimits.maxBodyLength).optional().transform((v) => v ?? null),
  authorName: requiredText(reviewLimits.maxAuthorLength),
};

export interface ShopperReviewInput {
  rating: number;
  title: string | null;
  body: string | null;
  authorName: string;
}

/** The body of a shopper's question. */
export const shopperQuestionShape = {
  question: requiredText(questionLimits.maxQuestionLength),
  authorName: requiredText(questionLimits.maxAuthorLength),
};

export interface ShopperQuestionInput {
  question: string;
  authorName: string;
}
