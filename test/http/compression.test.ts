import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '../support/catalog.js';
import { makeStore, type TestStore } from '../support/stores.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

// Text answers over 1 KiB leave compressed as Accept-Encoding asks (brotli or gzip), with
// Vary: Accept-Encoding; conditional reads still answer 304; GraphQL answers are compressed too.

let t: TestApp;
let shop: TestStore;

beforeAll(async () => {
  t = await startTestApp();
  shop = await makeStore(t.database);
  for (let n = 0; n < 12; n += 1) await createProduct(t.database, shop.store, { title: `Compressed lamp ${n}`, images: 3 });
});
afterAll(() => t.close());

const PRODUCTS = '/v1/store/products?per_page=50';

function fetchRaw(url: string, headers: Record<string, string> = {}, method: 'GET' | 'POST' = 'GET', payload?: string) {
  return t.app.inject({ method, url, headers: { 'x-client-key': shop.publicKey, ...headers }, payload });
}

function decoded(res: LightMyRequestResponse): unknown {
  const encoding = res.headers['content-encoding'];
  const bytes = encoding === 'gzip' ? gunzipSync(res.rawPayload) : encoding === 'br' ? brotliDecompressSync(res.rawPayload) : res.rawPayload;
  return JSON.parse(bytes.toString('utf8'));
}

describe('REST answers and Accept-Encoding', () => {
  it.each([
    ['gzip', 'gzip'],
    ['br', 'br'],
    ['gzip, deflate, br', 'br'],
    ['gzip;q=1, br;q=0.5', 'gzip'],
  ])('Accept-Encoding: %s answers Content-Encoding %s that decodes to the same JSON', async (accept, encoding) => {
    const plain = await fetchRaw(PRODUCTS);
    const packed = await fetchRaw(PRODUCTS, { 'accept-encoding': accept });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(packed.statusCode).toBe(200);
    expect(packed.headers['content-encoding']).toBe(encoding);
    expect(String(packed.headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(packed.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(decoded(packed)).toEqual(JSON.parse(plain.body));
  });

  it('answers identity when Accept-Encoding names nothing it offers', async () => {
    const res = await fetchRaw(PRODUCTS, { 'accept-encoding': 'identity' });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(res.body).status).toBe('success');
  });

  it('leaves an answer under 1 KiB as it is', async () => {
    const res = await fetchRaw('/v1/nowhere', { 'accept-encoding': 'gzip' });
    expect(res.statusCode).toBe(404);
    expect(res.rawPayload.length).toBeLessThan(1024);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(res.body).error_code).toBe('route_not_available');
  });
});

describe('Conditional reads of compressed answers', () => {
  it('carries the same weak ETag for every encoding of the same JSON', async () => {
    const plain = await fetchRaw(PRODUCTS);
    const gzip = await fetchRaw(PRODUCTS, { 'accept-encoding': 'gzip' });
    const br = await fetchRaw(PRODUCTS, { 'accept-encoding': 'br' });
    expect(plain.headers.etag).toMatch(/^W\//);
    expect(gzip.headers.etag).toBe(plain.headers.etag);
    expect(br.headers.etag).toBe(plain.headers.etag);
  });

  it.each(['gzip', 'br'])('If-None-Match with the ETag answers 304 with no body under Accept-Encoding: %s', async (encoding) => {
    const first = await fetchRaw(PRODUCTS, { 'accept-encoding': encoding });
    const again = await fetchRaw(PRODUCTS, { 'accept-encoding': encoding, 'if-none-match': String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers['content-encoding']).toBeUndefined();
    expect(again.headers.etag).toBe(first.headers.etag);
  });

  it('a stale ETag answers 200 with the compressed body', async () => {
    const res = await fetchRaw(PRODUCTS, { 'accept-encoding': 'gzip', 'if-none-match': 'W/"stale"' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(decoded(res)).toMatchObject({ status: 'success' });
  });
});

describe('GraphQL answers and Accept-Encoding', () => {
  const query = JSON.stringify({ query: '{ products(first: 12) { edges { node { id title slug images { url } } } } }' });

  it.each(['gzip', 'br'])('POST /graphql under Accept-Encoding: %s decodes to the same JSON', async (encoding) => {
    const plain = await fetchRaw('/graphql', { 'content-type': 'application/json' }, 'POST', query);
    const packed = await fetchRaw('/graphql', { 'content-type': 'application/json', 'accept-encoding': encoding }, 'POST', query);
    expect(plain.statusCode).toBe(200);
    expect(JSON.parse(plain.body).data.products.edges).toHaveLength(12);
    expect(packed.headers['content-encoding']).toBe(encoding);
    expect(String(packed.headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(decoded(packed)).toEqual(JSON.parse(plain.body));
  });

  it('leaves a small GraphQL answer as it is', async () => {
    const res = await fetchRaw(
      '/graphql',
      { 'content-type': 'application/json', 'accept-encoding': 'gzip' },
      'POST',
      JSON.stringify({ query: '{ shop { name } }' }),
    );
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(res.body).data.shop.name).toBe(shop.store.name);
  });
});
