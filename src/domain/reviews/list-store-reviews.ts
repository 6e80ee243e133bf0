import type { Prisma, Question, Review } from '../../generated/prisma/client.js';
import type { Ctx } from '../context.js';
import { keysetPage, type KeysetPage, type KeysetWindow } from '../pagination/keyset-page.js';
import { asDate, asNumber, type KeysetSort } from '../pagination/keyset.js';
import type { ReviewScope } from './review-scope.js';

export type ReviewWithProduct = Review & { product: { slug: string; pId: number } };
export type QuestionWithProduct = Question & { product: { slug: string; pId: number } };

const productRef = { product: { select: { slug: true, pId: true } } } satisfies Prisma.ReviewInclude;

/** Page sizes of the merchant's moderation lists (GraphQL merchant.reviews and merchant.questions). */
export const moderationListLimits = { maxPageSize: 100, defaultPageSize: 20 } as const;

/** Every review of the store (or those in `status`), newest written first, for the operator's moderation. */
export function listStoreReviews(scope: Pick<ReviewScope, 'db'>, status?: Review['status']): Promise<ReviewWithProduct[]> {
  return scope.db.review.findMany({ where: status ? { status } : {}, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], include: productRef });
}

/** Every question of the store, newest asked first. */
export function listStoreQuestions(scope: Pick<ReviewScope, 'db'>): Promise<QuestionWithProduct[]> {
  return scope.db.question.findMany({ orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], include: productRef });
}

const newestWritten = <Row extends { createdAt: Date; id: number }>(): KeysetSort<Row> => [
  { field: 'createdAt', direction: 'desc', read: (row) => row.createdAt.toISOString(), parse: asDate },
  { field: 'id', direction: 'desc', read: (row) => row.id, parse: asNumber },
];

/** The merchant's moderation view: every review of the store (native and imported), newest written first, by status. */
export function moderationReviews(ctx: Ctx, input: { window: KeysetWindow; status?: Review['status'] }): Promise<KeysetPage<ReviewWithProduct>> {
  return keysetPage(
    ctx,
    {
      binding: { list: 'merchant.moderation.reviews', storeId: ctx.store.id, filters: { status: input.status ?? null } },
      sort: newestWritten<ReviewWithProduct>(),
      where: input.status ? { status: input.status } : {},
      fetch: (args) => ctx.db.review.findMany({ ...(args as object), include: productRef }) as Promise<ReviewWithProduct[]>,
    },
    input.window,
  );
}

/** Every question of the store, newest asked first, by status (pending ones await an answer). */
export function moderationQuestions(ctx: Ctx, input: { window: KeysetWindow; status?: Question['status'] }): Promise<KeysetPage<QuestionWithProduct>> {
  return keysetPage(
    ctx,
    {
      binding: { list: 'merchant.moderation.questions', storeId: ctx.store.id, filters: { status: input.status ?? null } },
      sort: newestWritten<QuestionWithProduct>(),
      where: input.status ? { status: input.status } : {},
      fetch: (args) => ctx.db.question.findMany({ ...(args as object), include: productRef }) as Promise<QuestionWithProduct[]>,
    },
    input.window,
  );
}
