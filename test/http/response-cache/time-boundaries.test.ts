import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '../../support/catalog.js';
import { createDiscount } from '../../support/discounts.js';
import { get, graphql } from '../../support/http.js';
import { makeStore, type TestStore } from '../../support/stores.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';

// Answers that change with no write at all: a discount starting or ending, a product no longer
// new. The cache keeps an answer only until the store's next such instant, so the read at that
// very millisecond is built again.

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const start = Date.UTC(2026, 10, 25, 12);
let clock = start;
let t: TestApp;
let shop: TestStore;

beforeAll(async () => {
  t = await startTestApp({ RATE_LIMIT_STOREFRONT: '100000', RATE_LIMIT_GRAPHQL: '100000' }, { clock: () => clock });
  shop = await makeStore(t.database);
  // A key's first read only learns its store; from the second on, its row is kept too.
  await get(t.app, '/v1/store/locales', shop.publicKey);
});
afterAll(async () => t.close());

/** Reads at the pinned instant, twice, the second from the cache. */
async function readAt(instant: number, path: string) {
  clock = instant;
  await get(t.app, path, shop.publicKey);
  const before = t.database.statementCount();
  const res = await get(t.app, path, shop.publicKey);
  return { res, cached: t.database.statementCount() === before };
}

describe('a discount’s window', () => {
  it('changes the cached price at the instant it opens and at the instant it closes', async () => {
    const product = await createProduct(t.database, shop.store, { title: 'Lamp', slug: 'lamp', price: '40.00' });
    const opens = start + HOUR;
    const closes = start + 2 * HOUR;
    await createDiscount(t.database, shop.store, {
      title: 'Lamp hour',
      value: '25',
      productIds: [product.id],
      validFrom: new Date(opens),
      validUntil: new Date(closes),
    });
    const path = '/v1/store/products/lamp';
    const priceAt = async (instant: number) => {
      const { res, cached } = await readAt(instant, path);
      expect(cached, `a repeat at ${new Date(instant).toISOString()} comes from the cache`).toBe(true);
      return res.body.data.discount_price;
    };
    expect(await priceAt(start)).toBe(40);
    expect(await priceAt(opens - 1)).toBe(40);
    expect(await priceAt(opens)).toBe(30);
    expect(await priceAt(closes - 1)).toBe(30);
    expect(await priceAt(closes)).toBe(40);
  });

  it('changes a cached GraphQL answer at the same instants', async () => {
    const own = await makeStore(t.database);
    const product = await createProduct(t.database, own.store, { title: 'Rug', slug: 'rug', price: '100.00' });
    const opens = start + 3 * HOUR;
    await createDiscount(t.database, own.store, { title: 'Rug morning', value: '10', productIds: [product.id], validFrom: new Date(opens) });
    const query = '{ product(slug: "rug") { discountPrice { amount } } }';
    const priceAt = async (instant: number) => {
      clock = instant;
      await graphql(t.app, own.publicKey, query);
      return (await graphql(t.app, own.publicKey, query)).body.data.product.discountPrice.amount;
    };
    expect(await priceAt(opens - 1)).toBe('100.00');
    expect(await priceAt(opens)).toBe('90.00');
  });
});

describe('a product’s first thirty days', () => {
  it('end in the cached answer at the instant they end', async () => {
    const own = await makeStore(t.database);
    const createdAt = new Date(start - 30 * DAY + HOUR);
    await createProduct(t.database, own.store, { title: 'Vase', slug: 'vase', createdAt });
    const newAt = async (instant: number) => {
      clock = instant;
      await get(t.app, '/v1/store/products/vase', own.publicKey);
      return (await get(t.app, '/v1/store/products/vase', own.publicKey)).body.data.flags.is_new;
    };
    expect(await newAt(start)).toBe(true);
    expect(await newAt(createdAt.getTime() + 30 * DAY - 1)).toBe(true);
    expect(await newAt(createdAt.getTime() + 30 * DAY)).toBe(false);
  });
});
