import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appDataPurge } from '../../../src/domain/apps/purge-job.js';
import { operatorReviewScope } from '../../../src/domain/reviews/operator-review-scope.js';
import { withdrawImportedReviews } from '../../../src/domain/reviews/withdraw-imports.js';
import type { Product } from '../../../src/generated/prisma/client.js';
import { installTestApp, type TestInstallation } from '../../support/apps.js';
import { createProduct } from '../../support/catalog.js';
import { get } from '../../support/http.js';
import { addReview } from '../../support/reviews.js';
import { makeStore, type TestStore } from '../../support/stores.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';

// Purging an app uninstalled past its retention deletes the reviews it imported: they leave the
// cards' and the store's ratings with them, as a moderator's delete would take them out.

let t: TestApp;
let shop: TestStore;
let judge: TestInstallation;
let lamp: Product;
let desk: Product;
const day = 86_400_000;

beforeAll(async () => {
  t = await startTestApp();
  shop = await makeStore(t.database);
  judge = await installTestApp(t.database, shop.store, ['merchant-reviews-import']);
  lamp = await createProduct(t.database, shop.store, { title: 'Lamp' });
  desk = await createProduct(t.database, shop.store, { title: 'Desk' });
  const imported = { source: judge.appSlug, installationId: judge.id };
  await addReview(t.database, shop.store, lamp, { rating: 5, status: 'approved' });
  await addReview(t.database, shop.store, lamp, { rating: 1, status: 'approved', ...imported });
  await addReview(t.database, shop.store, desk, { rating: 3, status: 'approved', ...imported });
  await addReview(t.database, shop.store, desk, { rating: 2, ...imported });
  // Counted all: the store counts imports too.
  await t.database.prisma.store.update({ where: { id: shop.store.id }, data: { reviewsVerifiedOnly: false } });
});
afterAll(() => t.close());

const card = async (product: Product) => {
  const res = await get(t.app, `/v1/store/products/${product.slug}`, shop.publicKey);
  return { rating: res.body.data.rating, review_count: res.body.data.review_count };
};

describe('purging an uninstalled review app', () => {
  it('deletes its imports and counts the products and the store again from the reviews left', async () => {
    expect(await card(lamp)).toEqual({ rating: 3, review_count: 2 });
    await t.database.prisma.appInstallation.update({ where: { id: judge.id }, data: { uninstalledAt: new Date(Date.now() - 31 * day) } });

    const purged = await appDataPurge(t.database.prisma, t.app.log).runOnce();

    expect(purged.installations).toBe(1);
    expect(await t.database.prisma.review.count({ where: { storeId: shop.store.id, source: judge.appSlug } })).toBe(0);
    expect(await card(lamp)).toEqual({ rating: 5, review_count: 1 });
    expect(await card(desk)).toEqual({ rating: 0, review_count: 0 });
    const tallies = await t.database.prisma.productRating.findMany({ where: { storeId: shop.store.id }, orderBy: { productId: 'asc' } });
    for (const tally of tallies) {
      const expected = tally.productId === lamp.id ? 1 : 0;
      expect([tally.stars1, tally.stars2, tally.stars3, tally.stars4, tally.stars5]).toEqual([0, 0, 0, 0, expected]);
      expect(tally.verified5).toBe(expected);
    }
    const store = await t.database.prisma.store.findUniqueOrThrow({ where: { id: shop.store.id } });
    expect({
      count: store.reviewCountAll,
      stars: store.reviewStarsAll,
      verified: store.reviewCountVerified,
      rating: String(store.rating),
      ratingCount: store.ratingCount,
    }).toEqual({
      count: 1,
      stars: 5,
      verified: 1,
      rating: '5',
      ratingCount: 1,
    });
    const events = await t.database.prisma.outboxEvent.findMany({ where: { storeId: shop.store.id, topic: 'reviews/delete' } });
    expect(events.map((e) => (e.payload as { status: string }).status).sort()).toEqual(['approved', 'approved', 'pending']);
  });

  it('withdraws nothing from an installation installed again since the purge found it', async () => {
    const yotpo = await installTestApp(t.database, shop.store, ['merchant-reviews-import']);
    await addReview(t.database, shop.store, lamp, { rating: 2, status: 'approved', source: yotpo.appSlug, installationId: yotpo.id });
    const { scope } = await operatorReviewScope({ db: t.database.prisma, now: new Date() }, shop.store.slug);
    expect(await withdrawImportedReviews(scope, yotpo.id, new Date())).toBe(0);
    expect(await t.database.prisma.review.count({ where: { installationId: yotpo.id } })).toBe(1);
  });
});
