import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey, revokeApiKey } from '../../src/domain/keys/manage-keys.js';
import { createProduct } from '../support/catalog.js';
import { call, get } from '../support/http.js';
import { makeKey, makeStore, type TestStore } from '../support/stores.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { expectFailure } from '../support/failure.js';

// Merchant spec, Authentication and Errors: every key failure, on GET /api/v1/merchant/products.

let t: TestApp;
let shop: TestStore;
let other: TestStore;

beforeAll(async () => {
  t = await startTestApp();
  shop = await makeStore(t.database, { name: 'Merchant Auth Shop' });
  other = await makeStore(t.database, { name: 'Someone Else' });
});
afterAll(() => t.close());

const PRODUCTS = '/api/v1/merchant/products';

describe('A valid private key', () => {
  it('answers 200 with the list envelope', async () => {
    const res = await get(t.app, PRODUCTS, shop.privateKey);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'success', message: expect.any(String), data: [], has_more: false, next_cursor: null });
  });
});

describe('Key failures', () => {
  it('answers 401 unauthenticated with no key', async () => {
    expectFailure(await get(t.app, PRODUCTS), 401, 'unauthenticated');
  });

  it('answers 401 invalid_client_key for an unknown key', async () => {
    expectFailure(await get(t.app, PRODUCTS, 'sk_live_thisKeyWasNeverMinted000000000000'), 401, 'invalid_client_key');
  });

  it('answers 403 private_key_required for a public key', async () => {
    expectFailure(await get(t.app, PRODUCTS, shop.publicKey), 403, 'private_key_required');
  });

  it('answers 403 private_key_required for an allowlisted public key sent with its Origin', async () => {
    const key = await makeKey(t.database, { store: shop.store.slug, kind: 'public', origins: ['https://a.example'] });
    expectFailure(await get(t.app, PRODUCTS, key, { origin: 'https://a.example' }), 403, 'private_key_required');
  });

  it('answers 403 api_key_revoked for a revoked key', async () => {
    const ctx = { db: t.database.prisma, now: new Date() };
    const { apiKey, secret } = await createApiKey(ctx, { store: shop.store.slug, kind: 'private', scopes: ['merchant-items-read'] });
    expect((await get(t.app, PRODUCTS, secret)).status).toBe(200);
    await revokeApiKey(ctx, apiKey.id);
    expectFailure(await get(t.app, PRODUCTS, secret), 403, 'api_key_revoked');
  });

  it('answers 403 api_key_expired for an expired key', async () => {
    const key = await makeKey(t.database, {
      store: shop.store.slug,
      kind: 'private',
      scopes: ['merchant-items-read'],
      expiresAt: new Date(Date.now() - 1_000),
    });
    expectFailure(await get(t.app, PRODUCTS, key), 403, 'api_key_expired');
  });

  it('answers 403 plan_inactive when the store plan has no API access', async () => {
    const inactive = await makeStore(t.database, { plan: 'inactive' });
    expectFailure(await get(t.app, PRODUCTS, inactive.privateKey), 403, 'plan_inactive');
  });
});

describe('Key mode', () => {
  it('answers 401 api_key_mode_mismatch for an sk_live key on a store switched to dev', async () => {
    const switched = await makeStore(t.database);
    expect(switched.privateKey).toMatch(/^sk_live_/);
    await t.database.prisma.store.update({ where: { id: switched.store.id }, data: { mode: 'dev' } });
    expectFailure(await get(t.app, PRODUCTS, switched.privateKey), 401, 'api_key_mode_mismatch');
  });

  it('answers 401 api_key_mode_mismatch for a dev store sk_test key after the store goes live', async () => {
    const dev = await makeStore(t.database, { dev: true });
    expect(dev.privateKey).toMatch(/^sk_test_/);
    expect((await get(t.app, PRODUCTS, dev.privateKey)).status).toBe(200);
    await t.database.prisma.store.update({ where: { id: dev.store.id }, data: { mode: 'live' } });
    expectFailure(await get(t.app, PRODUCTS, dev.privateKey), 401, 'api_key_mode_mismatch');
  });
});

describe('Scopes', () => {
  it('answers 403 insufficient_scope naming merchant-items-read for a key with only merchant-orders-read', async () => {
    const key = await makeKey(t.database, { store: shop.store.slug, kind: 'private', scopes: ['merchant-orders-read'] });
    expectFailure(await get(t.app, PRODUCTS, key), 403, 'insufficient_scope', expect.stringContaining('merchant-items-read'));
  });

  it('answers 200 with exactly merchant-items-read', async () => {
    const key = await makeKey(t.database, { store: shop.store.slug, kind: 'private', scopes: ['merchant-items-read'] });
    expect((await get(t.app, PRODUCTS, key)).status).toBe(200);
  });

  it('answers 403 insufficient_scope for a key with no scope at all', async () => {
    const key = await makeKey(t.database, { store: shop.store.slug, kind: 'private' });
    expectFailure(await get(t.app, PRODUCTS, key), 403, 'insufficient_scope', expect.stringContaining('merchant-items-read'));
  });
});

describe('Store header', () => {
  it("answers 403 with the older body { error: 'VENDOR_ACCESS_DENIED', message } when X-Store-Id names another store's id", async () => {
    const res = await get(t.app, PRODUCTS, shop.privateKey, { 'x-store-id': other.store.id });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: 'VENDOR_ACCESS_DENIED', message: expect.any(String) });
  });

  it("answers VENDOR_ACCESS_DENIED for another store's slug too", async () => {
    const res = await get(t.app, PRODUCTS, shop.privateKey, { 'x-store-id': other.store.slug });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: 'VENDOR_ACCESS_DENIED', message: expect.any(String) });
  });

  it('answers 200 when the header names its own store by id', async () => {
    expect((await get(t.app, PRODUCTS, shop.privateKey, { 'x-store-id': shop.store.id })).status).toBe(200);
  });

  it('answers 200 when the header names its own store by slug', async () => {
    expect((await get(t.app, PRODUCTS, shop.privateKey, { 'x-store-id': shop.store.slug })).status).toBe(200);
  });
});

describe('Paths outside the Merchant API', () => {
  it('answers 403 route_not_available for /api/v1/merchant/nope with a key', async () => {
    expectFailure(await get(t.app, '/api/v1/merchant/nope', shop.privateKey), 403, 'route_not_available');
  });

  it('answers 401 unauthenticated for /api/v1/merchant/nope without a key', async () => {
    expectFailure(await get(t.app, '/api/v1/merchant/nope'), 401, 'unauthenticated');
  });

  it.each([
    ['/api/v1/vendor/products', '/api/v1/merchant/products'],
    ['/api/vendor/products', '/api/v1/merchant/products'],
    ['/api/v1/vendor/store', '/api/v1/merchant/store'],
  ])('answers 403 route_not_available on the retired path %s, naming %s', async (retired, current) => {
    const res = await get(t.app, retired, shop.privateKey);
    expectFailure(res, 403, 'route_not_available', expect.stringContaining(current));
  });

  it('answers 403 route_not_available on a retired path with a query string, naming the current path', async () => {
    const res = await get(t.app, '/api/v1/vendor/products?limit=5', shop.privateKey);
    expectFailure(res, 403, 'route_not_available', expect.stringContaining('/api/v1/merchant/products'));
  });
});

describe('Methods', () => {
  it('answers 405 method_not_allowed with an Allow header for DELETE /api/v1/merchant/store', async () => {
    const res = await call(t.app, { method: 'DELETE', url: '/api/v1/merchant/store', key: shop.privateKey });
    expectFailure(res, 405, 'method_not_allowed');
    expect(res.headers.allow).toBe('GET, HEAD');
  });
});

describe('Tenancy', () => {
  it("lists only the key's own store products", async () => {
    await createProduct(t.database, other.store, { title: 'Not Yours' });
    const mine = await get(t.app, PRODUCTS, shop.privateKey);
    expect(mine.body.data.map((p: { title: string }) => p.title)).not.toContain('Not Yours');
    const theirs = await get(t.app, PRODUCTS, other.privateKey);
    expect(theirs.body.data.map((p: { title: string }) => p.title)).toContain('Not Yours');
  });
});
