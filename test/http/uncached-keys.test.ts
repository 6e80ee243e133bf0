import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey, revokeApiKey } from '../../src/domain/keys/manage-keys.js';
import { updateStore } from '../../src/domain/store/manage-stores.js';
import { unannouncedClientOf } from '../../src/platform/database/operator-writes.js';
import { expectFailure } from '../support/failure.js';
import { get } from '../support/http.js';
import { makeStore } from '../support/stores.js';
import { startTestApp, startTwoApps, type TestApp } from '../support/test-app.js';

// With RESPONSE_CACHE_MB=0 no answer is cached, but a key is still read once per catalogue version
// of its store (src/auth/key-lookup.ts): a write of the key or its store replaces the version, in
// this process at once, in another through Redis or PostgreSQL's notifications (test/cli/catalogue-cache.test.ts),
// and one nobody hears of within RESPONSE_CACHE_MAX_AGE_S.

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
