import { answerQuestion } from '../domain/reviews/answer-question.js';
import { deleteReview } from '../domain/reviews/delete-review.js';
import { listStoreQuestions, listStoreReviews, type QuestionWithProduct, type ReviewWithProduct } from '../domain/reviews/list-store-reviews.js';
import { moderateReview, type ModerationStatus } from '../domain/reviews/moderate-review.js';
import { operatorReviewScope } from '../domain/reviews/operator-review-scope.js';
import { replyToReview } from '../domain/reviews/reply-to-review.js';
import { updateReviewSettings } from '../domain/reviews/review-settings.js';
import type { Question, Review } from '../generated/prisma/client.js';
import { describe, type CommandModule } from './command.js';
import { stringFlag, type FlagName, type Flags } from './parse-command-line.js';
import { UsageError } from './usage-error.js';

/** A review as --json prints it. */
function reviewJson(review: Review, product?: { slug: string; pId: number }) {
  return {
    id: review.uid,
    ...(product ? { product: product.slug, product_p_id: product.pId } : {}),
    status: review.status,
    rating: review.rating,
    title: review.title,
    body: review.body,
    author_name: review.authorName,
    is_verified_purchase: review.isVerifiedPurchase,
    source: review.source,
    source_review_id: review.sourceReviewId,
    submitted_at: review.submittedAt.toISOString(),
    reply: review.reply,
  };
}

function questionJson(question: Question, product?: { slug: string; pId: number }) {
  return {
    id: question.uid,
    ...(product ? { product: product.slug, product_p_id: product.pId } : {}),
    status: question.status,
    question: question.body,
    author_name: question.authorName,
    answer: question.answer,
    asked_at: question.createdAt.toISOString(),
    answered_at: question.answeredAt?.toISOString() ?? null,
  };
}

const reviewStatuses = ['pending', 'approved', 'rejected'] as const;

const reviewLine = (r: ReviewWithProduct) =>
  `  ${r.uid}  ${r.status.padEnd(8)}  ${r.rating}★  ${r.product.slug}  ${r.authorName}${r.source ? ` (imported from ${r.source})` : r.isVerifiedPurchase ? ' (verified)' : ''}${r.title ? `: ${r.title}` : ''}`;
const questionLine = (q: QuestionWithProduct) =>
  `  ${q.uid}  ${q.status.padEnd(9)}  ${q.product.slug}  ${q.body}${q.answer ? `\n      answer: ${q.answer}` : ''}`;

export const reviewList: CommandModule = {
  async run(io, flags) {
    const store = stringFlag(flags, 'store')!;
    const status = stringFlag(flags, 'status');
    if (status !== undefined && !reviewStatuses.includes(status as (typeof reviewStatuses)[number])) {
      throw new UsageError(`--status must be ${reviewStatuses.join(', ')} or left out, not "${status}"`);
    }
    const { scope } = await operatorReviewScope(await io.operator(), store);
    const reviews = await listStoreReviews(scope, status as Review['status'] | undefined);
    return {
      json: { store, reviews: reviews.map((r) => reviewJson(r, r.product)) },
      text: reviews.length ? [`Reviews of store ${store}, newest first`, ...reviews.map(reviewLine)].join('\n') : `Store ${store} has no reviews.`,
    };
  },
};

export const reviewModerate: CommandModule = {
  async run(io, flags) {
    const store = stringFlag(flags, 'store')!;
    const { scope } = await operatorReviewScope(await io.operator(), store);
    const review = await moderateReview(scope, { id: stringFlag(flags, 'id')!, status: stringFlag(flags, 'status') as ModerationStatus });
    return {
      json: { store, review: reviewJson(review) },
      text: describe(`Review ${review.uid} of store ${store} is ${review.status}`, [
        ['rating', String(review.rating)],
        ['author', review.authorName],
      ]),
    };
  },
};

export const reviewReply: CommandModule = {
  async run(io, flags) {
    const store = stringFlag(flags, 'store')!;
    const { scope } = await operatorReviewScope(await io.operator(), store);
    const review = await replyToReview(scope, { id: stringFlag(flags, 'id')!, text: stringFlag(flags, 'text')! });
    return {
      json: { store, review: reviewJson(review) },
      text: review.reply
        ? describe(`Replied to review ${review.uid} of store ${store}`, [['reply', review.reply]])
        : `Took down the reply to review ${review.uid} of store ${store}`,
    };
  },
};

export const reviewDelete: CommandModule = {
  async run(io, flags) {
    const store = stringFlag(flags, 'store')!;
    const { scope } = await operatorReviewScope(await io.operator(), store);
    const review = await deleteReview(scope, { id: stringFlag(flags, 'id')! });
    return {
      json: { store, review: reviewJson(review), deleted: true },
      text: describe(`Deleted review ${review.uid} of store ${store}`, [
        ['was', review.status],
        ['rating', String(review.rating)],
        ['author', review.authorName],
      ]),
    };
  },
};

export const questionList: CommandModule = {
  async run(io, flags) {
    const store = stringFlag(flags, 'store')!;
    const { scope } = await operatorReviewScope(await io.operator(), store);
    const questions = await listStoreQuestions(scope);
    return {
      json: { store, questions: questions.map((q) => questionJson(q, q.product)) },
      text: questions.length ? [`Questions of store ${store}, newest first`, ...questions.map(questionLine)].join('\n') : `Store ${store} has no questions.`,
    };
  },
};

export const questionAnswer: CommandModule = {
  async run(io, flags) {
    const store = stringFlag(flags, 'store')!;
    const { scope } = await operatorReviewScope(await io.operator(), store);
    const question = await answerQuestion(scope, { id: stringFlag(flags, 'id')!, text: stringFlag(flags, 'text')! });
    return {
      json: { store, question: questionJson(question) },
      text: describe(`Answered question ${question.uid} of store ${store}; it is published`, [
        ['question', question.body],
        ['answer', question.answer],
      ]),
    };
  },
};

/** A 1|0 flag; absent leaves the setting as it is. */
function switchFlag(flags: Flags, name: FlagName): boolean | undefined {
  const value = stringFlag(flags, name);
  if (value === undefined) return undefined;
  if (value !== '1' && value !== '0') throw new UsageError(`--${name} takes 1 or 0.`);
  return value === '1';
}

export const reviewSettings: CommandModule = {
  async run(io, flags) {
    const store = stringFlag(flags, 'store')!;
    const { scope } = await operatorReviewScope(await io.operator(), store);
    const updated = await updateReviewSettings(scope, {
      verifiedOnly: switchFlag(flags, 'verified-only'),
      autoApproveVerified: switchFlag(flags, 'auto-approve'),
    });
    const json = {
      store,
      verified_only: updated.reviewsVerifiedOnly,
      auto_approve: updated.autoApproveVerifiedReviews,
      rating: Number(updated.rating.toFixed(2)),
      rating_count: updated.ratingCount,
    };
    return {
      json,
      text: describe(`Review settings of store ${store}`, [
        ['verified only', json.verified_only ? 'yes: imports are left out of the store rating' : 'no: imports count in the store rating'],
        ['auto-approve', json.auto_approve ? 'verified reviews are approved as written' : 'every review waits for moderation'],
        ['store rating', `${json.rating} (${json.rating_count} reviews)`],
      ]),
    };
  },
};
