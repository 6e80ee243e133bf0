import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '../support/catalog.js';
import { expectFailure } from '../support/failure.js';
import { call, get, graphql } from '../support/http.js';
import { makeStore, type TestStore } from '../support/stores.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

// GET /metrics answers Prometheus text: request counts and latency histograms by method, route
// pattern and status; the process defaults; the PostgreSQL pool's connections. Open unless
// METRICS_TOKEN is set, then it needs Authorization: Bearer <token>.

let t: TestApp;
let shop: TestStore;

beforeAll(async () => {
  t = await startTestApp();
  shop = await makeStore(t.database);
  await createProduct(t.database, shop.store, { title: 'Metric lamp', slug: 'metric-lamp' });
  await createProduct(t.database, shop.store, { title: 'Metric chair', slug: 'metric-chair' });
});
afterAll(() => t.close());

async function metrics(app = t.app, headers: Record<string, string> = {}) {
  const res = await call(app, { method: 'GET', url: '/metrics', headers });
  return { res, text: res.raw };
}

/** The value of one sample line, by metric name and exact labels. */
function sample(text: string, name: string, labels: Record<string, string>): number | undefined {
  const wanted = Object.entries(labels)
    .map(([k, v]) => `${k}="${v}"`)
    .sort()
    .join(',');
  for (const line of text.split('\n')) {
    const match = /^([a-z_]+)\{([^}]*)\} (\S+)$/.exec(line);
    if (match?.[1] === name && match[2]!.split(',').sort().join(',') === wanted) return Number(match[3]);
  }
  return undefined;
}

describe('GET /metrics', () => {
  it('answers Prometheus text with the process defaults', async () => {
    const { res, text } = await metrics();
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    for (const name of ['process_cpu_seconds_total', 'process_resident_memory_bytes', 'nodejs_eventloop_lag_seconds', 'nodejs_heap_size_used_bytes']) {
      expect(text).toMatch(new RegExp(`^${name} `, 'm'));
    }
  });

  it('counts requests by method, route pattern (not the URL) and status', async () => {
    await get(t.app, '/v1/store/products/metric-lamp', shop.publicKey);
    await get(t.app, '/v1/store/products/metric-chair', shop.publicKey);
    await get(t.app, '/v1/store/products/no-such-product', shop.publicKey);
    await get(t.app, '/v1/store/info');
    const { text } = await metrics();
    const route = '/v1/store/products/:slug';
    expect(sample(text, 'bazaar_http_requests_total', { method: 'GET', route, status_code: '200' })).toBe(2);
    expect(sample(text, 'bazaar_http_requests_total', { method: 'GET', route, status_code: '404' })).toBe(1);
    expect(sample(text, 'bazaar_http_requests_total', { method: 'GET', route: '/v1/store/info', status_code: '401' })).toBe(1);
    expect(text).not.toContain('metric-lamp');
    expect(text).not.toContain('no-such-product');
  });

  it('has a latency histogram with the same labels', async () => {
    const { text } = await metrics();
    const labels = { method: 'GET', route: '/v1/store/products/:slug', status_code: '200' };
    expect(sample(text, 'bazaar_http_request_duration_seconds_count', labels)).toBe(2);
    expect(sample(text, 'bazaar_http_request_duration_seconds_bucket', { ...labels, le: '+Inf' })).toBe(2);
    expect(sample(text, 'bazaar_http_request_duration_seconds_sum', labels)).toBeGreaterThan(0);
  });

  it('puts every path no route matches in one series', async () => {
    await get(t.app, '/made/up/1');
    await get(t.app, '/made/up/2');
    const { text } = await metrics();
    expect(sample(text, 'bazaar_http_requests_total', { method: 'GET', route: 'unmatched', status_code: '404' })).toBeGreaterThanOrEqual(2);
    expect(text).not.toContain('/made/up');
  });

  it('counts GraphQL requests under /graphql', async () => {
    await graphql(t.app, shop.publicKey, '{ shop { name } }');
    const { text } = await metrics();
    expect(sample(text, 'bazaar_http_requests_total', { method: 'POST', route: '/graphql', status_code: '200' })).toBe(1);
  });

  it('shows the pool on PostgreSQL, and no pool on the embedded engine', async () => {
    const { text } = await metrics();
    const pool = ['bazaar_db_pool_connections', 'bazaar_db_pool_idle_connections', 'bazaar_db_pool_waiting_queries'];
    if (t.database.engine === 'postgresql') {
      for (const name of pool) expect(text).toMatch(new RegExp(`^${name} \\d+$`, 'm'));
      expect(Number(/^bazaar_db_pool_connections (\d+)$/m.exec(text)![1])).toBeGreaterThan(0);
      expect(Number(/^bazaar_db_pool_waiting_queries (\d+)$/m.exec(text)![1])).toBe(0);
    } else {
      for (const name of pool) expect(text).not.toContain(name);
    }
  });
});

describe('GET /metrics with METRICS_TOKEN set', () => {
  let guarded: TestApp;
  beforeAll(async () => {
    guarded = await startTestApp({ METRICS_TOKEN: 'scrape-me-7f3a' }, { database: t.database });
  });
  afterAll(() => guarded.close());

  it.each([
    ['no Authorization', {}],
    ['another token', { authorization: 'Bearer nope' }],
    ['the token without Bearer', { authorization: 'scrape-me-7f3a' }],
  ])('answers 401 unauthenticated with %s', async (_name, headers) => {
    const { res } = await metrics(guarded.app, headers);
    expectFailure(res, 401, 'unauthenticated');
    expect(res.headers['www-authenticate']).toBe('Bearer');
  });

  it('answers the metrics with Authorization: Bearer <token>', async () => {
    const { res, text } = await metrics(guarded.app, { authorization: 'Bearer scrape-me-7f3a' });
    expect(res.status).toBe(200);
    expect(text).toContain('bazaar_http_requests_total');
  });
});
