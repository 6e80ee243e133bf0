import { storeKey } from '../../../auth/requirements.js';
import { listProductQuestions } from '../../../domain/reviews/list-product-questions.js';
import { listProductReviews } from '../../../domain/reviews/list-product-reviews.js';
import { reviewSummary } from '../../../domain/reviews/review-summary.js';
import { list, single } from '../../kit/envelope.js';
import { defineRoute } from '../../kit/route.js';
import { productSlugParams } from '../products/schemas.js';
import { presentQuestion, presentReview, presentReviewSummary } from './presenters.js';
import { questionListAnswer, questionListQuery, reviewListAnswer, reviewListQuery, reviewSummaryAnswer, reviewSummaryQuery } from './schemas.js';

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
