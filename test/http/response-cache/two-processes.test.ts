import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '../../../src/generated/prisma/client.js';
import { createProduct } from '../../support/catalog.js';
import { get, graphql } from '../../support/http.js';
import { makeStore, type TestStore } from '../../support/stores.js';
import { startTwoApps, type TestApp, type TwoApps } from '../../support/test-app.js';
import { send } from '../../support/writes.js';

// Two processes (test/support/test-app.ts startTwoApps): on the services run, the only way one can
// learn of the other's write is the catalogue version in Redis.
const fleet = Boolean(process.env.TEST_DATABASE_URL && process.env.REDIS_URL);
let a: TestApp;
let b: TestApp;
let apps: TwoApps;
let shop: TestStore;
let lamp: Product;

beforeAll(async () => {
  apps = await startTwoApps({ RATE_LIMIT_STOREFRONT: '100000', RATE_LIMIT_GRAPHQL: '100000', RATE_LIMIT_MERCHANT: '100000' });
  ({ a, b } = apps);
  shop = await makeStore(a.database);
  lamp = await createProduct(a.database, shop.store, { title: 'Lamp', slug: 'lamp', price: '40.00' });
});
afterAll(() => apps.close());

/** Reads until `app` answers from its cache, and answers how many statements the last read cost. */
async function warm(app: TestApp, path: string) {
  for (let i = 0; i < 2; i += 1) await get(app.app, path, shop.publicKey);
  const before = app.database.statementCount();
  const res = await get(app.app, path, shop.publicKey);
  return { res, statements: app.database.statementCount() - before };
}

describe('two processes on one database and one KV', () => {
  it('never answer from before a write the other made: the next read of either shows it', async () => {
    const path = '/v1/store/products/lamp';
    expect((await warm(b, path)).statements).toBe(0);
    expect((await warm(a, path)).statements).toBe(0);
    const res = await send(a.app, shop.privateKey, 'PUT', `/products/${lamp.id}`, { price: 35 });
    expect(res.status, res.raw).toBe(200);
    expect((await get(b.app, path, shop.publicKey)).body.data.price).toBe(35);
    expect((await get(a.app, path, shop.publicKey)).body.data.price).toBe(35);
  });

  it('never answer a GraphQL read from before the other’s unpublishing', async () => {
    const query = '{ products(first: 5) { edges { node { slug } } } }';
    for (let i = 0; i < 3; i += 1) await graphql(b.app, shop.publicKey, query);
    const off = await send(a.app, shop.privateKey, 'POST', '/products/publish', { ids: [lamp.id], published: false });
    expect(off.status, off.raw).toBe(200);
    expect((await graphql(b.app, shop.publicKey, query)).body.data.products.edges).toEqual([]);
    await send(a.app, shop.privateKey, 'POST', '/products/publish', { ids: [lamp.id], published: true });
  });

  it.runIf(fleet)('share answers through Redis: one process builds, the other answers with no SQL statement', async () => {
    const path = '/v1/store/products?per_page=5';
    await warm(b, '/v1/store/locales');
    await warm(a, path);
    const before = b.database.statementCount();
    const res = await get(b.app, path, shop.publicKey);
    expect(res.status).toBe(200);
    expect(b.database.statementCount() - before).toBe(0);
  });
});
