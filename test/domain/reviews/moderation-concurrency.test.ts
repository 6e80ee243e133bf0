import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '../../../src/generated/prisma/client.js';
import type { Database } from '../../../src/platform/database/database.js';
import { createProduct } from '../../support/catalog.js';
import { addReview, moderate } from '../../support/reviews.js';
import { makeStore, type TestStore } from '../../support/stores.js';
import { openTestDatabase } from '../../support/test-app.js';

// Moderations sent many times at once, as the CLI and the merchant's mutation send them: the tallies
// move once per change of status, whatever the interleaving. PGlite runs one transaction at a time,
// so the race is real only on PostgreSQL; the embedded run checks the same answers one after another.
const racers = 8;

let database: Database;
let shop: TestStore;
let lamp: Product;

beforeAll(async () => {
  database = await openTestDatabase();
  shop = await makeStore(database);
  lamp = await createProduct(database, shop.store, { title: 'Lamp' });
});
afterAll(() => database.close());

async function tallies() {
  const [product, store, tally] = await Promise.all([
    database.prisma.product.findUniqueOrThrow({ where: { id: lamp.id } }),
    database.prisma.store.findUniqueOrThrow({ where: { id: shop.store.id } }),
    database.prisma.productRating.findUnique({ where: { productId: lamp.id } }),
  ]);
  return {
    product: { rating: product.rating.toFixed(2), reviewCount: product.reviewCount },
    store: { rating: store.rating.toFixed(2), ratingCount: store.ratingCount, reviewCountAll: store.reviewCountAll, reviewStarsAll: store.reviewStarsAll },
    stars: tally ? [tally.stars1, tally.stars2, tally.stars3, tally.stars4, tally.stars5] : null,
  };
}

describe('moderations at once', () => {
  it('count one review once however many approvals race, and uncount it once however many rejections', async () => {
    const review = await addReview(database, shop.store, lamp, { rating: 4 });
    await Promise.all(Array.from({ length: racers }, () => moderate(database, shop.store, review.uid, 'approved')));
    expect(await tallies()).toEqual({
      product: { rating: '4.00', reviewCount: 1 },
      store: { rating: '4.00', ratingCount: 1, reviewCountAll: 1, reviewStarsAll: 4 },
      stars: [0, 0, 0, 1, 0],
    });
    await Promise.all(Array.from({ length: racers }, (_, i) => moderate(database, shop.store, review.uid, i % 2 ? 'rejected' : 'approved')));
    const settled = await database.prisma.review.findUniqueOrThrow({ where: { id: review.id } });
    const counted = settled.status === 'approved' ? 1 : 0;
    expect((await tallies()).stars).toEqual([0, 0, 0, counted, 0]);
  });

  it('keep every one of many reviews approved at once, on the product and on the store', async () => {
    const before = await tallies();
    const reviews = await Promise.all([1, 2, 3, 4, 5, 5, 4, 3].map((rating) => addReview(database, shop.store, lamp, { rating })));
    await Promise.all(reviews.map((r) => moderate(database, shop.store, r.uid, 'approved')));
    const after = await tallies();
    const stars = after.stars!.map((n, i) => n - before.stars![i]!);
    expect(stars).toEqual([1, 1, 2, 2, 2]);
    expect(after.store.reviewCountAll - before.store.reviewCountAll).toBe(8);
    expect(after.store.reviewStarsAll - before.store.reviewStarsAll).toBe(27);
    const all = await database.prisma.review.findMany({ where: { productId: lamp.id, status: 'approved' } });
    const mean = all.reduce((sum, r) => sum + r.rating, 0) / all.length;
    expect(after.product).toEqual({ rating: mean.toFixed(2), reviewCount: all.length });
  });
});
