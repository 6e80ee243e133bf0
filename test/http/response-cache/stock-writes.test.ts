import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Product } from '../../../src/generated/prisma/client.js';
import { openKv } from '../../../src/platform/kv/open-kv.js';
import { session } from '../../support/cart.js';
import { createKettle, createProduct } from '../../support/catalog.js';
import { createDiscount } from '../../support/discounts.js';
import { get, graphql } from '../../support/http.js';
import { moveStatus } from '../../support/merchant-order-writes.js';
import { checkoutCart, chicago } from '../../support/orders.js';
import { makeStore, type TestStore } from '../../support/stores.js';
import { openTestDatabase, openTestKv, startTestApp, startTwoApps, type TestApp } from '../../support/test-app.js';
import type { Kv } from '../../../src/platform/kv/kv.js';

// A sale that leaves its products in stock replaces no catalogue version: the cached answers that
// did not read its products stay cached (no SQL statement, the same ETag), the ones that did are
// built again, and the ones whose order follows sales (sort=popular) too. A sell-out is a
// catalogue write like any other: every answer of the store is built again. So is the use of an
// automatic discount that reaches its limit: the discount stops lowering prices.

const env = { RATE_LIMIT_STOREFRONT: '100000', RATE_LIMIT_GRAPHQL: '100000', RATE_LIMIT_MERCHANT: '100000' };
const postgres = Boolean(process.env.TEST_DATABASE_URL);

let t: TestApp;
let shop: TestStore;
let kettle: Product;
let mug: Product;

beforeAll(async () => {
  t = await startTestApp(env);
});
afterAll(async () => t.close());

/** Kettle (two variants, 4 each), then Mug (6): the newest first, so page 1 of one card is the mug's and page 2 the kettle's. */
async function stock(app: TestApp) {
  shop = await makeStore(app.database);
  kettle = await createKettle(app.database, shop.store);
  mug = await createProduct(app.database, shop.store, { title: 'Mug', slug: 'mug', price: '8.00', stock: 6 });
}

const MUG_PAGE = '/v1/store/products?per_page=1&page=1';
const KETTLE_PAGE = '/v1/store/products?per_page=1&page=2';
const KETTLE = '/v1/store/products/kettle';
const POPULAR = '/v1/store/products?sort=popular&per_page=10';
const IN_STOCK = '/v1/store/products?in_stock=true&per_page=10';
const GRAPHQL_LIST = '{ products(first: 10) { edges { node { slug totalStock } } } }';

/** Reads a path until `app` answers it from its cache (no SQL statement), and answers that read. */
async function cached(app: TestApp, path: string) {
  for (let i = 0; i < 2; i += 1) await get(app.app, path, shop.publicKey);
  return read(app, path, 0);
}

/** One read, with the statements it cost: exactly `statements` when given. */
async function read(app: TestApp, path: string, statements?: number) {
  const before = app.database.statementCount();
  const res = await get(app.app, path, shop.publicKey);
  expect(res.status, res.raw).toBe(200);
  if (statements !== undefined) expect(app.database.statementCount() - before, `${path} answered from the cache`).toBe(statements);
  return { res, statements: app.database.statementCount() - before };
}

const slugsOf = (res: { body: { data: { slug: string }[] } }) => res.body.data.map((card) => card.slug);

async function buy(app: TestApp, lines: { product: Product; variant?: number; quantity: number }[]) {
  const items = [];
  for (const { product, variant, quantity } of lines) {
    const variants = await app.database.prisma.variant.findMany({ where: { productId: product.id }, orderBy: { position: 'asc' } });
    items.push({ item_id: product.id, ...(variant === undefined ? {} : { variant_id: variants[variant]!.id }), quantity });
  }
  return checkoutCart(app.app, shop, session(), items as never, { address: chicago, contact: { name: 'Ada Guest', email: 'ada@example.test' } });
}

describe('a checkout that leaves its products in stock', () => {
  beforeEach(() => stock(t));

  it('keeps the cached page that does not show its product, and rebuilds the detail and page that do', async () => {
    const mugPage = await cached(t, MUG_PAGE);
    expect(slugsOf(mugPage.res)).toEqual(['mug']);
    expect(slugsOf((await cached(t, KETTLE_PAGE)).res)).toEqual(['kettle']);
    expect((await cached(t, KETTLE)).res.body.data.inventory.quantity).toBe(8);

    await buy(t, [{ product: kettle, variant: 0, quantity: 1 }]);

    const again = await read(t, MUG_PAGE, 0);
    expect(again.res.headers.etag).toBe(mugPage.res.headers.etag);
    expect(again.res.body).toEqual(mugPage.res.body);
    expect((await read(t, KETTLE)).res.body.data.inventory.quantity).toBe(7);
    const kettlePage = await read(t, KETTLE_PAGE);
    expect(kettlePage.statements).toBeGreaterThan(0);
    expect(kettlePage.res.body.data[0].variant_summary.total_stock).toBe(7);
  });

  it('keeps a collection page in the merchant’s order that does not show its product, and rebuilds the one that does', async () => {
    const db = t.database.prisma;
    for (const [slug, product] of [
      ['mugs', mug],
      ['kettles', kettle],
    ] as const) {
      const collection = await db.collection.create({ data: { storeId: shop.store.id, name: slug, slug } });
      await db.collectionProduct.create({ data: { storeId: shop.store.id, collectionId: collection.id, productId: product.id } });
    }
    const mugs = await cached(t, '/v1/store/collections/mugs/products');
    expect(slugsOf(mugs.res)).toEqual(['mug']);
    await cached(t, '/v1/store/collections/kettles/products');

    await buy(t, [{ product: kettle, variant: 0, quantity: 1 }]);

    expect((await read(t, '/v1/store/collections/mugs/products', 0)).res.headers.etag).toBe(mugs.res.headers.etag);
    const kettles = await read(t, '/v1/store/collections/kettles/products');
    expect(kettles.statements).toBeGreaterThan(0);
    expect(kettles.res.body.data[0].variant_summary.total_stock).toBe(7);
  });

  it('rebuilds a GraphQL list that shows its product', async () => {
    for (let i = 0; i < 3; i += 1) await graphql(t.app, shop.publicKey, GRAPHQL_LIST);
    await buy(t, [{ product: kettle, variant: 1, quantity: 2 }]);
    const res = await graphql(t.app, shop.publicKey, GRAPHQL_LIST);
    expect(res.body.data.products.edges.map((e: { node: unknown }) => e.node)).toEqual([
      { slug: 'mug', totalStock: 6 },
      { slug: 'kettle', totalStock: 6 },
    ]);
  });

  it('rebuilds the popular sort, whose order follows sales, even where its cards did not show the product', async () => {
    await buy(t, [{ product: kettle, variant: 0, quantity: 1 }]);
    expect(slugsOf((await cached(t, POPULAR)).res)).toEqual(['kettle', 'mug']);
    const popularFirst = '/v1/store/products?sort=popular&per_page=1';
    expect(slugsOf((await cached(t, popularFirst)).res)).toEqual(['kettle']);

    await buy(t, [{ product: mug, quantity: 2 }]);

    expect(slugsOf((await read(t, POPULAR)).res)).toEqual(['mug', 'kettle']);
    expect(slugsOf((await read(t, popularFirst)).res)).toEqual(['mug']);
  });

  it('keeps the in-stock list, whose members it does not change, and shows the new stock of its cards', async () => {
    const before = await cached(t, IN_STOCK);
    expect(before.res.body.meta.pagination.total).toBe(2);
    await buy(t, [{ product: mug, quantity: 1 }]);
    const after = await read(t, IN_STOCK);
    expect(after.res.body.meta.pagination.total).toBe(2);
    expect(after.res.body.data.find((card: { slug: string }) => card.slug === 'mug').inventory.quantity).toBe(5);
  });

  it('gives the units back on cancellation: the product’s reads show them, the other page stays cached', async () => {
    const mugPage = await cached(t, MUG_PAGE);
    const order = await buy(t, [{ product: kettle, variant: 0, quantity: 3 }]);
    expect((await cached(t, KETTLE)).res.body.data.inventory.quantity).toBe(5);

    const cancelled = await moveStatus(t, shop.privateKey, order.id, { status: 'cancelled' });
    expect(cancelled.status, cancelled.body).toBe(200);

    expect((await read(t, KETTLE)).res.body.data.inventory.quantity).toBe(8);
    expect((await read(t, MUG_PAGE, 0)).res.headers.etag).toBe(mugPage.res.headers.etag);
  });
});

describe('a checkout that sells a product out', () => {
  beforeEach(() => stock(t));

  it('replaces the store’s version: every answer is built again, and the in-stock list loses the product', async () => {
    const mugPage = await cached(t, MUG_PAGE);
    expect((await cached(t, IN_STOCK)).res.body.meta.pagination.total).toBe(2);

    await buy(t, [{ product: mug, quantity: 6 }]);

    const again = await read(t, KETTLE_PAGE);
    expect(again.statements).toBeGreaterThan(0);
    expect((await read(t, MUG_PAGE)).res.body.data[0].inventory.in_stock).toBe(false);
    expect(mugPage.res.body.data[0].inventory.in_stock).toBe(true);
    const inStock = await read(t, IN_STOCK);
    expect(slugsOf(inStock.res)).toEqual(['kettle']);
    expect(inStock.res.body.meta.pagination.total).toBe(1);
  });
});

describe('a checkout that uses an automatic discount', () => {
  beforeEach(() => stock(t));

  it('keeps the store’s version while the discount lasts; the use that reaches its limit, and the one given back, replace it', async () => {
    await createDiscount(t.database, shop.store, { title: 'Two mugs at half price', value: '50', productIds: [mug.id], maxUsageTotal: 2 });
    const kettlePage = await cached(t, KETTLE_PAGE);
    expect((await cached(t, MUG_PAGE)).res.body.data[0].discount_price).toBe(4);

    const first = await buy(t, [{ product: mug, quantity: 1 }]);
    expect(first.items[0].total_price).toBe(4);
    // One use of two: a stock write of the mug, not a catalogue write.
    expect((await read(t, KETTLE_PAGE, 0)).res.headers.etag).toBe(kettlePage.res.headers.etag);
    expect((await read(t, MUG_PAGE)).res.body.data[0].discount_price).toBe(4);

    const last = await buy(t, [{ product: mug, quantity: 1 }]);
    expect(last.items[0].total_price).toBe(4);
    expect((await read(t, KETTLE_PAGE)).statements).toBeGreaterThan(0);
    expect((await read(t, MUG_PAGE)).res.body.data[0].discount_price).toBe(8);

    await cached(t, KETTLE_PAGE);
    const cancelled = await moveStatus(t, shop.privateKey, last.id, { status: 'cancelled' });
    expect(cancelled.status, cancelled.body).toBe(200);
    expect((await read(t, KETTLE_PAGE)).statements).toBeGreaterThan(0);
    expect((await read(t, MUG_PAGE)).res.body.data[0].discount_price).toBe(4);
  });
});

describe('two processes sharing the database and the KV', () => {
  it('each keep the page the sale did not touch and rebuild the one it did', async () => {
    const apps = await startTwoApps(env);
    try {
      await stock(apps.a);
      const mugPage = await cached(apps.b, MUG_PAGE);
      await cached(apps.b, KETTLE);
      await buy(apps.a, [{ product: kettle, variant: 0, quantity: 2 }]);
      expect((await read(apps.b, KETTLE)).res.body.data.inventory.quantity).toBe(6);
      expect((await read(apps.b, MUG_PAGE, 0)).res.headers.etag).toBe(mugPage.res.headers.etag);
    } finally {
      await apps.close();
    }
  });
});

describe.runIf(postgres)('two processes on PostgreSQL without Redis', () => {
  it('hear the sale through PostgreSQL’s notifications: the product’s reads are rebuilt, the other page stays cached', async () => {
    // Each process keeps its tokens in its own memory, as with no REDIS_URL.
    const [kvA, kvB] = [openKv(undefined), openKv(undefined)];
    const [databaseA, databaseB] = await Promise.all([openTestDatabase(), openTestDatabase()]);
    const a = await startTestApp(env, { database: databaseA, kv: kvA });
    const b = await startTestApp(env, { database: databaseB, kv: kvB });
    try {
      await stock(a);
      const mugPage = await cached(b, MUG_PAGE);
      await cached(b, KETTLE);
      await buy(a, [{ product: kettle, variant: 1, quantity: 1 }]);
      await expect.poll(async () => (await get(b.app, KETTLE, shop.publicKey)).body.data.inventory.quantity, { timeout: 10_000 }).toBe(7);
      expect((await read(b, MUG_PAGE, 0)).res.headers.etag).toBe(mugPage.res.headers.etag);
    } finally {
      await a.close();
      await b.close();
      await Promise.all([databaseA.close(), databaseB.close(), kvA.close(), kvB.close()]);
    }
  });
});

/** The KV, counting the reads made through it (rate limits count with `increment`, which is not one). */
function countingReads(kv: Kv, reads: { count: number }): Kv {
  return new Proxy(kv, {
    get(target, name, receiver) {
      const value = Reflect.get(target, name, receiver) as unknown;
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        if (name === 'get' || name === 'getMany') reads.count += 1;
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
}

describe('the cost of a hit in KV reads', () => {
  it('is one read (versions and sales token together), and one more for the first hit of an answer after a sale elsewhere', async () => {
    const reads = { count: 0 };
    const kv = openTestKv();
    const app = await startTestApp(env, { kv: countingReads(kv, reads) });
    const readsOf = async (path: string) => {
      const before = reads.count;
      await read(app, path, 0);
      return reads.count - before;
    };
    try {
      await stock(app);
      await cached(app, MUG_PAGE);
      expect(await readsOf(MUG_PAGE)).toBe(1);
      await buy(app, [{ product: kettle, variant: 0, quantity: 1 }]);
      expect(await readsOf(MUG_PAGE)).toBe(2);
      expect(await readsOf(MUG_PAGE)).toBe(1);
    } finally {
      await app.close();
      await kv.close();
    }
  });
});
