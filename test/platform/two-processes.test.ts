import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '../support/catalog.js';
import { get } from '../support/http.js';
import { makeStore, type TestStore } from '../support/stores.js';
import { startTwoApps, type TestApp, type TwoApps } from '../support/test-app.js';

let a: TestApp;
let b: TestApp;
let apps: TwoApps;
let shop: TestStore;

beforeAll(async () => {
  // Pinned inside one rate-limit window, so the two calls below cannot fall on either side of a boundary.
  const now = Date.now();
  apps = await startTwoApps({}, () => now - (now % 60_000) + 30_000);
  ({ a, b } = apps);
  shop = await makeStore(a.database);
  for (let i = 0; i < 3; i += 1) await createProduct(a.database, shop.store, { title: `Shared ${i}`, createdAt: new Date(Date.UTC(2026, 0, 1 + i)) });
});
afterAll(() => apps.close());

describe('several processes on one database and one KV', () => {
  it('accept each other’s cursors, because the signing secret lives in the database', async () => {
    const first = await get(a.app, '/v1/store/products?per_page=1', shop.publicKey);
    const next = await get(b.app, `/v1/store/products?per_page=1&starting_after=${encodeURIComponent(first.body.next_cursor)}`, shop.publicKey);
    expect(next.status).toBe(200);
    expect(next.body.data[0].title).toBe('Shared 1');
  });

  it('count one rate-limit budget', async () => {
    const fromA = await get(a.app, '/v1/store/info', shop.privateKey);
    const fromB = await get(b.app, '/v1/store/info', shop.privateKey);
    expect(Number(fromB.headers['x-ratelimit-remaining'])).toBe(Number(fromA.headers['x-ratelimit-remaining']) - 1);
  });
});
