import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '../support/catalog.js';
import { get } from '../support/http.js';
import { makeStore, type TestStore } from '../support/stores.js';
import { openTestDatabase, openTestKv, startTestApp, type TestApp } from '../support/test-app.js';

// Two app instances stand for two server processes behind a load balancer. On the services run
// each has its own PostgreSQL pool and its own Redis connection; on the embedded default they
// share the one PGlite (which is one process by nature) but still keep separate KV objects only
// when Redis is there to connect them.
let a: TestApp;
let b: TestApp;
let shop: TestStore;

beforeAll(async () => {
  const prefix = `two:${randomUUID()}:`;
  // Pinned inside one rate-limit window, so the two calls below cannot fall on either side of a boundary.
  const now = Date.now();
  const clock = () => now - (now % 60_000) + 30_000;
  a = await startTestApp({}, { database: await openTestDatabase(), kv: openTestKv(prefix), clock });
  const databaseB = process.env.TEST_DATABASE_URL ? await openTestDatabase() : a.database;
  b = await startTestApp({}, { database: databaseB, kv: process.env.REDIS_URL ? openTestKv(prefix) : a.kv, clock });
  shop = await makeStore(a.database);
  for (let i = 0; i < 3; i += 1) await createProduct(a.database, shop.store, { title: `Shared ${i}`, createdAt: new Date(Date.UTC(2026, 0, 1 + i)) });
});
afterAll(async () => {
  await a.close();
  await b.close();
  if (b.database !== a.database) await b.database.close();
  await a.database.close();
  if (b.kv !== a.kv) await b.kv.close();
  await a.kv.close();
});

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
