import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCatalog } from '../../src/seed/seed-catalog.js';
import { seedDemoApp } from '../../src/seed/demo-app.js';
import { seedReviews } from '../../src/seed/seed-reviews.js';
import { get } from '../support/http.js';
import { makeStore, type TestStore } from '../support/stores.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

// Issue 22: the demo's reviews (verified purchases by demo customers who checked out and collected
// the products, and imports, some left pending) and answered questions, approved through the
// moderation functions so the storefront's summaries and cards show them; the other products'
// cards show no rating.

let t: TestApp;
let shop: TestStore;
let slugs: string[];
const now = new Date('2026-05-01T12:00:00.000Z');

beforeAll(async () => {
  t = await startTestApp({}, { clock: () => now.getTime() });
  // The reviewers collect their orders, as at the demo store, which offers pickup.
  shop = await makeStore(t.database, { profile: { pickupEnabled: true } });
  await seedCatalog(t.database.prisma, shop.store, { products: 12, seed: 7, media: t.media });
  await seedDemoApp({ db: t.database.prisma, now }, shop.store);
  await seedReviews({ db: t.database.prisma, now }, shop.store, t.media);
  const reviewed = await t.database.prisma.product.findMany({ where: { storeId: shop.store.id, reviews: { some: {} } }, orderBy: { pId: 'asc' } });
  slugs = reviewed.map((p) => p.slug);
});
afterAll(() => t.close());

describe('seedReviews', () => {
  it('reviews four products, three approved reviews each: two verified purchases and one import', async () => {
    expect(slugs).toHaveLength(4);
    const list = await get(t.app, `/v1/store/products/${slugs[0]}/reviews`, shop.publicKey);
    expect(list.status).toBe(200);
    expect(list.body.data.map((r: { author_name: string; is_verified_purchase: boolean }) => [r.author_name, r.is_verified_purchase])).toEqual([
      ['Maya R.', true],
      ['Tom B.', true],
      ['Priya S.', false],
    ]);
    const summary = await get(t.app, `/v1/store/products/${slugs[0]}/reviews/summary`, shop.publicKey);
    expect(summary.body.data).toMatchObject({ average_rating: 4.7, review_count: 3 });
    const verified = await get(t.app, `/v1/store/products/${slugs[0]}/reviews/summary?verified_only=1`, shop.publicKey);
    expect(verified.body.data).toMatchObject({ average_rating: 4.5, review_count: 2 });
  });

  it('gives every other product a card without a rating: cards show only what the tallies count', async () => {
    const cards = (await get(t.app, '/v1/store/products?per_page=50', shop.publicKey)).body.data as { slug: string; rating: number; review_count: number }[];
    const unreviewed = cards.filter((c) => !slugs.includes(c.slug));
    expect(unreviewed.length).toBeGreaterThan(0);
    expect(unreviewed.every((c) => c.rating === 0 && c.review_count === 0)).toBe(true);
    expect(cards.filter((c) => slugs.includes(c.slug)).map((c) => [c.rating, c.review_count])).toEqual(slugs.map(() => [4.67, 3]));
    const store = await t.database.prisma.store.findUniqueOrThrow({ where: { id: shop.store.id } });
    // The store-wide rating counts verified purchases only (imports need the store's verified_only=0).
    expect([Number(store.rating), store.ratingCount]).toEqual([4.5, 8]);
  });

  it('makes each reviewer a customer with a collected order holding every reviewed product', async () => {
    const orders = await t.database.prisma.order.findMany({
      where: { storeId: shop.store.id },
      include: { items: true },
      orderBy: { id: 'asc' },
    });
    expect(orders.map((o) => [o.status, o.deliveryMethod, o.paymentMethod, o.customerId !== null, o.items.length])).toEqual([
      ['completed', 'pickup', 'cash', true, 4],
      ['completed', 'pickup', 'cash', true, 4],
    ]);
    const reviewed = await t.database.prisma.product.findMany({ where: { slug: { in: slugs }, storeId: shop.store.id } });
    expect(orders.every((o) => reviewed.every((p) => o.items.some((i) => i.productPId === p.pId)))).toBe(true);
  });

  it('leaves one imported review per product pending for the merchant', async () => {
    const pending = await t.database.prisma.review.findMany({ where: { storeId: shop.store.id, status: 'pending' } });
    expect(pending).toHaveLength(4);
    expect(pending.every((r) => r.source === 'demo-shipping-sync' && r.authorName === 'Jonas K.')).toBe(true);
  });

  it('publishes one answered question per product and keeps the unanswered one pending', async () => {
    const res = await get(t.app, `/v1/store/products/${slugs[1]}/questions`, shop.publicKey);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject([
      { question: 'Is this machine washable?', author_name: 'Lena P.', answer: { text: 'Yes: wash cool and dry flat to keep its shape.' } },
    ]);
    expect(await t.database.prisma.question.count({ where: { storeId: shop.store.id, status: 'pending' } })).toBe(4);
  });
});
