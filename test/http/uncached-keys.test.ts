import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey, revokeApiKey } from '../../src/domain/keys/manage-keys.js';
import { updateStore } from '../../src/domain/store/manage-stores.js';
import { unannouncedClientOf } from '../../src/platform/database/operator-writes.js';
import { createProduct } from '../support/catalog.js';
import { expectFailure } from '../support/failure.js';
import { get } from '../support/http.js';
import { makeStore } from '../support/stores.js';
import { openKv } from '../../src/platform/kv/open-kv.js';
import { openTestDatabase, startTestApp, startTwoApps, type TestApp } from '../support/test-app.js';
import { send } from '../support/writes.js';

// With RESPONSE_CACHE_MB=0 no answer is cached, but a key is still read once per facts token of its
// store (src/auth/key-lookup.ts): a write of the key or its store replaces the token, in this
// process at once, in another through Redis or PostgreSQL's notifications (test/cli/catalogue-cache.test.ts),
// and one nobody hears of within RESPONSE_CACHE_MAX_AGE_S. A product write leaves it.

const PRODUCTS = '/v1/store/products?per_page=5';
let clock = Date.UTC(2026, 10, 25, 12);
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ RESPONSE_CACHE_MB: '0', RESPONSE_CACHE_MAX_AGE_S: '1' }, { clock: () => clock });
});
afterAll(() => t.close());

const operator = () => ({ db: t.database.prisma, now: new Date(clock) });

/** Reads until the process keeps the key (from its second read on), then once more: the page's own statement alone. */
async function kept(app: TestApp, key: string) {
  for (let i = 0; i < 2; i += 1) expect((await get(app.app, PRODUCTS, key)).status).toBe(200);
  const before = app.database.statementCount();
  expect((await get(app.app, PRODUCTS, key)).status).toBe(200);
  expect(app.database.statementCount() - before, 'the key, the store and the total kept').toBe(1);
}

describe('a key kept by a process that caches no answers', () => {
  it('is refused on the very next request once revoked in this process', async () => {
    const shop = await makeStore(t.database);
    await kept(t, shop.publicKey);
    const key = await t.database.prisma.apiKey.findFirstOrThrow({ where: { storeId: shop.store.id, kind: 'public' } });
    await revokeApiKey(operator(), key.id);
    expectFailure(await get(t.app, PRODUCTS, shop.publicKey), 401, 'invalid_client_key', 'This API key was revoked.');
  });

  it('is refused on the very next request once its store is turned off or switched to dev mode', async () => {
    const shop = await makeStore(t.database);
    await kept(t, shop.publicKey);
    await updateStore(operator(), { store: shop.store.slug, plan: 'inactive' });
    expectFailure(await get(t.app, PRODUCTS, shop.publicKey), 403, 'plan_inactive');
    await updateStore(operator(), { store: shop.store.slug, plan: 'active', mode: 'dev' });
    expectFailure(await get(t.app, PRODUCTS, shop.publicKey), 401, 'api_key_mode_mismatch');
  });

  it('is refused at the instant it expires (the request’s clock), with no write at all', async () => {
    const shop = await makeStore(t.database);
    const expiresAt = new Date(clock + 60_000);
    const { secret } = await createApiKey(operator(), { store: shop.store.slug, kind: 'public', origins: ['*'], expiresAt });
    await kept(t, secret);
    clock = expiresAt.getTime() - 1;
    expect((await get(t.app, PRODUCTS, secret)).status).toBe(200);
    clock = expiresAt.getTime();
    expectFailure(await get(t.app, PRODUCTS, secret), 401, 'invalid_client_key');
  });

  it('is refused once RESPONSE_CACHE_MAX_AGE_S has passed after a revocation nobody announced (SQL by hand)', async () => {
    const shop = await makeStore(t.database);
    await kept(t, shop.publicKey);
    const key = await t.database.prisma.apiKey.findFirstOrThrow({ where: { storeId: shop.store.id, kind: 'public' } });
    await unannouncedClientOf(t.database.prisma).apiKey.update({ where: { id: key.id }, data: { revokedAt: new Date() } });
    expect((await get(t.app, PRODUCTS, shop.publicKey)).status, 'kept until the maximum age').toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expectFailure(await get(t.app, PRODUCTS, shop.publicKey), 401, 'invalid_client_key', 'This API key was revoked.');
  });
});

describe('two processes that cache no answers, on one database and one KV', () => {
  it('refuse a key on their next request once one of them revoked it', async () => {
    const apps = await startTwoApps({ RESPONSE_CACHE_MB: '0' });
    try {
      const shop = await makeStore(apps.a.database);
      await kept(apps.a, shop.publicKey);
      await kept(apps.b, shop.publicKey);
      const key = await apps.a.database.prisma.apiKey.findFirstOrThrow({ where: { storeId: shop.store.id, kind: 'public' } });
      await revokeApiKey({ db: apps.a.database.prisma, now: new Date() }, key.id);
      expectFailure(await get(apps.b.app, PRODUCTS, shop.publicKey), 401, 'invalid_client_key', 'This API key was revoked.');
      expectFailure(await get(apps.a.app, PRODUCTS, shop.publicKey), 401, 'invalid_client_key', 'This API key was revoked.');
    } finally {
      await apps.close();
    }
  });
});

describe('a store’s facts kept by a process that caches no answers', () => {
  const LAMP = '/v1/store/products/lamp';
  let u: TestApp;
  beforeAll(async () => {
    u = await startTestApp({ RESPONSE_CACHE_MB: '0', RATE_LIMIT_MERCHANT: '0' });
  });
  afterAll(() => u.close());

  /** A store with a lamp at 40.00, its product page read until the key and the store's facts are kept. */
  async function lampShop() {
    const shop = await makeStore(u.database, { locales: ['en'] });
    const lamp = await createProduct(u.database, shop.store, { title: 'Lamp', slug: 'lamp', price: '40.00' });
    for (let i = 0; i < 2; i += 1) expect((await get(u.app, LAMP, shop.publicKey)).status).toBe(200);
    expect((await read(shop.publicKey)).statements, 'the product page alone').toBe(1);
    return { shop, lamp };
  }

  async function read(key: string, path = LAMP) {
    const before = u.database.statementCount();
    const res = await get(u.app, path, key);
    expect(res.status, res.raw).toBe(200);
    return { res, statements: u.database.statementCount() - before };
  }

  it('keeps them, and the key, across a product write, which the next read shows', async () => {
    const { shop, lamp } = await lampShop();
    expect((await send(u.app, shop.privateKey, 'PUT', `/products/${lamp.id}`, { price: 35 })).status).toBe(200);
    const { res, statements } = await read(shop.publicKey);
    expect(res.body.data.price).toBe(35);
    expect(statements, 'the product page alone').toBe(1);
  });

  it('reads them again, with the key, on the next request after a discount or a locale changes', async () => {
    const { shop, lamp } = await lampShop();
    const discount = { title: 'Lamp week', type: 'percentage', value: 10, product_ids: [lamp.id], auto_apply: true, is_published: true };
    expect((await send(u.app, shop.privateKey, 'POST', '/discounts', discount)).status).toBe(201);
    const discounted = await read(shop.publicKey);
    expect(discounted.res.body.data.discount_price).toBe(36);
    expect(discounted.statements, 'the key with the store’s facts, the product page').toBe(2);
    expect((await send(u.app, shop.privateKey, 'POST', '/locales', { code: 'de', published: true })).status).toBe(201);
    expect((await read(shop.publicKey, `${LAMP}?locale=de`)).res.headers['content-language']).toBe('de');
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('two processes on PostgreSQL without Redis that cache no answers', () => {
  it('hear a product write through PostgreSQL’s notifications and keep the key; a revocation, and read it again', async () => {
    // Each process keeps its tokens in its own memory, as with no REDIS_URL: only the notifications tell one of the other's writes.
    const [kvA, kvB] = [openKv(undefined), openKv(undefined)];
    const [databaseA, databaseB] = await Promise.all([openTestDatabase(), openTestDatabase()]);
    const a = await startTestApp({ RESPONSE_CACHE_MB: '0', RATE_LIMIT_MERCHANT: '0' }, { database: databaseA, kv: kvA });
    const b = await startTestApp({ RESPONSE_CACHE_MB: '0' }, { database: databaseB, kv: kvB });
    try {
      const shop = await makeStore(a.database);
      const lamp = await createProduct(a.database, shop.store, { title: 'Lamp', slug: 'lamp', price: '40.00' });
      const LAMP = '/v1/store/products/lamp';
      for (let i = 0; i < 2; i += 1) expect((await get(b.app, LAMP, shop.publicKey)).status).toBe(200);
      expect((await send(a.app, shop.privateKey, 'PUT', `/products/${lamp.id}`, { price: 35 })).status).toBe(200);
      await expect.poll(async () => (await get(b.app, LAMP, shop.publicKey)).body.data.price, { timeout: 10_000 }).toBe(35);
      const before = b.database.statementCount();
      expect((await get(b.app, LAMP, shop.publicKey)).status).toBe(200);
      expect(b.database.statementCount() - before, 'the key kept across the product write: the product page alone').toBe(1);
      const key = await a.database.prisma.apiKey.findFirstOrThrow({ where: { storeId: shop.store.id, kind: 'public' } });
      await revokeApiKey({ db: a.database.prisma, now: new Date() }, key.id);
      await expect.poll(async () => (await get(b.app, LAMP, shop.publicKey)).status, { timeout: 10_000 }).toBe(401);
    } finally {
      await a.close();
      await b.close();
      await Promise.all([databaseA.close(), databaseB.close(), kvA.close(), kvB.close()]);
    }
  });
});
