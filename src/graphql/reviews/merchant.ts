import { z } from 'zod';
import { answerQuestion } from '../../domain/reviews/answer-question.js';
import { deleteReview } from '../../domain/reviews/delete-review.js';
import { importBatch, importItemShape, importLimits } from '../../domain/reviews/import-fields.js';
import { importResultKinds, importReviews, type ImportResult, type ImportResultKind } from '../../domain/reviews/import-reviews.js';
import {
  moderationListLimits,
  moderationQuestions,
  moderationReviews,
  type QuestionWithProduct,
  type ReviewWithProduct,
} from '../../domain/reviews/list-store-reviews.js';
import { moderateReview } from '../../domain/reviews/moderate-review.js';
import { replyToReview } from '../../domain/reviews/reply-to-review.js';
import { reviewLimits } from '../../domain/reviews/review-limits.js';
import type { Review } from '../../generated/prisma/client.js';
import { parseInput } from '../../platform/validation/parse-input.js';
import { builder, merchantScope } from '../builder.js';
import { inputField } from '../catalog/mutation-support.js';
import { withIsoDates } from '../discounts/inputs.js';
import { Merchant } from '../merchant/namespace.js';
import { connectionOf, windowOf } from '../shared/connection.js';
import { asMutationPayload, UserError, type UserErrorShape } from '../shared/user-errors.js';
import { MerchantQuestion, MerchantReview, QuestionStatus, ReviewStatus } from './types.js';

// The merchant's moderation (Bazaar's extension scope merchant-reviews-moderate: the spec has no
// moderation operations) and a review app's imports (POST /reviews/import, merchant-reviews-import),
// over the domain functions the operator CLI and REST call.

const MODERATE = 'merchant-reviews-moderate';

builder.objectFields(Merchant, (t) => ({
  reviews: t.connection({
    type: MerchantReview,
    ...merchantScope(MODERATE),
    description: `Every review of the store, native and imported, newest written first, for moderation (first or last up to ${moderationListLimits.maxPageSize}, default ${moderationListLimits.defaultPageSize}).`,
    args: { status: t.arg({ type: ReviewStatus, required: false }) },
    resolve: async (_m, args, { ctx }) =>
      connectionOf<ReviewWithProduct>(
        await moderationReviews(ctx, {
          window: windowOf(args, moderationListLimits.maxPageSize, moderationListLimits.defaultPageSize),
          status: args.status ?? undefined,
        }),
      ),
  }),
  questions: t.connection({
    type: MerchantQuestion,
    ...merchantScope(MODERATE),
    description: 'Every question of the store, newest asked first; PENDING ones await an answer.',
    args: { status: t.arg({ type: QuestionStatus, required: false }) },
    resolve: async (_m, args, { ctx }) =>
      connectionOf<QuestionWithProduct>(
        await moderationQuestions(ctx, {
          window: windowOf(args, moderationListLimits.maxPageSize, moderationListLimits.defaultPageSize),
          status: args.status ?? undefined,
        }),
      ),
  }),
}));

const ModerationStatus = builder.enumType('ReviewModerationStatus', {
  values: { APPROVED: { value: 'approved' }, REJECTED: { value: 'rejected' } } as const,
});

/** The written review read back with its product, as the moderation list shows it. */
async function withProduct(ctx: Parameters<typeof moderationReviews>[0], review: Review): Promise<ReviewWithProduct> {
  const product = await ctx.db.product.findUniqueOrThrow({ where: { id: review.productId }, select: { pId: true, slug: true } });
  return { ...review, product };
}

const ReviewModeratePayload = builder.objectRef<{ result: ReviewWithProduct | null; userErrors: UserErrorShape[] }>('ReviewModeratePayload').implement({
  fields: (t) => ({
    review: t.field({ type: MerchantReview, nullable: true, resolve: (p) => p.result }),
    userErrors: t.field({ type: [UserError], resolve: (p) => p.userErrors }),
  }),
});

const ReviewDeletePayload = builder.objectRef<{ result: Review | null; userErrors: UserErrorShape[] }>('ReviewDeletePayload').implement({
  fields: (t) => ({
    deletedReviewId: t.field({ type: 'UUID', nullable: true, resolve: (p) => p.result?.uid ?? null }),
    userErrors: t.field({ type: [UserError], resolve: (p) => p.userErrors }),
  }),
});

const QuestionAnswerPayload = builder.objectRef<{ result: QuestionWithProduct | null; userErrors: UserErrorShape[] }>('QuestionAnswerPayload').implement({
  fields: (t) => ({
    question: t.field({ type: MerchantQuestion, nullable: true, resolve: (p) => p.result }),
    userErrors: t.field({ type: [UserError], resolve: (p) => p.userErrors }),
  }),
});

const ReviewImportResultKind = builder.enumType('ReviewImportResultKind', {
  description: 'IMPORTED, UPDATED and UNCHANGED wrote (or kept) the row; the others wrote nothing, and reason says why.',
  values: Object.fromEntries(importResultKinds.map((k) => [k.toUpperCase(), { value: k }])) as Record<string, { value: ImportResultKind }>,
});

const ReviewImportResult = builder.objectRef<ImportResult>('ReviewImportResult').implement({
  description: 'What became of one item (REST data.results[]).',
  fields: (t) => ({
    sourceReviewId: t.exposeString('sourceReviewId'),
    result: t.field({ type: ReviewImportResultKind, resolve: (r) => r.result }),
    status: t.field({ type: ReviewStatus, nullable: true, resolve: (r) => r.status }),
    productPId: t.exposeInt('productPId', { nullable: true }),
    reason: t.exposeString('reason', { nullable: true }),
  }),
});

const ReviewsImportPayload = builder.objectRef<{ result: ImportResult[] | null; userErrors: UserErrorShape[] }>('ReviewsImportPayload').implement({
  fields: (t) => ({
    results: t.field({ type: [ReviewImportResult], nullable: true, description: 'One per item, in order.', resolve: (p) => p.result }),
    userErrors: t.field({ type: [UserError], resolve: (p) => p.userErrors }),
  }),
});

const ReviewImportItemInput = builder.inputType('ReviewImportItemInput', {
  fields: (t) => ({
    sourceReviewId: t.string({
      required: true,
      description: `The review app's id of the review, 1 to ${importLimits.sourceReviewId}; a re-import updates its one row.`,
    }),
    product: t.string({ required: true, description: "This store's product: its p_id, uuid or slug." }),
    rating: t.int({ required: true, description: '1 to 5.' }),
    title: t.string({ required: false }),
    description: t.string({ required: false }),
    authorDisplayName: t.string({ required: true }),
    submittedAt: t.field({ type: 'DateTime', required: true }),
    media: t.stringList({
      required: false,
      description: `Up to ${importLimits.mediaPerReview} public addresses, downloaded into the store's files (never hot-linked).`,
    }),
  }),
});

const ReviewsImportInput = builder.inputType('ReviewsImportInput', {
  description: `The body of POST /reviews/import: 1 to ${importLimits.perRequest} reviews.`,
  fields: (t) => ({ reviews: t.field({ type: [ReviewImportItemInput], required: true }) }),
});

const importInput = z.strictObject({ reviews: importBatch(z.strictObject(importItemShape), 'sourceReviewId') });

const reviewId = { required: true, description: "The review's uuid (MerchantReview.uuid)." } as const;

builder.mutationFields((t) => ({
  reviewModerate: t.field({
    type: ReviewModeratePayload,
    ...merchantScope(MODERATE),
    description: "Approve or reject a review (as the CLI's `review moderate`); the product's and the store's ratings follow in the same transaction.",
    args: { id: t.arg.string(reviewId), status: t.arg({ type: ModerationStatus, required: true }) },
    resolve: (_root, args, { ctx }) =>
      asMutationPayload(
        async () => withProduct(ctx, await moderateReview(ctx, { id: args.id, status: args.status })),
        () => 'id',
      ),
  }),
  reviewDelete: t.field({
    type: ReviewDeletePayload,
    ...merchantScope(MODERATE),
    description: "Delete a review, native or imported (as the CLI's `review delete`); the ratings lose it in the same transaction; not_found once it is gone.",
    args: { id: t.arg.string(reviewId) },
    resolve: (_root, args, { ctx }) =>
      asMutationPayload(
        () => deleteReview(ctx, { id: args.id }),
        () => 'id',
      ),
  }),
  reviewReply: t.field({
    type: ReviewModeratePayload,
    ...merchantScope(MODERATE),
    description: `The store's public reply under a review, 0 to ${reviewLimits.maxReplyLength} characters (as the CLI's \`review reply\`): replying again replaces it, an empty text takes it down; no rating moves.`,
    args: { id: t.arg.string(reviewId), text: t.arg.string({ required: true }) },
    resolve: (_root, args, { ctx }) =>
      asMutationPayload(
        async () => withProduct(ctx, await replyToReview(ctx, { id: args.id, text: args.text })),
        (field) => field,
      ),
  }),
  questionAnswer: t.field({
    type: QuestionAnswerPayload,
    ...merchantScope(MODERATE),
    description: "Answer a question as the store, which publishes it; answering again replaces the answer (as the CLI's `question answer`).",
    args: { id: t.arg.string({ required: true, description: "The question's uuid." }), text: t.arg.string({ required: true }) },
    resolve: (_root, args, { ctx }) =>
      asMutationPayload(
        async () => {
          const question = await answerQuestion(ctx, { id: args.id, text: args.text });
          const product = await ctx.db.product.findUniqueOrThrow({ where: { id: question.productId }, select: { pId: true, slug: true } });
          return { ...question, product };
        },
        (field) => field,
      ),
  }),
  reviewsImport: t.field({
    type: ReviewsImportPayload,
    ...merchantScope('merchant-reviews-import'),
    description:
      `POST /reviews/import for an installed review app (a key the merchant minted is forbidden): the same quotas (${importLimits.perMinute} a minute, ${importLimits.perDay} a day: too_many_requests), ` +
      `pending cap (${importLimits.pendingCap}: a limit_reached userError) and identity race (a conflict userError; send again), and a result per item.`,
    args: { input: t.arg({ type: ReviewsImportInput, required: true }) },
    resolve: (_root, args, { ctx }) =>
      asMutationPayload(() => {
        const input = parseInput(importInput, { reviews: args.input.reviews.map((item) => withIsoDates(item)) });
        return importReviews(ctx, input.reviews);
      }, inputField),
  }),
}));
