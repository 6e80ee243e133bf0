import { createHash } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, graphql } from '../support/http.js';
import { makeStore, type TestStore } from '../support/stores.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

// GraphiQL is a small HTML page; its scripts, styles, workers and icon are separate static assets
// served by Bazaar (no CDN), content-hashed, compressed and cached as immutable; the page and its
// assets take no key and are rate-limited per client IP (RATE_LIMIT_GRAPHIQL).

// One clock pinned to the middle of a one-minute window, so no budget restarts mid-test.
const startedAt = Date.now();
const clock = () => startedAt - (startedAt % 60_000) + 30_000;

let t: TestApp;
let shop: TestStore;
let page: LightMyRequestResponse;

beforeAll(async () => {
  t = await startTestApp({ RATE_LIMIT_GRAPHIQL: '0' }, { clock });
  shop = await makeStore(t.database);
  page = await t.app.inject({ method: 'GET', url: '/graphql', headers: { accept: 'text/html' } });
});
afterAll(() => t.close());

const attributes = (tag: string, attribute: string) => [...page.body.matchAll(new RegExp(`<${tag}\\b[^>]*\\s${attribute}="([^"]+)"`, 'g'))].map((m) => m[1]!);
const inlineScripts = () => [...page.body.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
const workerUrls = () => Object.values(JSON.parse(/getWorkerUrl: function \(moduleId, label\) \{ return (\{[^}]+\})/.exec(page.body)![1]!)) as string[];
const assetUrls = () => [...attributes('script', 'src'), ...attributes('link', 'href'), ...workerUrls()];

function cspOf(res: LightMyRequestResponse): Record<string, string[]> {
  return Object.fromEntries(
    String(res.headers['content-security-policy'])
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([name, ...sources]) => [name, sources]),
  );
}

describe('The GraphiQL page', () => {
  it('is small HTML (the bundle is not inlined)', () => {
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.rawPayload.length).toBeLessThan(8 * 1024);
    expect(page.body).not.toContain('<style');
  });

  it('loads its script, stylesheet, workers and icon from Bazaar itself, under /graphql/assets/', () => {
    expect(attributes('script', 'src')).toEqual([expect.stringMatching(/^\/graphql\/assets\/graphiql\.[0-9a-f]{16}\.js$/)]);
    expect(attributes('link', 'href').sort()).toEqual([
      expect.stringMatching(/^\/graphql\/assets\/favicon\.[0-9a-f]{16}\.ico$/),
      expect.stringMatching(/^\/graphql\/assets\/graphiql\.[0-9a-f]{16}\.css$/),
    ]);
    expect(workerUrls()).toHaveLength(3);
    for (const url of workerUrls()) expect(url).toMatch(/^\/graphql\/assets\/(editor|json|graphql)\.worker\.[0-9a-f]{16}\.js$/);
  });

  it('keeps its marker, the example operations and the demo public key', async () => {
    expect(page.body).toContain('renderYogaGraphiQL');
    expect(page.body).toContain('query Products');
    const demo = await startTestApp({}, { database: t.database, demoPublicKey: shop.publicKey });
    try {
      const res = await call(demo.app, { method: 'GET', url: '/graphql', headers: { accept: 'text/html' } });
      expect(res.raw).toContain(shop.publicKey);
      expect(res.raw).not.toContain(shop.privateKey);
    } finally {
      await demo.close();
    }
  });

  it('is revalidated on every load (the demo key changes with each start)', () => {
    expect(page.headers['cache-control']).toBe('no-cache');
  });

  it('is compressed when the browser accepts it', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/graphql', headers: { accept: 'text/html', 'accept-encoding': 'gzip' } });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(res.rawPayload).toString('utf8')).toBe(page.body);
  });
});

describe("The GraphiQL page's Content-Security-Policy", () => {
  it('allows scripts from Bazaar and its one inline script by hash, nothing else', () => {
    const csp = cspOf(page);
    const [boot] = inlineScripts();
    expect(inlineScripts()).toHaveLength(1);
    expect(csp['default-src']).toEqual(["'none'"]);
    expect(csp['script-src']).toEqual(["'self'", `'sha256-${createHash('sha256').update(boot!).digest('base64')}'`]);
    expect(csp['worker-src']).toEqual(["'self'"]);
    expect(csp['connect-src']).toEqual(["'self'"]);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(csp['base-uri']).toEqual(["'none'"]);
  });

  it('carries the options as a JSON data block, which is never executed', () => {
    const block = /<script type="application\/json" id="graphiql-options">([\s\S]*?)<\/script>/.exec(page.body)?.[1];
    expect(JSON.parse(block!)).toMatchObject({
      title: 'Bazaar GraphiQL',
      defaultEditorToolsTab: 'headers',
      defaultQuery: expect.stringContaining('query Shop'),
    });
  });

  it('refuses framing and sniffing', () => {
    expect(page.headers['x-frame-options']).toBe('DENY');
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
  });
});

describe('GraphiQL assets', () => {
  const types: Record<string, string> = {
    js: 'application/javascript; charset=utf-8',
    css: 'text/css; charset=utf-8',
    ico: 'image/x-icon',
  };

  it('answer their content at a URL carrying its SHA-256, cached for a year as immutable', async () => {
    for (const url of assetUrls()) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toBe(types[url.split('.').pop()!]);
      expect(res.headers['cache-control'], url).toBe('public, max-age=31536000, immutable');
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(url).toContain(`.${createHash('sha256').update(res.rawPayload).digest('hex').slice(0, 16)}.`);
    }
  });

  it('hold GraphiQL itself: the bundle defines renderYogaGraphiQL', async () => {
    const res = await t.app.inject({ method: 'GET', url: attributes('script', 'src')[0]! });
    expect(res.body).toContain('renderYogaGraphiQL');
    expect(res.rawPayload.length).toBeGreaterThan(1_000_000);
  });

  it.each([
    ['br', brotliDecompressSync],
    ['gzip', gunzipSync],
  ] as const)('leave %s-compressed when accepted, decoding to the same bytes', async (encoding, decode) => {
    const url = attributes('script', 'src')[0]!;
    const plain = await t.app.inject({ method: 'GET', url });
    const packed = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': encoding } });
    expect(packed.headers['content-encoding']).toBe(encoding);
    expect(packed.headers.vary).toBe('accept-encoding');
    expect(packed.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(decode(packed.rawPayload).equals(plain.rawPayload)).toBe(true);
  });

  it.each([
    ['gzip, deflate, br', 'br'],
    ['gzip;q=1.0, br;q=0.5', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['*', 'br'],
    ['identity', undefined],
    ['', undefined],
  ])('Accept-Encoding: "%s" answers Content-Encoding %s', async (accept, encoding) => {
    const res = await t.app.inject({ method: 'GET', url: attributes('link', 'href').find((u) => u.endsWith('.css'))!, headers: { 'accept-encoding': accept } });
    expect(res.headers['content-encoding']).toBe(encoding);
  });

  it('leave the icon as it is (already compressed images)', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: attributes('link', 'href').find((u) => u.endsWith('.ico'))!,
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(res.headers['content-encoding']).toBeUndefined();
  });
});

describe('The GraphiQL page and its assets are rate-limited per client IP (RATE_LIMIT_GRAPHIQL)', () => {
  const LIMIT = 3;
  let limited: TestApp;
  beforeAll(async () => {
    limited = await startTestApp({ RATE_LIMIT_GRAPHIQL: String(LIMIT), RATE_LIMIT_GRAPHQL: '100' }, { database: t.database, clock });
  });
  afterAll(() => limited.close());

  const load = (remoteAddress: string, url = '/graphql', headers: Record<string, string> = {}) =>
    limited.app.inject({ method: 'GET', url, remoteAddress, headers: { accept: 'text/html', ...headers } });

  it(`answers ${LIMIT} loads, then 429 too_many_requests in the GraphQL envelope`, async () => {
    for (let n = 0; n < LIMIT; n += 1) expect((await load('10.0.0.1')).statusCode).toBe(200);
    const refused = await load('10.0.0.1');
    expect(refused.statusCode).toBe(429);
    expect(JSON.parse(refused.body)).toEqual({
      errors: [{ message: expect.stringContaining('Rate limit'), extensions: { code: 'too_many_requests', request_id: refused.headers['x-request-id'] } }],
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  });

  it('counts asset requests against the same budget', async () => {
    expect((await load('10.0.0.2')).statusCode).toBe(200);
    for (let n = 1; n < LIMIT; n += 1) expect((await load('10.0.0.2', attributes('script', 'src')[0]!)).statusCode).toBe(200);
    expect((await load('10.0.0.2', attributes('script', 'src')[0]!)).statusCode).toBe(429);
  });

  it('gives no fresh budget to a made-up key', async () => {
    for (let n = 0; n < LIMIT; n += 1) await load('10.0.0.3', '/graphql', { 'x-client-key': `pk_live_madeup${n}` });
    expect((await load('10.0.0.3', '/graphql', { 'x-client-key': 'pk_live_another' })).statusCode).toBe(429);
  });

  it('gives every client IP its own budget, and leaves the GraphQL API budget alone', async () => {
    for (let n = 0; n <= LIMIT; n += 1) await load('10.0.0.4');
    expect((await load('10.0.0.5')).statusCode).toBe(200);
    const api = await limited.app.inject({
      method: 'POST',
      url: '/graphql',
      remoteAddress: '10.0.0.4',
      headers: { 'x-client-key': shop.publicKey, 'content-type': 'application/json' },
      payload: JSON.stringify({ query: '{ shop { name } }' }),
    });
    expect(api.statusCode).toBe(200);
    expect(api.headers['x-ratelimit-limit']).toBe('100');
  });

  it('RATE_LIMIT_GRAPHIQL=0 turns the limit off', async () => {
    for (let n = 0; n < 10; n += 1)
      expect((await t.app.inject({ method: 'GET', url: '/graphql', remoteAddress: '10.0.0.6', headers: { accept: 'text/html' } })).statusCode).toBe(200);
  });
});

describe('The GraphQL API on the same path', () => {
  it('still answers queries (the page is only for GET with Accept: text/html)', async () => {
    const res = await graphql(t.app, shop.publicKey, '{ shop { name } }');
    expect(res.status).toBe(200);
    expect(res.body.data.shop.name).toBe(shop.store.name);
  });
});
