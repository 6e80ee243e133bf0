import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, get } from '../support/http.js';
import { makeKey, makeStore, type TestStore } from '../support/stores.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { expectFailure } from '../support/failure.js';

// Storefront spec, Authentication rule 3: cross-origin requests may carry only X-Client-Key,
// X-Cart-Session, If-None-Match, Content-Type and Accept. The merchant API is server-side only.

const ORIGIN = 'https://shop.example';
const ALLOWED_HEADERS = 'X-Client-Key, X-Cart-Session, If-None-Match, Content-Type, Accept';

let t: TestApp;
let shop: TestStore;
let browserKey: string;

beforeAll(async () => {
  t = await startTestApp();
  shop = await makeStore(t.database);
  browserKey = await makeKey(t.database, { store: shop.store.slug, kind: 'public', origins: [ORIGIN] });
});
afterAll(() => t.close());

function preflight(url: string, origin = ORIGIN, method = 'GET', headers = 'x-client-key') {
  return call(t.app, {
    method: 'OPTIONS',
    url,
    headers: { origin, 'access-control-request-method': method, 'access-control-request-headers': headers },
  });
}

describe.each(['/v1/store/products', '/v1/store/info', '/graphql'])('Preflight OPTIONS %s', (url) => {
  it('answers 204 with the allowed headers exactly and the origin echoed', async () => {
    const res = await preflight(url);
    expect(res.status).toBe(204);
    expect(res.headers['access-control-allow-headers']).toBe(ALLOWED_HEADERS);
    expect(res.headers['access-control-allow-origin']).toBe(ORIGIN);
    expect(String(res.headers['access-control-allow-methods'])).toContain('GET');
    expect(String(res.headers['access-control-allow-methods'])).toContain('POST');
    expect(res.raw).toBe('');
  });

  it('needs no key and spends no rate budget', async () => {
    const res = await preflight(url, 'https://other.example', 'POST', 'content-type, x-client-key');
    expect(res.status).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe('https://other.example');
    expect(res.headers['x-ratelimit-remaining']).toBeUndefined();
  });
});

describe('Cross-origin GET', () => {
  it('answers access-control-allow-origin for an allowlisted Origin', async () => {
    const res = await get(t.app, '/v1/store/products', browserKey, { origin: ORIGIN });
    expect(res.status).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe(ORIGIN);
  });

  it('exposes the headers browser code must read (request id, rate limit, ETag, Content-Language)', async () => {
    const res = await get(t.app, '/v1/store/products', browserKey, { origin: ORIGIN });
    const exposed = String(res.headers['access-control-expose-headers']).toLowerCase().split(/,\s*/);
    expect(exposed).toEqual(
      expect.arrayContaining(['x-request-id', 'x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset', 'retry-after', 'etag', 'content-language']),
    );
  });

  it('names the origin on a refusal too, so the browser can show the failure', async () => {
    const res = await get(t.app, '/v1/store/info', browserKey, { origin: 'https://evil.example' });
    expectFailure(res, 403, 'origin_not_allowed', expect.stringContaining(ORIGIN));
    expect(res.headers['access-control-allow-origin']).toBe('https://evil.example');
  });

  it('answers access-control-allow-origin on GraphQL', async () => {
    const res = await call(t.app, {
      method: 'POST',
      url: '/graphql',
      key: browserKey,
      headers: { origin: ORIGIN, 'content-type': 'application/json' },
      payload: JSON.stringify({ query: '{ shop { id } }' }),
    });
    expect(res.status).toBe(200);
    expect(res.body.data.shop.id).toBe(shop.store.id);
    expect(res.headers['access-control-allow-origin']).toBe(ORIGIN);
  });
});

describe('The merchant API has no CORS', () => {
  it.each(['/api/v1/merchant/products', '/api/v1/merchant/store', '/api/v1/merchant/nope'])('a preflight OPTIONS %s answers no allow headers', async (url) => {
    const res = await preflight(url);
    expect(res.status).toBeLessThan(500);
    expect(res.headers['access-control-allow-headers']).toBeUndefined();
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    expect(res.headers['access-control-allow-methods']).toBeUndefined();
  });

  it('a GET with an Origin answers no access-control-allow-origin', async () => {
    const res = await get(t.app, '/api/v1/merchant/products', shop.privateKey, { origin: ORIGIN });
    expect(res.status).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });
});
