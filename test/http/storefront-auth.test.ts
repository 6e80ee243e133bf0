import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey, revokeApiKey } from '../../src/domain/keys/manage-keys.js';
import { call, get } from '../support/http.js';
import { makeKey, makeStore, type TestStore } from '../support/stores.js';
import { openTestKv, startTestApp, type TestApp } from '../support/test-app.js';
import type { Kv } from '../../src/platform/kv/kv.js';
import { expectFailure } from '../support/failure.js';

// Storefront spec, Authentication: every row of the failure table, on GET /v1/store/info.

let t: TestApp;
let shop: TestStore;
let other: TestStore;

beforeAll(async () => {
  t = await startTestApp();
  shop = await makeStore(t.database, { name: 'Auth Shop' });
  other = await makeStore(t.database, { name: 'Other Shop' });
});
afterAll(() => t.close());

const INFO = '/v1/store/info';

/** The real KV, noting the name of each call made through it. */
function notingKv(kv: Kv, calls: string[]): Kv {
  return {
    increment: (key, ttlMs) => (calls.push('increment'), kv.increment(key, ttlMs)),
    decrement: (key) => (calls.push('decrement'), kv.decrement(key)),
    get: (key) => (calls.push('get'), kv.get(key)),
    set: (key, value, options) => (calls.push('set'), kv.set(key, value, options)),
    delete: (key) => (calls.push('delete'), kv.delete(key)),
    getMany: (keys) => (calls.push('getMany'), kv.getMany(keys)),
    setMany: (entries) => (calls.push('setMany'), kv.setMany(entries)),
    addToTally: (index, key, counts) => (calls.push('addToTally'), kv.addToTally(index, key, counts)),
    takeTallies: (index) => (calls.push('takeTallies'), kv.takeTallies(index)),
    addToSketch: (key, members, ttlMs) => (calls.push('addToSketch'), kv.addToSketch(key, members, ttlMs)),
    sketchCount: (key) => (calls.push('sketchCount'), kv.sketchCount(key)),
    close: () => kv.close(),
    get shared() {
      return kv.shared;
    },
    get degraded() {
      return kv.degraded;
    },
  };
}

describe('X-Client-Key', () => {
  it('answers 401 client_key_required when the header is missing', async () => {
    const res = await get(t.app, INFO);
    expectFailure(res, 401, 'client_key_required');
  });

  it('answers 401 client_key_required when the header is empty', async () => {
    const res = await get(t.app, INFO, undefined, { 'x-client-key': '' });
    expectFailure(res, 401, 'client_key_required');
  });

  it('answers 401 invalid_client_key for an unknown key', async () => {
    const res = await get(t.app, INFO, 'pk_live_thisKeyWasNeverMinted000000000000');
    expectFailure(res, 401, 'invalid_client_key');
  });

  it('answers 401 invalid_client_key for a revoked key', async () => {
    const ctx = { db: t.database.prisma, now: new Date() };
    const { apiKey, secret } = await createApiKey(ctx, { store: shop.store.slug, kind: 'public', origins: ['*'] });
    expect((await get(t.app, INFO, secret)).status).toBe(200);
    await revokeApiKey(ctx, apiKey.id);
    expectFailure(await get(t.app, INFO, secret), 401, 'invalid_client_key');
  });

  it('answers 401 invalid_client_key for a revoked private key too', async () => {
    const ctx = { db: t.database.prisma, now: new Date() };
    const { apiKey, secret } = await createApiKey(ctx, { store: shop.store.slug, kind: 'private', scopes: ['all'] });
    await t.database.prisma.apiKey.update({ where: { id: apiKey.id }, data: { revokedAt: new Date() } });
    expectFailure(await get(t.app, INFO, secret), 401, 'invalid_client_key');
  });

  it('answers 401 invalid_client_key for an expired key', async () => {
    const key = await makeKey(t.database, { store: shop.store.slug, kind: 'public', origins: ['*'], expiresAt: new Date(Date.now() - 60_000) });
    expectFailure(await get(t.app, INFO, key), 401, 'invalid_client_key');
  });

  it('accepts a key whose expiry is still ahead', async () => {
    const key = await makeKey(t.database, { store: shop.store.slug, kind: 'public', origins: ['*'], expiresAt: new Date(Date.now() + 3_600_000) });
    expect((await get(t.app, INFO, key)).status).toBe(200);
  });
});

describe('Public key Origin allowlist', () => {
  let allowlisted: string;
  let twoOrigins: string;

  beforeAll(async () => {
    allowlisted = await makeKey(t.database, { store: shop.store.slug, kind: 'public', origins: ['https://a.example'] });
    twoOrigins = await makeKey(t.database, { store: shop.store.slug, kind: 'public', origins: ['https://a.example', 'https://b.example:8443'] });
  });

  it('answers 403 origin_required when an allowlisted key is sent without Origin', async () => {
    expectFailure(await get(t.app, INFO, allowlisted), 403, 'origin_required');
  });

  it('answers 403 origin_not_allowed, listing the allowed origins, when Origin is not on the list', async () => {
    const res = await get(t.app, INFO, twoOrigins, { origin: 'https://evil.example' });
    expectFailure(res, 403, 'origin_not_allowed', expect.stringContaining('https://a.example'));
    expect(res.body.message).toContain('https://b.example:8443');
  });

  it('compares the whole origin: scheme and port count', async () => {
    expectFailure(await get(t.app, INFO, allowlisted, { origin: 'http://a.example' }), 403, 'origin_not_allowed');
    expectFailure(await get(t.app, INFO, allowlisted, { origin: 'https://a.example:444' }), 403, 'origin_not_allowed');
    expectFailure(await get(t.app, INFO, allowlisted, { origin: 'https://sub.a.example' }), 403, 'origin_not_allowed');
  });

  it('answers 200 when Origin is on the list', async () => {
    const res = await get(t.app, INFO, allowlisted, { origin: 'https://a.example' });
    expect(res.status).toBe(200);
    expect(res.body.data.id).toBe(shop.store.id);
    expect((await get(t.app, INFO, twoOrigins, { origin: 'https://b.example:8443' })).status).toBe(200);
  });

  it('answers any Origin, and none, when the allowlist is *', async () => {
    expect((await get(t.app, INFO, shop.publicKey)).status).toBe(200);
    expect((await get(t.app, INFO, shop.publicKey, { origin: 'https://anything.example' })).status).toBe(200);
    expect((await get(t.app, INFO, shop.publicKey, { origin: 'null' })).status).toBe(200);
  });
});

describe('Private key', () => {
  it('needs no Origin', async () => {
    const res = await get(t.app, INFO, shop.privateKey);
    expect(res.status).toBe(200);
    expect(res.body.data.id).toBe(shop.store.id);
  });

  it('is not checked against any Origin either', async () => {
    expect((await get(t.app, INFO, shop.privateKey, { origin: 'https://anything.example' })).status).toBe(200);
  });
});

describe('Store plan', () => {
  it('answers 403 plan_inactive for a store whose plan has no API access', async () => {
    const inactive = await makeStore(t.database, { plan: 'inactive' });
    expectFailure(await get(t.app, INFO, inactive.publicKey), 403, 'plan_inactive');
    expectFailure(await get(t.app, INFO, inactive.privateKey), 403, 'plan_inactive');
  });

  it('answers again once the plan is active', async () => {
    const lapsed = await makeStore(t.database, { plan: 'inactive' });
    await t.database.prisma.store.update({ where: { id: lapsed.store.id }, data: { plan: 'active' } });
    expect((await get(t.app, INFO, lapsed.publicKey)).status).toBe(200);
  });
});

describe('Key mode', () => {
  it('answers 401 api_key_mode_mismatch for a live key on a store switched to dev', async () => {
    const switched = await makeStore(t.database);
    expect(switched.publicKey).toMatch(/^pk_live_/);
    await t.database.prisma.store.update({ where: { id: switched.store.id }, data: { mode: 'dev' } });
    expectFailure(await get(t.app, INFO, switched.publicKey), 401, 'api_key_mode_mismatch');
    expectFailure(await get(t.app, INFO, switched.privateKey), 401, 'api_key_mode_mismatch');
  });

  it('answers a dev store with its own test keys', async () => {
    const dev = await makeStore(t.database, { dev: true });
    expect(dev.publicKey).toMatch(/^pk_test_/);
    const res = await get(t.app, INFO, dev.publicKey);
    expect(res.status).toBe(200);
    expect(res.body.data.dev_store).toBe(true);
  });
});

describe('Paths outside the Storefront API', () => {
  it.each(['/v1/nope', '/v1/store/unknown', '/v1/store/info/extra'])('answers 404 route_not_available for GET %s', async (url) => {
    expectFailure(await get(t.app, url, shop.publicKey), 404, 'route_not_available');
  });
});

describe('Methods', () => {
  it('answers 405 method_not_allowed with an Allow header for POST /v1/store/info', async () => {
    const res = await call(t.app, { method: 'POST', url: INFO, key: shop.publicKey });
    expectFailure(res, 405, 'method_not_allowed');
    expect(res.headers.allow).toBe('GET, HEAD');
  });

  it.each(['PUT', 'PATCH', 'DELETE'] as const)('answers 405 method_not_allowed for %s /v1/store/products', async (method) => {
    const res = await call(t.app, { method, url: '/v1/store/products', key: shop.publicKey });
    expectFailure(res, 405, 'method_not_allowed');
    expect(res.headers.allow).toBe('GET, HEAD');
  });
});

describe('Tenancy', () => {
  it("a key of store A reads A's store, never B's", async () => {
    const a = await get(t.app, INFO, shop.publicKey);
    const b = await get(t.app, INFO, other.publicKey);
    expect(a.body.data).toMatchObject({ id: shop.store.id, slug: shop.store.slug, name: 'Auth Shop' });
    expect(b.body.data).toMatchObject({ id: other.store.id, slug: other.store.slug, name: 'Other Shop' });
  });

  it('ignores a store header: the key alone names the store', async () => {
    const res = await get(t.app, INFO, shop.publicKey, { 'x-store-id': other.store.id });
    expect(res.status).toBe(200);
    expect(res.body.data.id).toBe(shop.store.id);
  });
});

describe('a key that opens nothing', () => {
  it.each([
    ['answers cached', {}],
    ['no answer cached (RESPONSE_CACHE_MB=0)', { RESPONSE_CACHE_MB: '0' }],
  ])('costs the same statements and KV calls unknown, revoked or expired, so its cost never tells a key that once existed: %s', async (_, env) => {
    const calls: string[] = [];
    const app = await startTestApp(env, { database: t.database, kv: notingKv(openTestKv(), calls) });
    try {
      const ctx = { db: t.database.prisma, now: new Date() };
      const { apiKey, secret: revoked } = await createApiKey(ctx, { store: shop.store.slug, kind: 'public', origins: ['*'] });
      const expired = await makeKey(t.database, { store: shop.store.slug, kind: 'public', origins: ['*'], expiresAt: new Date(Date.now() - 60_000) });
      // Used until this process keeps them in memory, as a key in use is.
      for (let i = 0; i < 3; i++) {
        expect((await get(app.app, INFO, revoked)).status).toBe(200);
        expect((await get(app.app, INFO, expired)).status).toBe(401);
      }
      await revokeApiKey(ctx, apiKey.id);
      expect((await get(app.app, INFO, revoked)).status).toBe(401);
      const cost = async (key: string) => {
        const before = t.database.statementCount();
        calls.length = 0;
        expectFailure(await get(app.app, INFO, key), 401, 'invalid_client_key');
        return { statements: t.database.statementCount() - before, kv: [...calls] };
      };
      const unknown = await cost('pk_live_thiskeywasnevermadebyanyoneatall00000');
      expect(unknown.statements).toBeGreaterThan(0);
      for (let i = 0; i < 2; i++) {
        expect(await cost(revoked)).toEqual(unknown);
        expect(await cost(expired)).toEqual(unknown);
      }
    } finally {
      await app.close();
    }
  });
});
