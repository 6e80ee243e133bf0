import type { Prisma, Question, Review } from '../../generated/prisma/client.js';
import type { ReviewScope } from './review-scope.js';

export type ReviewWithProduct = Review & { product: { slug: string; pId: number } };
export type QuestionWithProduct = Question & { product: { slug: string; pId: number } };

const productRef = { product: { select: { slug: true, pId: true } } } satisfies Prisma.ReviewInclude;

/** Every review of the store, newest written first, for the operator's moderation. */
export function listStoreReviews(scope: Pick<ReviewScope, 'db'>): Promise<ReviewWithProduct[]> {
  return scope.db.review.findMany({ orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], include: productRef });
}

/** Every question of the store, newest asked first. */
export function listStoreQuestions(scope: Pick<ReviewScope, 'db'>): Promise<QuestionWithProduct[]> {
  return scope.db.question.findMany({ orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], include: productRef });
}
