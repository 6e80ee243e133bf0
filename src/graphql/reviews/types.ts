import type { Question, Review } from '../../generated/prisma/client.js';
import { reviewStatuses } from '../../domain/reviews/list-imported-reviews.js';
import type { QuestionWithProduct, ReviewWithProduct } from '../../domain/reviews/list-store-reviews.js';
import { reviewMediaOf, type ReviewMedia as ReviewMediaShape } from '../../domain/reviews/review-media.js';
import { reviewSortNames, type ReviewSort as ReviewSortName } from '../../domain/reviews/list-product-reviews.js';
import type { ReviewSummary as ReviewSummaryShape } from '../../domain/reviews/review-summary.js';
import { builder } from '../builder.js';
import { ImageRendition } from '../catalog/product-types.js';

// The review and question objects of GraphQL: the REST items (README, Reviews and questions) under
// camelCase names, read from the same rows.

export const ReviewStatus = builder.enumType('ReviewStatus', {
  description: 'PENDING until moderated; APPROVED shows and counts it, REJECTED hides it.',
  values: Object.fromEntries(reviewStatuses.map((s) => [s.toUpperCase(), { value: s }])) as Record<string, { value: Review['status'] }>,
});

export const QuestionStatus = builder.enumType('QuestionStatus', {
  description: "PENDING until the store answers it; PUBLISHED with the store's answer.",
  values: { PENDING: { value: 'pending' }, PUBLISHED: { value: 'published' } } as Record<string, { value: Question['status'] }>,
});

export const ReviewSort = builder.enumType('ReviewSort', {
  description: 'NEWEST (default) and OLDEST by the date written; HIGHEST and LOWEST by stars, the newest first among equal stars. Ties end on the review id.',
  values: Object.fromEntries(reviewSortNames.map((s) => [s.toUpperCase(), { value: s }])) as Record<string, { value: ReviewSortName }>,
});

const ReviewMedia = builder.objectRef<ReviewMediaShape>('ReviewMedia').implement({
  description: "A picture the reviewer added: a copy in the store's media library, never the address it came from.",
  fields: (t) => ({
    uuid: t.field({ type: 'UUID', description: "The library file's uuid.", resolve: (m) => m.id }),
    url: t.exposeString('url'),
    renditions: t.field({ type: [ImageRendition], resolve: (m) => Object.entries(m.variants).map(([name, r]) => ({ name, ...r })) }),
  }),
});

const StoreReply = builder.objectRef<{ text: string; createdAt: Date }>('ReviewStoreReply').implement({
  fields: (t) => ({ text: t.exposeString('text'), createdAt: t.field({ type: 'DateTime', resolve: (r) => r.createdAt }) }),
});

type Types = typeof builder extends PothosSchemaTypes.SchemaBuilder<infer T> ? T : never;

/** The fields every face of a review shares: the storefront item. */
const reviewItemFields = <R extends Review>(t: PothosSchemaTypes.ObjectFieldBuilder<Types, R>) => ({
  uuid: t.field({ type: 'UUID', description: 'The review id (REST `id`).', resolve: (r) => r.uid }),
  rating: t.int({ description: '1 to 5 stars.', resolve: (r) => r.rating }),
  title: t.string({ nullable: true, resolve: (r) => r.title }),
  body: t.string({ nullable: true, resolve: (r) => r.body }),
  authorName: t.string({ description: "The reviewer's display name as it was written or imported.", resolve: (r) => r.authorName }),
  isVerifiedPurchase: t.boolean({
    description: 'A signed-in customer who received an order with the product wrote it; false for imports.',
    resolve: (r) => r.isVerifiedPurchase,
  }),
  media: t.field({ type: [ReviewMedia], resolve: (r) => reviewMediaOf(r.media) }),
  createdAt: t.field({ type: 'DateTime', description: 'When the reviewer wrote it (an import: its submittedAt).', resolve: (r) => r.submittedAt }),
  storeReply: t.field({
    type: StoreReply,
    nullable: true,
    resolve: (r) => (r.reply && r.repliedAt ? { text: r.reply, createdAt: r.repliedAt } : null),
  }),
});

export const ProductReview = builder.objectRef<Review>('ProductReview').implement({
  description: 'An approved review as shoppers read it (REST GET /store/products/{slug}/reviews item).',
  fields: (t) => reviewItemFields(t),
});

export const MyReview = builder.objectRef<Review>('MyReview').implement({
  description: "The signed-in customer's own review, with its moderation status.",
  fields: (t) => ({ ...reviewItemFields(t), status: t.field({ type: ReviewStatus, resolve: (r) => r.status }) }),
});

const ReviewProduct = builder.objectRef<{ pId: number; slug: string }>('ReviewProductRef').implement({
  fields: (t) => ({ pId: t.exposeInt('pId'), slug: t.exposeString('slug') }),
});

export const MerchantReview = builder.objectRef<ReviewWithProduct>('MerchantReview').implement({
  description: 'A review of the store as the merchant moderates it: native or imported, any status.',
  fields: (t) => ({
    ...reviewItemFields(t),
    status: t.field({ type: ReviewStatus, resolve: (r) => r.status }),
    product: t.field({ type: ReviewProduct, resolve: (r) => r.product }),
    source: t.exposeString('source', { nullable: true, description: "The importing app's slug; null for a shopper's own review." }),
    sourceReviewId: t.exposeString('sourceReviewId', { nullable: true }),
    writtenAt: t.field({
      type: 'DateTime',
      description: 'When it reached the store (written or imported); the list is newest first by it.',
      resolve: (r) => r.createdAt,
    }),
    editedAt: t.field({ type: 'DateTime', nullable: true, resolve: (r) => r.editedAt }),
  }),
});

const ReviewStarCount = builder.objectRef<{ stars: number; count: number }>('ReviewStarCount').implement({
  fields: (t) => ({ stars: t.exposeInt('stars'), count: t.exposeInt('count') }),
});

export const ReviewSummary = builder.objectRef<ReviewSummaryShape>('ReviewSummary').implement({
  description: 'Of the approved reviews, kept with every review change, never counted per read (REST /reviews/summary).',
  fields: (t) => ({
    averageRating: t.float({ description: 'Mean stars to one decimal; 0 without reviews.', resolve: (s) => s.average }),
    reviewCount: t.int({ resolve: (s) => s.count }),
    distribution: t.field({
      type: [ReviewStarCount],
      description: 'Counts by star, from 1 to 5, every star present (zeros included).',
      resolve: (s) => s.distribution,
    }),
  }),
});

const QuestionAnswer = builder.objectRef<{ text: string; createdAt: Date }>('QuestionAnswer').implement({
  fields: (t) => ({ text: t.exposeString('text'), createdAt: t.field({ type: 'DateTime', resolve: (a) => a.createdAt }) }),
});

const answerOf = (q: Question) => (q.answer ? { text: q.answer, createdAt: q.answeredAt ?? q.updatedAt } : null);

/** What every question object shows, whoever reads it. */
const questionFields = <Q extends Question>(t: PothosSchemaTypes.ObjectFieldBuilder<Types, Q>) => ({
  uuid: t.field({ type: 'UUID', resolve: (q) => q.uid }),
  question: t.string({ resolve: (q) => q.body }),
  authorName: t.string({ resolve: (q) => q.authorName }),
  createdAt: t.field({ type: 'DateTime', resolve: (q) => q.createdAt }),
});

export const ProductQuestion = builder.objectRef<Question>('ProductQuestion').implement({
  description: "A published question with the store's answer (REST GET /store/products/{slug}/questions item).",
  fields: (t) => ({
    ...questionFields(t),
    answer: t.field({ type: QuestionAnswer, resolve: (q) => answerOf(q)! }),
  }),
});

export const MyQuestion = builder.objectRef<Question>('MyQuestion').implement({
  description: "The signed-in customer's question, pending until the store answers it.",
  fields: (t) => ({
    ...questionFields(t),
    status: t.field({ type: QuestionStatus, resolve: (q) => q.status }),
  }),
});

export const MerchantQuestion = builder.objectRef<QuestionWithProduct>('MerchantQuestion').implement({
  description: 'A question of the store as the merchant answers it, any status.',
  fields: (t) => ({
    ...questionFields(t),
    status: t.field({ type: QuestionStatus, resolve: (q) => q.status }),
    product: t.field({ type: ReviewProduct, resolve: (q) => q.product }),
    answer: t.field({ type: QuestionAnswer, nullable: true, resolve: answerOf }),
  }),
});
