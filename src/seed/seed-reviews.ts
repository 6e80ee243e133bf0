import type { Review, Store } from '../generated/prisma/client.js';
import type { MediaServices } from '../domain/media/media-services.js';
import { writeReview } from '../domain/reviews/write-review.js';
import { answerQuestion } from '../domain/reviews/answer-question.js';
import { moderateReview } from '../domain/reviews/moderate-review.js';
import { operatorReviewScope } from '../domain/reviews/operator-review-scope.js';
import type { OperatorCtx } from '../domain/store/manage-stores.js';
import { demoAppSlug } from './demo-app.js';
import { createOperatorCustomer } from '../domain/customers/accounts/operator-accounts.js';
import { demoCtx, placeCollectedOrder, purchasableProducts } from './demo-purchases.js';

interface DemoReview {
  rating: number;
  title: string;
  body: string;
  authorName: string;
  /** Left for the merchant to moderate, so `review list --status pending` has work. */
  pending?: boolean;
}

// Per reviewed product: two by demo customers who bought and collected it (verified purchases),
// then two imported by the demo app.
const customerReviews: DemoReview[] = [
  { rating: 5, title: 'Exactly as pictured', body: 'Collected it the day I ordered, and the quality is better than I expected.', authorName: 'Maya R.' },
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
 * The demo's reviews and questions on its first few products a shopper can buy. The customers'
 * reviews are written as a shopper's are: each demo customer checks out one unit of every
 * reviewed product, the merchant walks the order to collected, and the customer reviews what they
 * received (`writeReview`, a verified purchase). Imported ones come from the demo app's
 * installation. Everything is written pending, as a shopper's write or an app's import leaves it,
 * then approved and answered through the moderation functions, so the product and store tallies
 * move exactly as they do in production.
 */
export async function seedReviews(ctx: OperatorCtx, store: Store, media: MediaServices): Promise<{ reviews: number; questions: number }> {
  const { scope } = await operatorReviewScope(ctx, store.slug);
  const day = (n: number) => new Date(ctx.now.getTime() - n * DAY_MS);
  const lines = await purchasableProducts(demoCtx(ctx, store, media, ctx.now), reviewedProducts);
  const products = lines.map((l) => l.product);
  const installation = await scope.db.appInstallation.findFirstOrThrow({ where: { app: { slug: demoAppSlug }, uninstalledAt: null } });

  const written: Review[] = [];
  for (const [i, r] of customerReviews.entries()) {
    const [firstName, lastName] = r.authorName.split(' ');
    const customer = await createOperatorCustomer(ctx.db, scope.db, store.id, { firstName: firstName!, lastName: lastName! });
    await placeCollectedOrder(ctx, store, media, customer, lines, day(30 + i));
    for (const [p, product] of products.entries()) {
      const shopper = demoCtx(ctx, store, media, day(p * 5 + i + 1), customer);
      const text = { rating: r.rating, title: r.title, body: r.body, authorName: r.authorName };
      written.push((await writeReview(shopper, { slug: product.slug, ...text })).review);
    }
  }
  written.push(
    ...(await scope.db.review.createManyAndReturn({
      data: products.flatMap((product, p) =>
        importedReviews.map((r, i) => ({
          storeId: store.id,
          productId: product.id,
          installationId: installation.id,
          source: demoAppSlug,
          sourceReviewId: `demo-${product.pId}-${i + 1}`,
          rating: r.rating,
          title: r.title,
          body: r.body,
          authorName: r.authorName,
          status: 'pending' as const,
          submittedAt: day(p * 5 + i + 3),
          createdAt: day(p * 5 + i + 3),
        })),
      ),
    })),
  );
  // Each demo author writes once per product, so product and author name one row.
  const pending = new Set(
    products.flatMap((product) => [...customerReviews, ...importedReviews].filter((r) => r.pending).map((r) => `${product.id}:${r.authorName}`)),
  );
  const approve = written.filter((w) => w.status === 'pending' && !pending.has(`${w.productId}:${w.authorName}`));
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
