import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, type Call } from '../support/http.js';
import { makeKey, makeStore, type TestStore } from '../support/stores.js';
import { openTestDatabase, startTestApp, type TestApp } from '../support/test-app.js';
import { expectFailure } from '../support/failure.js';
import type { Database } from '../../src/platform/database/database.js';

// Issue 5: X-Forwarded-For is written by the client; only the entries our own proxies appended are
// true. TRUST_PROXY names those proxies, by hop count or by address, and the rate limit counts the
// first address that is not one of them.

const LIMIT = 3;
const startedAt = Date.now();
const clock = () => startedAt - (startedAt % 60_000) + 30_000;
const INFO = '/v1/store/info';

let database: Database;
let shop: TestStore;
const apps: TestApp[] = [];

beforeAll(async () => {
  database = await openTestDatabase();
  shop = await makeStore(database);
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await database.close();
});

async function appWith(trustProxy: string) {
  const app = await startTestApp({ RATE_LIMIT_STOREFRONT: String(LIMIT), TRUST_PROXY: trustProxy }, { database, clock });
  apps.push(app);
  return app.app;
}

function from(app: TestApp['app'], key: string, remoteAddress: string, forwardedFor?: string): Promise<Call> {
  return call(app, { method: 'GET', url: INFO, key, remoteAddress, headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {} });
}

const remaining = (answers: Call[]) => answers.map((res) => res.headers['x-ratelimit-remaining']);

describe('TRUST_PROXY=1: one proxy hop', () => {
  it('counts the address the proxy saw, whatever the client wrote to its left', async () => {
    const app = await appWith('1');
    const key = await makeKey(database, { store: shop.store.slug, kind: 'public', origins: ['*'] });
    const answers = [
      await from(app, key, '10.0.0.1', '198.51.100.1, 203.0.113.7'),
      await from(app, key, '10.0.0.1', '198.51.100.2, 203.0.113.7'),
      await from(app, key, '10.0.0.2', '1.2.3.4, 5.6.7.8, 203.0.113.7'),
    ];
    expect(answers.map((res) => res.status)).toEqual([200, 200, 200]);
    expect(remaining(answers)).toEqual(['2', '1', '0']);
    expectFailure(await from(app, key, '10.0.0.1', '192.0.2.200, 203.0.113.7'), 429, 'too_many_requests');

    const neighbour = await from(app, key, '10.0.0.1', '198.51.100.1, 203.0.113.8');
    expect(neighbour.status).toBe(200);
    expect(neighbour.headers['x-ratelimit-remaining']).toBe('2');
  });

  it('lets no client spend a victim’s budget by writing the victim’s address first', async () => {
    const app = await appWith('1');
    for (let n = 0; n < LIMIT; n += 1) await from(app, shop.publicKey, '10.0.0.1', '203.0.113.50, 198.51.100.66');
    expectFailure(await from(app, shop.publicKey, '10.0.0.1', '203.0.113.50, 198.51.100.66'), 429, 'too_many_requests');

    const victim = await from(app, shop.publicKey, '10.0.0.1', '203.0.113.50');
    expect(victim.status).toBe(200);
    expect(victim.headers['x-ratelimit-remaining']).toBe(String(LIMIT - 1));
  });

  it('counts the proxy itself when a call carries no X-Forwarded-For', async () => {
    const app = await appWith('1');
    const key = await makeKey(database, { store: shop.store.slug, kind: 'public', origins: ['*'] });
    const answers = [await from(app, key, '10.0.0.9'), await from(app, key, '10.0.0.9'), await from(app, key, '10.0.0.9', '10.0.0.9')];
    expect(remaining(answers)).toEqual(['2', '1', '0']);
  });
});

describe('TRUST_PROXY as proxy addresses and ranges', () => {
  it('skips every trusted proxy from the right and counts the first address that is not one', async () => {
    const app = await appWith('10.0.0.0/8,192.0.2.7');
    const key = await makeKey(database, { store: shop.store.slug, kind: 'public', origins: ['*'] });
    const answers = [
      await from(app, key, '10.1.2.3', '198.51.100.1, 203.0.113.7, 192.0.2.7'),
      await from(app, key, '10.200.0.1', '203.0.113.7, 10.0.0.5'),
      await from(app, key, '10.1.2.3', '203.0.113.99, 203.0.113.7'),
    ];
    expect(answers.map((res) => res.status)).toEqual([200, 200, 200]);
    expect(remaining(answers)).toEqual(['2', '1', '0']);
    expectFailure(await from(app, key, '10.1.2.3', '8.8.8.8, 203.0.113.7, 192.0.2.7'), 429, 'too_many_requests');
  });

  it('ignores X-Forwarded-For from a peer that is not a listed proxy', async () => {
    const app = await appWith('10.0.0.0/8,192.0.2.7');
    const key = await makeKey(database, { store: shop.store.slug, kind: 'public', origins: ['*'] });
    const answers = [
      await from(app, key, '198.51.100.9', '203.0.113.7'),
      await from(app, key, '198.51.100.9', '203.0.113.8'),
      await from(app, key, '10.0.0.1', '198.51.100.9'),
    ];
    expect(remaining(answers)).toEqual(['2', '1', '0']);
    const other = await from(app, key, '10.0.0.1', '203.0.113.7');
    expect(other.headers['x-ratelimit-remaining']).toBe('2');
  });
});

describe('Without TRUST_PROXY', () => {
  it('counts the socket’s peer and ignores X-Forwarded-For', async () => {
    const app = await appWith('');
    const key = await makeKey(database, { store: shop.store.slug, kind: 'public', origins: ['*'] });
    const answers = [await from(app, key, '10.0.0.1', '203.0.113.1'), await from(app, key, '10.0.0.1', '203.0.113.2'), await from(app, key, '10.0.0.1')];
    expect(remaining(answers)).toEqual(['2', '1', '0']);
  });
});
