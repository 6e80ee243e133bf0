import { customer, storeKey } from '../../../auth/requirements.js';
import { askQuestion } from '../../../domain/reviews/ask-question.js';
import { deleteMyReview } from '../../../domain/reviews/delete-review.js';
import { shopperWritesPerHour } from '../../../domain/reviews/shopper-write-limit.js';
import { writeReview } from '../../../domain/reviews/write-review.js';
import type { ShopperQuestionInput, ShopperReviewInput } from '../../../domain/reviews/shopper-fields.js';
import { listProductQuestions } from '../../../domain/reviews/list-product-questions.js';
import { listProductReviews } from '../../../domain/reviews/list-product-reviews.js';
import { reviewSummary } from '../../../domain/reviews/review-summary.js';
import { list, single } from '../../kit/envelope.js';
import { messageOnlyAnswer } from '../auth/schemas.js';
import { defineRoute } from '../../kit/route.js';
import { productSlugParams } from '../products/schemas.js';
import { presentMyQuestion, presentMyReview, presentQuestion, presentReview, presentReviewSummary } from './presenters.js';
import {
  myQuestionAnswer,
  myReviewAnswer,
  questionBody,
  questionListAnswer,
  questionListQuery,
  reviewBody,
  reviewListAnswer,
  reviewListQuery,
  reviewSummaryAnswer,
  reviewSummaryQuery,
} from './schemas.js';

export const reviewReadRoutes = [
  defineRoute({
    method: 'GET',
    url: '/store/products/:slug/reviews',
    operationId: 'listProductReviews',
    tag: 'Catalogue',
    summary: "A product's approved reviews",
    description:
      'Approved reviews, imported ones included unless verified_only=1. By page (`page`, `per_page`) or by cursor (`starting_after`, `limit`); `has_more` and `next_cursor`, no totals.',
    auth: storeKey,
    cache: 'catalogue',
    params: productSlugParams,
    query: reviewListQuery,
    answer: reviewListAnswer,
    wireNames: { size: 'per_page', after: 'starting_after' },
    handle: async (ctx, { params, query }) => {
      const page = await listProductReviews(ctx, { ...query, product: { slug: params.slug } });
      return { body: list('Reviews', page.rows.map(presentReview), page) };
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/store/products/:slug/reviews/summary',
    operationId: 'getProductReviewSummary',
    tag: 'Catalogue',
    summary: "A product's average rating, review count and star distribution",
    description: 'Of the approved reviews, imported ones included unless verified_only=1; kept with every review change, never counted per read.',
    auth: storeKey,
    cache: 'catalogue',
    params: productSlugParams,
    query: reviewSummaryQuery,
    answer: reviewSummaryAnswer,
    handle: async (ctx, { params, query }) => {
      const summary = await reviewSummary(ctx, { ...query, product: { slug: params.slug } });
      return { body: single('Review summary', presentReviewSummary(summary)) };
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/store/products/:slug/questions',
    operationId: 'listProductQuestions',
    tag: 'Catalogue',
    summary: "A product's answered questions, newest first",
    description: 'Questions the store answered (which publishes them), with the answer. By page or by cursor, as the reviews.',
    auth: storeKey,
    cache: 'catalogue',
    params: productSlugParams,
    query: questionListQuery,
    answer: questionListAnswer,
    wireNames: { size: 'per_page', after: 'starting_after' },
    handle: async (ctx, { params, query }) => {
      const page = await listProductQuestions(ctx, { ...query, product: { slug: params.slug } });
      return { body: list('Questions', page.rows.map(presentQuestion), page) };
    },
  }),
];

/** The customer's own writes (designed: the spec shows none). */
export const reviewWriteRoutes = [
  defineRoute({
    method: 'POST',
    url: '/store/products/:slug/reviews',
    operationId: 'writeProductReview',
    tag: 'Catalogue',
    summary: 'Review a product the signed-in customer received',
    description:
      'One review per customer and product: the first answers 201, a second replaces it (200) and waits for moderation again. Only a customer with a delivered or completed ' +
      `order holding the product may review it (403 forbidden otherwise); the review is a verified purchase. ${shopperWritesPerHour} reviews and questions an hour per customer (429 with Retry-After).`,
    auth: customer,
    designed: true,
    params: productSlugParams,
    body: reviewBody,
    answer: myReviewAnswer,
    status: 201,
    repeatStatus: 200,
    handle: async (ctx, { params, body }) => {
      const { review, created } = await writeReview(ctx, { slug: params.slug, ...(body as ShopperReviewInput) });
      return { status: created ? 201 : 200, body: single(created ? 'Review received' : 'Review updated', presentMyReview(review)) };
    },
  }),
  defineRoute({
    method: 'DELETE',
    url: '/store/products/:slug/reviews/mine',
    operationId: 'deleteMyProductReview',
    tag: 'Catalogue',
    summary: "Delete the signed-in customer's own review of a product",
    description:
      "The customer's one review of the product goes, and leaves the product's and the store's ratings in the same transaction. 404 not_found when the customer has no review of it (a second delete).",
    auth: customer,
    designed: true,
    params: productSlugParams,
    answer: messageOnlyAnswer,
    handle: async (ctx, { params }) => {
      await deleteMyReview(ctx, { slug: params.slug });
      return { body: { status: 'success', message: 'Review deleted' } };
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/store/products/:slug/questions',
    operationId: 'askProductQuestion',
    tag: 'Catalogue',
    summary: 'Ask the store a question about a product',
    description: `The question is pending until the store answers it, which publishes it. ${shopperWritesPerHour} reviews and questions an hour per customer (429 with Retry-After).`,
    auth: customer,
    designed: true,
    params: productSlugParams,
    body: questionBody,
    answer: myQuestionAnswer,
    status: 201,
    handle: async (ctx, { params, body }) => ({
      status: 201,
      body: single('Question received', presentMyQuestion(await askQuestion(ctx, { slug: params.slug, ...(body as ShopperQuestionInput) }))),
    }),
  }),
];
