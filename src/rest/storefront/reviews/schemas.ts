import { z } from 'zod';
import { reviewLimits } from '../../../domain/reviews/review-limits.js';
import { questionLimits } from '../../../domain/reviews/question-limits.js';
import { reviewSortNames, type ProductReviewListInput } from '../../../domain/reviews/list-product-reviews.js';
import type { ProductQuestionListInput } from '../../../domain/reviews/list-product-questions.js';
import { booleanParam, cursorParam, enumParam, integerParam } from '../../../platform/validation/wire-params.js';
import { isoTimestamp, renditionsSchema, uuid } from '../../kit/common-schemas.js';
import { listAnswer, singleAnswer } from '../../kit/envelope.js';
import { wireObject } from '../../kit/wire-object.js';
import { shopperQuestionShape, shopperReviewShape } from '../../../domain/reviews/shopper-fields.js';

const nullableText = z.string().nullable();

const reply = z
  .strictObject({ text: z.string(), created_at: isoTimestamp })
  .nullable()
  .meta({ description: "The store's public reply; null when it has not replied." });

export const reviewItem = z
  .strictObject({
    id: uuid,
    rating: z.int().min(1).max(5),
    title: nullableText,
    body: nullableText,
    author_name: z.string().meta({ description: "The reviewer's display name as it was written or imported." }),
    is_verified_purchase: z.boolean().meta({ description: 'A signed-in customer who received an order with the product wrote it; false for imports.' }),
    media: z.array(z.strictObject({ id: uuid, url: z.string(), variants: renditionsSchema })).meta({
      description: "Pictures the reviewer added, copies in the store's media library, each with its six renditions.",
    }),
    created_at: isoTimestamp.meta({ description: 'When the reviewer wrote it (an import: its submitted_at).' }),
    store_reply: reply,
  })
  .meta({ id: 'Review' });

export const questionItem = z
  .strictObject({
    id: uuid,
    question: z.string(),
    author_name: z.string(),
    created_at: isoTimestamp,
    answer: z.strictObject({ text: z.string(), created_at: isoTimestamp }),
  })
  .meta({ id: 'ProductQuestion' });

export const reviewSummarySchema = z
  .strictObject({
    average_rating: z.number().meta({ description: 'Mean stars of the approved reviews, to one decimal; 0 without reviews.' }),
    review_count: z.int(),
    distribution: z
      .array(z.strictObject({ stars: z.int().min(1).max(5), count: z.int() }))
      .meta({ description: 'Counts by star, from 1 to 5, every star present (zeros included).' }),
  })
  .meta({ id: 'ReviewSummary' });

const pageParams = (max: number, defaultSize: number) => ({
  per_page: integerParam(1, max).meta({ description: `Page size, default ${defaultSize}.` }),
  limit: integerParam(1, max).meta({ description: 'Alias of per_page.' }),
  page: integerParam(1, Number.MAX_SAFE_INTEGER).meta({ description: 'Page mode, 1 to 50; has_more tells whether another page follows.' }),
});

const oneWalk = (q: { page?: number; starting_after?: string }, issues: z.RefinementCtx) => {
  if (q.page !== undefined && q.starting_after !== undefined) {
    issues.addIssue({ code: 'custom', path: ['page'], message: 'cannot be combined with starting_after: walk by page or by cursor.' });
  }
};

const verifiedOnly = booleanParam.meta({ description: '1: verified purchases only (imported reviews left out); 0 (default): every approved review.' });

export const reviewListQuery = z
  .object({
    rating: integerParam(1, 5).meta({ description: 'Only reviews of this many stars.' }),
    sort: enumParam(reviewSortNames).meta({
      description: 'newest (default) and oldest by the date written; highest and lowest by stars, the newest first among equal stars. Ties end on the review id.',
    }),
    verified_only: verifiedOnly,
    ...pageParams(reviewLimits.maxPageSize, reviewLimits.defaultPageSize),
    starting_after: cursorParam.meta({ description: 'next_cursor of the previous page; bound to the product, rating, verified_only and sort.' }),
  })
  .superRefine(oneWalk)
  .transform((q): Omit<ProductReviewListInput, 'product'> => ({
    window: { size: q.per_page ?? q.limit ?? reviewLimits.defaultPageSize, after: q.starting_after },
    page: q.page,
    rating: q.rating,
    verifiedOnly: q.verified_only ?? false,
    sort: q.sort ?? 'newest',
  }));

export const reviewSummaryQuery = z.object({ verified_only: verifiedOnly }).transform((q) => ({ verifiedOnly: q.verified_only ?? false }));

export const questionListQuery = z
  .object({
    ...pageParams(questionLimits.maxPageSize, questionLimits.defaultPageSize),
    starting_after: cursorParam.meta({ description: 'next_cursor of the previous page; bound to the product.' }),
  })
  .superRefine(oneWalk)
  .transform((q): Omit<ProductQuestionListInput, 'product'> => ({
    window: { size: q.per_page ?? q.limit ?? questionLimits.defaultPageSize, after: q.starting_after },
    page: q.page,
  }));

export const reviewListAnswer = listAnswer(reviewItem);
export const reviewSummaryAnswer = singleAnswer(reviewSummarySchema);
export const questionListAnswer = listAnswer(questionItem);

const moderation = z.enum(['pending', 'approved', 'rejected']).meta({
  description: 'pending until the store moderates it (a store may approve verified reviews as they are written); only approved reviews are listed.',
});

export const myReviewSchema = z.strictObject({ ...reviewItem.shape, status: moderation }).meta({ id: 'MyReview' });
export const myQuestionSchema = z
  .strictObject({ id: uuid, question: z.string(), author_name: z.string(), created_at: isoTimestamp, status: z.enum(['pending', 'published']) })
  .meta({ id: 'MyQuestion' });

export const reviewBody = wireObject(shopperReviewShape).meta({
  description: `rating 1-5; title (up to ${reviewLimits.maxTitleLength}) and body (up to ${reviewLimits.maxBodyLength}), optional; author_name, the display name shown (1-${reviewLimits.maxAuthorLength}).`,
});
export const questionBody = wireObject(shopperQuestionShape).meta({
  description: `question (1-${questionLimits.maxQuestionLength}); author_name, the display name shown with it (1-${questionLimits.maxAuthorLength}).`,
});

export const myReviewAnswer = singleAnswer(myReviewSchema);
export const myQuestionAnswer = singleAnswer(myQuestionSchema);
