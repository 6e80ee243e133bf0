import type { Product, Review, Store } from '../../src/generated/prisma/client.js';
import { answerQuestion } from '../../src/domain/reviews/answer-question.js';
import { moderateReview, type ModerationStatus } from '../../src/domain/reviews/moderate-review.js';
import { operatorReviewScope } from '../../src/domain/reviews/operator-review-scope.js';
import type { Database } from '../../src/platform/database/database.js';

export interface ReviewSpec {
  rating: number;
  title?: string;
  body?: string;
  authorName?: string;
  verified?: boolean;
  /** An import's app slug; verified stays false. */
  source?: string;
  /** The importing app's installation, for an import. */
  installationId?: number;
  submittedAt?: Date;
  status?: ModerationStatus;
  customerId?: number;
}

/**
 * A review as a shopper's write or an import leaves it (pending), then moderated the way the CLI
 * and the merchant's mutation do it, so the tallies move as in production.
 */
export async function addReview(database: Database, store: Store, product: Product, spec: ReviewSpec): Promise<Review> {
  const row = await database.prisma.review.create({
    data: {
      storeId: store.id,
      productId: product.id,
      rating: spec.rating,
      title: spec.title ?? null,
      body: spec.body ?? null,
      authorName: spec.authorName ?? 'Sam',
      isVerifiedPurchase: spec.source ? false : (spec.verified ?? true),
      source: spec.source ?? null,
      installationId: spec.installationId ?? null,
      sourceReviewId: spec.source ? `src-${Math.random().toString(36).slice(2)}` : null,
      customerId: spec.customerId ?? null,
      submittedAt: spec.submittedAt ?? new Date(),
    },
  });
  return spec.status ? moderate(database, store, row.uid, spec.status) : row;
}

export async function moderate(database: Database, store: Store, id: string, status: ModerationStatus): Promise<Review> {
  const { scope } = await operatorReviewScope({ db: database.prisma, now: new Date() }, store.slug);
  return moderateReview(scope, { id, status });
}

export async function addQuestion(database: Database, store: Store, product: Product, body: string, answer?: string, createdAt?: Date) {
  const row = await database.prisma.question.create({ data: { storeId: store.id, productId: product.id, authorName: 'Alex', body, createdAt } });
  if (!answer) return row;
  const { scope } = await operatorReviewScope({ db: database.prisma, now: new Date() }, store.slug);
  return answerQuestion(scope, { id: row.uid, text: answer });
}

/** `count` pending reviews the installation imported for the product, written at once: an app near its pending cap. */
export async function holdPendingImports(database: Database, store: Store, product: Product, installation: { id: number; appSlug: string }, count: number) {
  await database.prisma.review.createMany({
    data: Array.from({ length: count }, (_, i) => ({
      storeId: store.id,
      productId: product.id,
      installationId: installation.id,
      source: installation.appSlug,
      sourceReviewId: `held-${i}`,
      rating: 3,
      authorName: 'Jo',
      submittedAt: new Date('2026-10-01T08:00:00Z'),
    })),
  });
}
