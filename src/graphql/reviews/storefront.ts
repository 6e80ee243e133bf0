import { z } from 'zod';
import { askQuestion } from '../../domain/reviews/ask-question.js';
import { deleteMyReview } from '../../domain/reviews/delete-review.js';
import { listQuestionsOf } from '../../domain/reviews/list-product-questions.js';
import { listReviewsOf } from '../../domain/reviews/list-product-reviews.js';
import { questionLimits } from '../../domain/reviews/question-limits.js';
import { reviewLimits } from '../../domain/reviews/review-limits.js';
import { summaryOf } from '../../domain/reviews/review-summary.js';
import { shopperQuestionShape, shopperReviewShape } from '../../domain/reviews/shopper-fields.js';
import { shopperWritesPerHour } from '../../domain/reviews/shopper-write-limit.js';
import { writeReview } from '../../domain/reviews/write-review.js';
import type { Review } from '../../generated/prisma/client.js';
import { ApiError } from '../../platform/errors/api-error.js';
import { parseInput } from '../../platform/validation/parse-input.js';
import { builder, customerField } from '../builder.js';
import { inputField } from '../catalog/mutation-support.js';
import { ProductRef } from '../catalog/product-types.js';
import { connectionOf, windowOf } from '../shared/connection.js';
import { asMutationPayload, UserError, type UserErrorShape } from '../shared/user-errors.js';
import { MyQuestion, MyReview, ProductQuestion, ProductReview, ReviewSort, ReviewSummary } from './types.js';

// A product's reviews, summary and questions on the storefront Product, and the signed-in
// customer's writes: the REST operations' domain functions, caps and hourly limit.

const verifiedOnly = {
  required: false,
  description: 'True: verified purchases only (imported reviews left out); false (default): every approved review.',
} as const;

builder.objectFields(ProductRef, (t) => ({
  reviews: t.connection({
    type: ProductReview,
    description: `GET /store/products/{slug}/reviews: approved reviews, imports included unless verifiedOnly (first or last up to ${reviewLimits.maxPageSize}, default ${reviewLimits.defaultPageSize}).`,
    args: {
      rating: t.arg.int({ required: false, description: 'Only reviews of this many stars, 1 to 5.' }),
      sort: t.arg({ type: ReviewSort, required: false }),
      verifiedOnly: t.arg.boolean(verifiedOnly),
    },
    resolve: async (product, args, { ctx }) => {
      if (args.rating != null && (args.rating < 1 || args.rating > 5)) throw ApiError.invalidField('rating', 'must be from 1 to 5');
      const page = await listReviewsOf(ctx, product, {
        window: windowOf(args, reviewLimits.maxPageSize, reviewLimits.defaultPageSize),
        rating: args.rating ?? undefined,
        sort: args.sort ?? 'newest',
        verifiedOnly: args.verifiedOnly ?? false,
      });
      return connectionOf(page);
    },
  }),
  reviewSummary: t.field({
    type: ReviewSummary,
    description: 'GET /store/products/{slug}/reviews/summary, from the tally kept with every review change; one statement for every product of the request.',
    args: { verifiedOnly: t.arg.boolean(verifiedOnly) },
    resolve: async (product, args, { ctx }) => summaryOf(await ctx.loaders.ratingByProduct.load(product.id), args.verifiedOnly ?? false),
  }),
  questions: t.connection({
    type: ProductQuestion,
    description: `GET /store/products/{slug}/questions: answered questions, newest asked first (first or last up to ${questionLimits.maxPageSize}, default ${questionLimits.defaultPageSize}).`,
    resolve: async (product, args, { ctx }) =>
      connectionOf(await listQuestionsOf(ctx, product, { window: windowOf(args, questionLimits.maxPageSize, questionLimits.defaultPageSize) })),
  }),
}));

const ReviewWriteInput = builder.inputType('ReviewWriteInput', {
  description: 'The body of POST /store/products/{slug}/reviews.',
  fields: (t) => ({
    rating: t.int({ required: true, description: '1 to 5.' }),
    title: t.string({ required: false, description: `Up to ${reviewLimits.maxTitleLength} characters.` }),
    body: t.string({ required: false, description: `Up to ${reviewLimits.maxBodyLength} characters.` }),
    authorName: t.string({ required: true, description: `The display name shown, 1 to ${reviewLimits.maxAuthorLength}.` }),
  }),
});

const QuestionAskInput = builder.inputType('QuestionAskInput', {
  description: 'The body of POST /store/products/{slug}/questions.',
  fields: (t) => ({
    question: t.string({ required: true, description: `1 to ${questionLimits.maxQuestionLength} characters.` }),
    authorName: t.string({ required: true, description: `The display name shown, 1 to ${questionLimits.maxAuthorLength}.` }),
  }),
});

const reviewInput = z.strictObject(shopperReviewShape);
const questionInput = z.strictObject(shopperQuestionShape);

const ReviewWritePayload = builder
  .objectRef<{ result: { review: Review; created: boolean } | null; userErrors: UserErrorShape[] }>('ReviewWritePayload')
  .implement({
    fields: (t) => ({
      review: t.field({ type: MyReview, nullable: true, resolve: (p) => p.result?.review ?? null }),
      created: t.boolean({
        nullable: true,
        description: 'False when it replaced the customer’s earlier review of the product.',
        resolve: (p) => p.result?.created ?? null,
      }),
      userErrors: t.field({ type: [UserError], resolve: (p) => p.userErrors }),
    }),
  });

const QuestionAskPayload = builder
  .objectRef<{ result: Awaited<ReturnType<typeof askQuestion>> | null; userErrors: UserErrorShape[] }>('QuestionAskPayload')
  .implement({
    fields: (t) => ({
      question: t.field({ type: MyQuestion, nullable: true, resolve: (p) => p.result }),
      userErrors: t.field({ type: [UserError], resolve: (p) => p.userErrors }),
    }),
  });

const ReviewDeleteMinePayload = builder.objectRef<{ result: Review | null; userErrors: UserErrorShape[] }>('ReviewDeleteMinePayload').implement({
  fields: (t) => ({
    deletedReviewId: t.field({ type: 'UUID', nullable: true, resolve: (p) => p.result?.uid ?? null }),
    userErrors: t.field({ type: [UserError], resolve: (p) => p.userErrors }),
  }),
});

const productSlug = { required: true, description: 'The slug of a product shoppers can see.' } as const;
const perHour = `${shopperWritesPerHour} reviews and questions an hour per customer (too_many_requests past it).`;

builder.mutationFields((t) => ({
  reviewWrite: t.field({
    type: ReviewWritePayload,
    ...customerField,
    description: `POST /store/products/{slug}/reviews: one review per customer and product (a second replaces it and waits for moderation again); only a customer who received the product may write it (forbidden otherwise). ${perHour}`,
    args: { productSlug: t.arg.string(productSlug), input: t.arg({ type: ReviewWriteInput, required: true }) },
    resolve: (_root, args, { ctx }) =>
      asMutationPayload(() => writeReview(ctx, { slug: args.productSlug, ...parseInput(reviewInput, args.input) }), inputField),
  }),
  questionAsk: t.field({
    type: QuestionAskPayload,
    ...customerField,
    description: `POST /store/products/{slug}/questions: pending until the store answers it. ${perHour}`,
    args: { productSlug: t.arg.string(productSlug), input: t.arg({ type: QuestionAskInput, required: true }) },
    resolve: (_root, args, { ctx }) =>
      asMutationPayload(() => askQuestion(ctx, { slug: args.productSlug, ...parseInput(questionInput, args.input) }), inputField),
  }),
  reviewDeleteMine: t.field({
    type: ReviewDeleteMinePayload,
    ...customerField,
    description: "DELETE /store/products/{slug}/reviews/mine: the customer's own review of the product goes, and the ratings lose it; not_found without one.",
    args: { productSlug: t.arg.string(productSlug) },
    resolve: (_root, args, { ctx }) =>
      asMutationPayload(
        () => deleteMyReview(ctx, { slug: args.productSlug }),
        () => 'productSlug',
      ),
  }),
}));
