import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Store } from '../../src/generated/prisma/client.js';
import { isLive } from '../../src/domain/discounts/liveness.js';
import type { Database } from '../../src/platform/database/database.js';
import { seedCatalog } from '../../src/seed/seed-catalog.js';
import { testMediaServices } from '../support/media.js';
import { makeStore } from '../support/stores.js';
import { openTestDatabase } from '../support/test-app.js';

// The seed merchandises its catalogue: promotions live, scheduled and ended, automatic discounts on
// products and on a category, coupons; the same for the same seed, written once per store.

let database: Database;
const media = testMediaServices();
const now = new Date('2031-05-01T00:00:00Z');
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const newStore = async (): Promise<Store> => (await makeStore(database)).store;

async function offersOf(store: Store) {
  const rows = await database.prisma.discount.findMany({ where: { storeId: store.id }, orderBy: [{ priority: 'desc' }, { title: 'asc' }] });
  const skus = new Map((await database.prisma.product.findMany({ where: { storeId: store.id }, select: { id: true, sku: true } })).map((p) => [p.id, p.sku]));
  return rows.map((d) => ({
    kind: d.kind,
    title: d.title,
    value: d.value.toFixed(2),
    products: d.productIds.map((id) => skus.get(id)),
    categories: d.categoryIds.length,
    live: isLive(d, now),
    image: d.imageUrl !== null,
  }));
}

describe('seed merchandising', () => {
  let first: Store;
  beforeAll(async () => {
    first = await newStore();
    await seedCatalog(database.prisma, first, { media, products: 20, seed: 3, now });
  });

  it('writes live, scheduled and ended promotions with artwork, automatic discounts and coupons', async () => {
    const offers = await offersOf(first);
    const promotions = offers.filter((o) => o.kind === 'promotion');
    expect(promotions.map((p) => p.live)).toEqual([true, true, true, false, false]);
    expect(promotions.every((p) => p.image)).toBe(true);
    const discounts = offers.filter((o) => o.kind === 'discount');
    expect(discounts).toHaveLength(4);
    expect(discounts.some((d) => d.categories === 1)).toBe(true);
    expect(await database.prisma.coupon.count({ where: { storeId: first.id } })).toBe(3);
  });

  it('is the same for the same seed, and writes its offers once per store', async () => {
    const second = await newStore();
    await seedCatalog(database.prisma, second, { media, products: 20, seed: 3, now });
    expect(await offersOf(second)).toEqual(await offersOf(first));
    const again = await seedCatalog(database.prisma, first, { media, products: 5, seed: 3, now });
    expect({ promotions: again.promotions, discounts: again.discounts, coupons: again.coupons }).toEqual({ promotions: 0, discounts: 0, coupons: 0 });
  });
});
