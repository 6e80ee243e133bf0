import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get, type Call } from '../support/http.js';
import { makeKey, makeStore, type TestStore } from '../support/stores.js';
import { openKv } from '../../src/platform/kv/open-kv.js';
import { startBlackHole } from '../support/tcp.js';
import { openTestKv, startTestApp, type TestApp } from '../support/test-app.js';
import { expectFailure } from '../support/failure.js';

// Storefront spec, Limits: a request rate per API key and IP; X-RateLimit-* on successful and 429
// answers, Retry-After on 429. The budget lives in the KV port, so processes sharing Redis share it.

const LIMIT = 5;
const env = { RATE_LIMIT_STOREFRONT: String(LIMIT) };

// Every app of this file reads one clock pinned to the middle of the current one-minute window,
// so no test can straddle a window boundary and see its count restart.
const startedAt = Date.now();
const clock = () => startedAt - (startedAt % 60_000) + 30_000;
const INFO = '/v1/store/info';

let t: TestApp;
let shop: TestStore;

beforeAll(async () => {
  t = await startTestApp(env, { clock });
  shop = await makeStore(t.database);
});
afterAll(() => t.close());

async function spend(app: TestApp['app'], key: string, times: number): Promise<Call[]> {
  const answers: Call[] = [];
  for (let n = 0; n < times; n += 1) answers.push(await get(app, INFO, key));
  return answers;
}

function expectRateHeaders(res: Call, remaining: number) {
  expect(res.headers['x-ratelimit-limit']).toBe(String(LIMIT));
  expect(res.headers['x-ratelimit-remaining']).toBe(String(remaining));
  const reset = Number(res.headers['x-ratelimit-reset']);
  const nowSeconds = clock() / 1000;
  expect(Number.isInteger(reset)).toBe(true);
  expect(reset).toBeGreaterThan(Math.floor(nowSeconds));
  expect(reset).toBeLessThanOrEqual(Math.ceil(nowSeconds) + 60);
}

describe('The storefront request rate', () => {
  it(`answers ${LIMIT} calls with X-RateLimit-Limit, a falling Remaining and a Reset time, then 429 too_many_requests`, async () => {
    const key = await makeKey(t.database, { store: shop.store.slug, kind: 'public', origins: ['*'] });
    const answers = await spend(t.app, key, LIMIT);
    answers.forEach((res, n) => {
      expect(res.status).toBe(200);
      expectRateHeaders(res, LIMIT - 1 - n);
    });

    const refused = await get(t.app, INFO, key);
    expectFailure(refused, 429, 'too_many_requests');
    expectRateHeaders(refused, 0);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // Retry-After points at the window's end, which X-RateLimit-Reset names.
    expect(Math.abs(Math.ceil(clock() / 1000) + retryAfter - Number(refused.headers['x-ratelimit-reset']))).toBeLessThanOrEqual(1);
  });

  it('keeps refusing while the window lasts', async () => {
    const key = await makeKey(t.database, { store: shop.store.slug, kind: 'public', origins: ['*'] });
    await spend(t.app, key, LIMIT);
    const refused = await spend(t.app, key, 3);
    for (const res of refused) expectFailure(res, 429, 'too_many_requests');
  });

  it('counts failures against the key as well', async () => {
    const key = await makeKey(t.database, { store: shop.store.slug, kind: 'public', origins: ['https://a.example'] });
    const answers = await spend(t.app, key, LIMIT);
    for (const res of answers) expect(res.status).toBe(403);
    expectFailure(await get(t.app, INFO, key), 429, 'too_many_requests');
  });

  it('gives another key of the same store its own budget', async () => {
    const first = await makeKey(t.database, { store: shop.store.slug, kind: 'public', origins: ['*'] });
    const second = await makeKey(t.database, { store: shop.store.slug, kind: 'private' });
    await spend(t.app, first, LIMIT);
    expect((await get(t.app, INFO, first)).status).toBe(429);

    const fresh = await get(t.app, INFO, second);
    expect(fresh.status).toBe(200);
    expectRateHeaders(fresh, LIMIT - 1);
  });
});

describe('Several processes', () => {
  it('share one budget when they share one KV', async () => {
    const peer = await startTestApp(env, { database: t.database, kv: t.kv, clock });
    try {
      const key = await makeKey(t.database, { store: shop.store.slug, kind: 'public', origins: ['*'] });
      const here = await spend(t.app, key, 3);
      const there = await spend(peer.app, key, 2);
      expect([...here, ...there].map((r) => r.headers['x-ratelimit-remaining'])).toEqual(['4', '3', '2', '1', '0']);
      expectFailure(await get(peer.app, INFO, key), 429, 'too_many_requests');
      expectFailure(await get(t.app, INFO, key), 429, 'too_many_requests');
    } finally {
      await peer.close();
    }
  });

  it.skipIf(!process.env.REDIS_URL)('share one budget through Redis with separate connections', async () => {
    const prefix = `test:${randomUUID()}:`;
    const kvA = openTestKv(prefix);
    const kvB = openTestKv(prefix);
    const a = await startTestApp(env, { database: t.database, kv: kvA, clock });
    const b = await startTestApp(env, { database: t.database, kv: kvB, clock });
    try {
      const key = await makeKey(t.database, { store: shop.store.slug, kind: 'public', origins: ['*'] });
      const answers = [...(await spend(a.app, key, 2)), ...(await spend(b.app, key, 2)), ...(await spend(a.app, key, 1))];
      expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
      expect(answers.map((r) => r.headers['x-ratelimit-remaining'])).toEqual(['4', '3', '2', '1', '0']);
      expectFailure(await get(b.app, INFO, key), 429, 'too_many_requests');
    } finally {
      await a.close();
      await b.close();
      await kvA.close();
      await kvB.close();
    }
  });

  it('do not share a budget when each has its own KV', async () => {
    const lone = await startTestApp(env, { database: t.database, clock });
    try {
      const key = await makeKey(t.database, { store: shop.store.slug, kind: 'public', origins: ['*'] });
      await spend(t.app, key, LIMIT);
      expect((await get(t.app, INFO, key)).status).toBe(429);
      const res = await get(lone.app, INFO, key);
      // Without REDIS_URL the KV is in memory; with it, a fresh prefix is a fresh budget.
      expect(res.status).toBe(200);
    } finally {
      await lone.close();
    }
  });
});

describe('Other surfaces', () => {
  it('the merchant API has its own limit setting', async () => {
    const app = await startTestApp({ RATE_LIMIT_MERCHANT: '2' }, { database: t.database, clock });
    try {
      const res = await get(app.app, '/api/v1/merchant/products', shop.privateKey);
      expect(res.status).toBe(200);
      expect(res.headers['x-ratelimit-limit']).toBe('2');
      expect(res.headers['x-ratelimit-remaining']).toBe('1');
      await get(app.app, '/api/v1/merchant/products', shop.privateKey);
      expectFailure(await get(app.app, '/api/v1/merchant/products', shop.privateKey), 429, 'too_many_requests');
    } finally {
      await app.close();
    }
  });

  it('GraphQL answers 429 with extensions.code too_many_requests past its limit', async () => {
    const app = await startTestApp({ RATE_LIMIT_GRAPHQL: '1' }, { database: t.database, clock });
    try {
      const post = () =>
        app.app.inject({
          method: 'POST',
          url: '/graphql',
          headers: { 'x-client-key': shop.publicKey, 'content-type': 'application/json' },
          payload: { query: '{ shop { id } }' },
        });
      expect((await post()).statusCode).toBe(200);
      const refused = await post();
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(refused.headers['x-ratelimit-remaining']).toBe('0');
      expect(refused.json().errors[0].extensions.code).toBe('too_many_requests');
    } finally {
      await app.close();
    }
  });
});

// Issue 5 changed this rule: a KV store that stopped answering used to let every call through
// without any limit; now the limit still applies, counted in the process's own memory.
describe('A KV store that does not answer', () => {
  it('still limits calls, counting them in this process, and logs the switch once', async () => {
    const blackHole = await startBlackHole();
    const lines: string[] = [];
    const log = { warn: (_: object, message: string) => lines.push(`warn: ${message}`), info: (_: object, message: string) => lines.push(`info: ${message}`) };
    const kv = openKv(blackHole.url, { prefix: `dead:${randomUUID()}:`, commandTimeoutMs: 100, probeIntervalMs: 20, log });
    const app = await startTestApp(env, { database: t.database, kv, clock });
    try {
      const key = await makeKey(t.database, { store: shop.store.slug, kind: 'public', origins: ['*'] });
      const answers = await spend(app.app, key, LIMIT);
      answers.forEach((res, n) => {
        expect(res.status).toBe(200);
        expectRateHeaders(res, LIMIT - 1 - n);
      });
      expectFailure(await get(app.app, INFO, key), 429, 'too_many_requests');
      expectFailure(await get(app.app, INFO, key), 429, 'too_many_requests');
      expect(lines).toEqual(['warn: The shared KV store (Redis) is not answering: counters and rate limits now live in this process until it answers again']);
    } finally {
      await app.close();
      await kv.close();
      await blackHole.close();
    }
  });
});

describe('Calls whose key opens nothing', () => {
  it('share one budget per address, so made-up keys cannot dodge the limit', async () => {
    const app = await startTestApp(env, { database: t.database, clock });
    try {
      for (let n = 0; n < LIMIT; n += 1) expect((await get(app.app, INFO, `pk_live_madeup${randomUUID()}`)).status).toBe(401);
      const next = await get(app.app, INFO, `pk_live_madeup${randomUUID()}`);
      expectFailure(next, 429, 'too_many_requests');
      expect(next.body.message).toContain('keys that open nothing');
    } finally {
      await app.close();
    }
  });

  it('spend a budget of their own, never a valid key’s: a valid key from the same address keeps working', async () => {
    const app = await startTestApp(env, { database: t.database, clock });
    try {
      const refused = [];
      for (let n = 0; n < LIMIT + 2; n += 1) refused.push(await get(app.app, INFO, `pk_live_madeup${randomUUID()}`));
      expect(refused.map((res) => res.status)).toEqual([401, 401, 401, 401, 401, 429, 429]);
      // The headers of a refused call describe the address's refused-key budget.
      expect(refused.map((res) => res.headers['x-ratelimit-remaining'])).toEqual(['4', '3', '2', '1', '0', '0', '0']);

      const valid = await spend(app.app, shop.publicKey, 2);
      expect(valid.map((res) => res.status)).toEqual([200, 200]);
      expectRateHeaders(valid[1], LIMIT - 2);
      expectFailure(await get(app.app, INFO, `pk_live_madeup${randomUUID()}`), 429, 'too_many_requests');
    } finally {
      await app.close();
    }
  });

  it('spend their own budget on GraphQL too, where a valid key keeps working', async () => {
    const app = await startTestApp({ RATE_LIMIT_GRAPHQL: '2' }, { database: t.database, clock });
    try {
      const post = (key: string) =>
        app.app.inject({
          method: 'POST',
          url: '/graphql',
          headers: { 'x-client-key': key, 'content-type': 'application/json' },
          payload: { query: '{ shop { id } }' },
        });
      const refused = [];
      for (let n = 0; n < 3; n += 1) refused.push(await post(`pk_live_madeup${randomUUID()}`));
      expect(refused.map((res) => res.statusCode)).toEqual([401, 401, 429]);
      expect(refused[2].json().errors[0].extensions.code).toBe('too_many_requests');
      expect(refused[2].json().errors[0].message).toContain('keys that open nothing');
      const valid = await post(shop.publicKey);
      expect(valid.statusCode).toBe(200);
      expect(valid.json().data.shop.id).toBe(shop.store.id);
    } finally {
      await app.close();
    }
  });

  it('do not count against the address while keys are valid', async () => {
    const app = await startTestApp(env, { database: t.database, clock });
    try {
      for (let n = 0; n < LIMIT + 2; n += 1) {
        const key = await makeKey(t.database, { store: shop.store.slug, kind: 'private' });
        expect((await get(app.app, INFO, key)).status).toBe(200);
      }
    } finally {
      await app.close();
    }
  });
});
