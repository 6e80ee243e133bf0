import type { Store } from '../generated/prisma/client.js';
import { answerQuestion } from '../domain/reviews/answer-question.js';
import { moderateReview } from '../domain/reviews/moderate-review.js';
import { operatorReviewScope } from '../domain/reviews/operator-review-scope.js';
import type { OperatorCtx } from '../domain/store/manage-stores.js';
import { demoAppSlug } from './demo-app.js';
import { createOperatorCustomer } from '../domain/customers/accounts/operator-accounts.js';

interface DemoReview {
  rating: number;
  title: string;
  body: string;
  authorName: string;
  /** Left for the merchant to moderate, so `review list --status pending` has work. */
  pending?: boolean;
}

// Per reviewed product: two by demo customers of the store (not verified purchases: they hold no
// delivered order), then two imported by the demo app.
const customerReviews: DemoReview[] = [
  { rating: 5, title: 'Exactly as pictured', body: 'Arrived quickly and the quality is better than I expected.', authorName: 'Maya R.' },
  { rating: 4, title: 'Very good', body: 'Lovely finish; runs slightly small, so size up.', authorName: 'Tom B.' },
];
const importedReviews: DemoReview[] = [
  { rating: 5, title: 'Worth every penny', body: 'Bought it twice now, once as a gift.', authorName: 'Priya S.' },
  { rating: 3, title: 'Fine, not special', body: 'Does the job. The colour is a little duller in person.', authorName: 'Jonas K.', pending: true },
];
const demoQuestions = [
  { authorName: 'Lena P.', body: 'Is this machine washable?', answer: 'Yes: wash cool and dry flat to keep its shape.' },
  { authorName: 'Sam O.', body: 'Do you ship to Canada?', answer: null },
];

const reviewedProducts = 4;
const DAY_MS = 86_400_000;

/**
 * The demo's reviews and questions on its first few shopper-visible products. Rows are written
 * pending, as a shopper's write or an app's import leaves them, then approved and answered through
 * the moderation functions, so the product and store tallies move exactly as they do in production.
 * The customers' reviews come from demo customers of the store and are not verified purchases: a
 * verified purchase is a customer's delivered order with the product, which only checkout and the
 * order moves make, and the seed runs without a request to make them through. Imported ones come
 * from the demo app's installation.
 */
export async function seedReviews(ctx: OperatorCtx, store: Store): Promise<{ reviews: number; questions: number }> {
  const { scope } = await operatorReviewScope(ctx, store.slug);
  const products = await scope.db.product.findMany({
    where: { published: true, status: 'active', deletedAt: null },
    orderBy: { pId: 'asc' },
    take: reviewedProducts,
  });
  const installation = await scope.db.appInstallation.findFirstOrThrow({ where: { app: { slug: demoAppSlug }, uninstalledAt: null } });
  const customers = await Promise.all(
    customerReviews.map(async (r) => {
      const [firstName, lastName] = r.authorName.split(' ');
      return createOperatorCustomer(ctx.db, scope.db, store.id, { firstName: firstName!, lastName: lastName! });
    }),
  );
  const day = (n: number) => new Date(ctx.now.getTime() - n * DAY_MS);

  const rows = products.flatMap((product, p) => [
    ...customerReviews.map((r, i) => ({
      review: r,
      data: { productId: product.id, customerId: customers[i]!.id, isVerifiedPurchase: false, submittedAt: day(p * 5 + i + 1) },
    })),
    ...importedReviews.map((r, i) => ({
      review: r,
      data: {
        productId: product.id,
        installationId: installation.id,
        source: demoAppSlug,
        sourceReviewId: `demo-${product.pId}-${i + 1}`,
        submittedAt: day(p * 5 + i + 3),
      },
    })),
  ]);
  const written = await scope.db.review.createManyAndReturn({
    data: rows.map(({ review, data }) => ({
      storeId: store.id,
      rating: review.rating,
      title: review.title,
      body: review.body,
      authorName: review.authorName,
      status: 'pending' as const,
      createdAt: data.submittedAt,
      ...data,
    })),
  });
  // Each demo author writes once per product, so product and author name one row.
  const pending = new Set(rows.filter((r) => r.review.pending).map((r) => `${r.data.productId}:${r.review.authorName}`));
  const approve = written.filter((w) => !pending.has(`${w.productId}:${w.authorName}`));
  for (const review of approve) await moderateReview(scope, { id: review.uid, status: 'approved' });

  const questions = await scope.db.question.createManyAndReturn({
    data: products.flatMap((product, p) =>
      demoQuestions.map((q, i) => ({ storeId: store.id, productId: product.id, authorName: q.authorName, body: q.body, createdAt: day(p * 3 + i + 1) })),
    ),
  });
  for (const question of questions) {
    const answer = demoQuestions.find((q) => q.body === question.body)!.answer;
    if (answer) await answerQuestion(scope, { id: question.uid, text: answer });
  }
  return { reviews: written.length, questions: questions.length };
}
