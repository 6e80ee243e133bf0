import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/platform/database/database.js';
import type { Kv } from '../../src/platform/kv/kv.js';
import { openKv } from '../../src/platform/kv/open-kv.js';
import { RedisKv } from '../../src/platform/kv/redis-kv.js';
import { expectFailure } from '../support/failure.js';
import { get } from '../support/http.js';
import { openTestDatabase, openTestKv, startTestApp, type TestApp } from '../support/test-app.js';

// Liveness answers while the process runs and touches nothing; readiness checks the database (a
// trivial query) and the KV store (a read), and answers 503 service_unavailable naming what failed.
// /health is readiness under its older name (the benchmark polls it).

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

/** Given, so starting an app does not read the secret from a database that is down. */
const SECRET = { BAZAAR_SECRET: randomBytes(32).toString('base64url') };

/** A KV store nobody listens for: a real Redis client whose commands fail. */
const unreachableKv = (): Kv => RedisKv.connect('redis://127.0.0.1:1', { prefix: 'health-test:' });

/** A database that was opened, then closed: every query fails. */
async function closedDatabase(): Promise<Database> {
  const database = await openTestDatabase();
  await database.close();
  return database;
}

describe('GET /health/live', () => {
  it('answers 200 {status: "ok"}, never cached', async () => {
    const res = await get(t.app, '/health/live');
    expect({ status: res.status, body: res.body }).toEqual({ status: 200, body: { status: 'ok' } });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers 200 even when the database and the KV store do not', async () => {
    const down = await startTestApp(SECRET, { database: await closedDatabase(), kv: unreachableKv() });
    try {
      expect((await get(down.app, '/health/live')).status).toBe(200);
    } finally {
      await down.close();
      await down.kv.close();
    }
  });
});

describe.each(['/health/ready', '/health'])('GET %s', (url) => {
  it('answers 200 with each check ok and the database engine', async () => {
    const res = await get(t.app, url);
    expect({ status: res.status, body: res.body }).toEqual({
      status: 200,
      body: { status: 'ok', database: t.database.engine, checks: { database: 'ok', kv: 'ok' } },
    });
    expect(res.headers['cache-control']).toBe('no-store');
  });
});

describe('GET /health/ready when a dependency does not answer', () => {
  const cases: [string, () => Promise<{ database?: Database; kv?: Kv }>, string][] = [
    ['the database is closed', async () => ({ database: await closedDatabase() }), 'Not ready: the database did not answer.'],
    ['the KV store is unreachable', async () => ({ kv: unreachableKv() }), 'Not ready: the KV store did not answer.'],
    ['both are down', async () => ({ database: await closedDatabase(), kv: unreachableKv() }), 'Not ready: the database and the KV store did not answer.'],
  ];

  it.each(cases)('answers 503 service_unavailable when %s, naming it', async (_name, deps, message) => {
    const shared = await deps();
    const down = await startTestApp(SECRET, { database: shared.database ?? t.database, kv: shared.kv ?? openTestKv() });
    try {
      for (const url of ['/health/ready', '/health']) {
        const res = await get(down.app, url);
        expectFailure(res, 503, 'service_unavailable', message);
        expect(res.headers['cache-control']).toBe('no-store');
      }
    } finally {
      await down.close();
      await down.kv.close();
    }
  });
});

describe('GET /health/ready while the server is still starting', () => {
  it('answers 503 with Retry-After, saying what is under way, and 200 once the start is done', async () => {
    let starting: string | null = 'the demo store';
    const app = await startTestApp(SECRET, { database: t.database, starting: () => starting });
    try {
      for (const url of ['/health/ready', '/health']) {
        const res = await get(app.app, url);
        expectFailure(res, 503, 'service_unavailable', 'Not ready: still starting (the demo store).');
        expect({ retryAfter: res.headers['retry-after'], cache: res.headers['cache-control'] }).toEqual({ retryAfter: '1', cache: 'no-store' });
      }
      expect((await get(app.app, '/health/live')).status).toBe(200);
      starting = null;
      const res = await get(app.app, '/health/ready');
      expect({ status: res.status, body: res.body }).toEqual({
        status: 200,
        body: { status: 'ok', database: t.database.engine, checks: { database: 'ok', kv: 'ok' } },
      });
    } finally {
      await app.close();
    }
  });

  it('answers every other route 503 with Retry-After until then, so no client meets a half-made demo store', async () => {
    let starting: string | null = 'the demo store';
    const app = await startTestApp(SECRET, { database: t.database, starting: () => starting });
    try {
      for (const url of ['/v1/store/products', '/api/v1/merchant/products', '/docs/errors']) {
        const res = await get(app.app, url);
        expectFailure(res, 503, 'service_unavailable', 'Bazaar is still starting (the demo store); retry in a moment.');
        expect(res.headers['retry-after']).toBe('1');
      }
      starting = null;
      expect((await get(app.app, '/docs/errors')).status).toBe(200);
      expectFailure(await get(app.app, '/v1/store/products'), 401, 'client_key_required');
    } finally {
      await app.close();
    }
  });
});

describe('GET /health/ready while Redis is down and the KV serves from memory', () => {
  it('answers 200 with the KV check degraded: the process still serves, counting limits per process', async () => {
    const kv = openKv('redis://127.0.0.1:1', { prefix: 'health-test:', commandTimeoutMs: 200, failureThreshold: 1 });
    await kv.get('open-the-circuit');
    const degraded = await startTestApp(SECRET, { database: t.database, kv });
    try {
      const res = await get(degraded.app, '/health/ready');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ status: 'ok', database: t.database.engine, checks: { database: 'ok', kv: 'degraded' } });
    } finally {
      await degraded.close();
      await kv.close();
    }
  });
});
