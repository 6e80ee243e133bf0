import { afterAll, describe, expect, it } from 'vitest';
import { openKv } from '../../src/platform/kv/open-kv.js';
import { createProduct } from '../support/catalog.js';
import { failureEnvelope } from '../support/failure.js';
import { get } from '../support/http.js';
import { startTestApp } from '../support/test-app.js';
import { cliJson, pointCliAtTestDatabase, uniqueSlug } from './cli-harness.js';

// A server and the CLI as two processes on one PostgreSQL (each with its own connections): with
// Redis, the CLI's writes replace the catalogue versions there; without it, they reach the server's
// own versions through PostgreSQL's notifications. Either way the server's cached answers and keys do
// not outlive them. (The embedded engine opens in one process at a time, so a CLI never writes beside
// a server there.)
const fleet = Boolean(process.env.TEST_DATABASE_URL && process.env.REDIS_URL);
const postgres = Boolean(process.env.TEST_DATABASE_URL);
const db = pointCliAtTestDatabase();
afterAll(() => db.cleanup());

describe.runIf(fleet)('CLI writes beside a running server', () => {
  it('reach the server’s next read: a renamed store on a cached card, then a revoked key refused', async () => {
    const slug = uniqueSlug();
    await cliJson('store', 'create', '--name', 'Before', '--slug', slug);
    const key = await cliJson('key', 'create', '--store', slug, '--kind', 'public', '--origins', '*');
    const database = await db.open();
    // The KV the server and the CLI open by default: Redis under its own prefix.
    const kv = openKv(process.env.REDIS_URL);
    const t = await startTestApp({}, { database, kv });
    try {
      const store = await database.prisma.store.findUniqueOrThrow({ where: { slug } });
      await createProduct(database, store, { title: 'Lamp', slug: 'lamp' });
      for (let i = 0; i < 3; i += 1) expect((await get(t.app, '/v1/store/products/lamp', key.key)).body.data.shop.name).toBe('Before');
      const before = database.statementCount();
      await get(t.app, '/v1/store/products/lamp', key.key);
      expect(database.statementCount() - before, 'answered from the cache').toBe(0);

      await cliJson('store', 'update', '--store', slug, '--name', 'After');
      expect((await get(t.app, '/v1/store/products/lamp', key.key)).body.data.shop.name).toBe('After');

      await cliJson('key', 'revoke', '--id', key.id);
      const refused = await get(t.app, '/v1/store/products/lamp', key.key);
      expect(refused.status).toBe(401);
      expect(refused.body).toEqual(failureEnvelope(refused, 'invalid_client_key', 'This API key was revoked.'));
    } finally {
      await t.close();
      await kv.close();
      await database.close();
    }
  });
});

describe.runIf(postgres)('CLI writes beside a running server without Redis', () => {
  it('reach the server’s next read through PostgreSQL’s notifications: a renamed store, then a revoked key', async () => {
    const redisUrl = process.env.REDIS_URL;
    delete process.env.REDIS_URL;
    const slug = uniqueSlug();
    const database = await db.open();
    // The server's versions and answers live in its own memory, as with no REDIS_URL.
    const kv = openKv(undefined);
    const t = await startTestApp({}, { database, kv });
    try {
      await cliJson('store', 'create', '--name', 'Before', '--slug', slug);
      const key = await cliJson('key', 'create', '--store', slug, '--kind', 'public', '--origins', '*');
      const store = await database.prisma.store.findUniqueOrThrow({ where: { slug } });
      await createProduct(database, store, { title: 'Lamp', slug: 'lamp' });
      for (let i = 0; i < 3; i += 1) expect((await get(t.app, '/v1/store/products/lamp', key.key)).body.data.shop.name).toBe('Before');
      const before = database.statementCount();
      await get(t.app, '/v1/store/products/lamp', key.key);
      expect(database.statementCount() - before, 'answered from the cache').toBe(0);

      await cliJson('store', 'update', '--store', slug, '--name', 'After');
      await expect.poll(async () => (await get(t.app, '/v1/store/products/lamp', key.key)).body.data.shop.name, { timeout: 10_000 }).toBe('After');

      await cliJson('key', 'revoke', '--id', key.id);
      await expect.poll(async () => (await get(t.app, '/v1/store/products/lamp', key.key)).status, { timeout: 10_000 }).toBe(401);
    } finally {
      if (redisUrl) process.env.REDIS_URL = redisUrl;
      await t.close();
      await kv.close();
      await database.close();
    }
  });
});

describe.runIf(postgres)('a key revoked by the CLI beside a server that caches no answers (RESPONSE_CACHE_MB=0)', () => {
  /** A server keeping the key at its store's catalogue version; `redis` false: its versions in its own memory, told of the CLI's writes by notifications. */
  async function keptKey(redis: boolean) {
    const redisUrl = process.env.REDIS_URL;
    if (!redis) delete process.env.REDIS_URL;
    const slug = uniqueSlug();
    const database = await db.open();
    const kv = openKv(redis ? process.env.REDIS_URL : undefined);
    const t = await startTestApp({ RESPONSE_CACHE_MB: '0' }, { database, kv });
    const close = async () => {
      if (redisUrl) process.env.REDIS_URL = redisUrl;
      await t.close();
      await kv.close();
      await database.close();
    };
    try {
      await cliJson('store', 'create', '--name', 'Uncached', '--slug', slug);
      const key = await cliJson('key', 'create', '--store', slug, '--kind', 'public', '--origins', '*');
      const store = await database.prisma.store.findUniqueOrThrow({ where: { slug } });
      await createProduct(database, store, { title: 'Lamp', slug: 'lamp' });
      for (let i = 0; i < 2; i += 1) expect((await get(t.app, '/v1/store/products/lamp', key.key)).status).toBe(200);
      const before = database.statementCount();
      await get(t.app, '/v1/store/products/lamp', key.key);
      expect(database.statementCount() - before, 'the key kept: the product page alone').toBe(1);
      return { t, key, close };
    } catch (error) {
      await close();
      throw error;
    }
  }

  it.runIf(fleet)('is refused on the server’s next request: the CLI replaced the version in Redis', async () => {
    const { t, key, close } = await keptKey(true);
    try {
      await cliJson('key', 'revoke', '--id', key.id);
      const refused = await get(t.app, '/v1/store/products/lamp', key.key);
      expect(refused.body).toEqual(failureEnvelope(refused, 'invalid_client_key', 'This API key was revoked.'));
    } finally {
      await close();
    }
  });

  it('is refused once PostgreSQL’s notification reaches the server, without Redis', async () => {
    const { t, key, close } = await keptKey(false);
    try {
      await cliJson('key', 'revoke', '--id', key.id);
      await expect.poll(async () => (await get(t.app, '/v1/store/products/lamp', key.key)).status, { timeout: 10_000 }).toBe(401);
    } finally {
      await close();
    }
  });
});
