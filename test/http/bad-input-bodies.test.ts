import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '../support/catalog.js';
import { call, get, graphql } from '../support/http.js';
import { makeStore, type TestStore } from '../support/stores.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { expectEnvelopeShape, expectFailure } from '../support/failure.js';

// DESIGN.md, Cross-cutting rules: bad input gets a clear 4xx in the documented envelope, never a 500.
// Malformed bodies, GraphQL arguments, size limits and odd headers; where the rule is stated, the answer is exact.
// Query strings and path ids: bad-input-queries.test.ts.

let t: TestApp;
let shop: TestStore;
let other: TestStore;

// The battery sends hundreds of requests with one key: rate limiting is off here (see rate-limit.test.ts).
const NO_RATE_LIMIT = { RATE_LIMIT_STOREFRONT: '0', RATE_LIMIT_MERCHANT: '0', RATE_LIMIT_GRAPHQL: '0' };

beforeAll(async () => {
  t = await startTestApp(NO_RATE_LIMIT);
  shop = await makeStore(t.database);
  other = await makeStore(t.database);
  await createProduct(t.database, shop.store, { title: 'Widget' });
});
afterAll(() => t.close());

type Kind = 'public' | 'private';
const keyOf = (kind: Kind) => (kind === 'public' ? shop.publicKey : shop.privateKey);

describe('Malformed bodies', () => {
  it.each([
    ['/v1/store/info', 'public'],
    ['/v1/store/products', 'public'],
    ['/api/v1/merchant/products', 'private'],
  ] as [string, Kind][])('POST %s with malformed JSON answers 400 bad_request', async (url, kind) => {
    const res = await call(t.app, { method: 'POST', url, key: keyOf(kind), headers: { 'content-type': 'application/json' }, payload: '{"title": ' });
    expectFailure(res, 400, 'bad_request');
  });

  it('POST /v1/store/info with an empty JSON body answers 400 bad_request', async () => {
    const res = await call(t.app, { method: 'POST', url: '/v1/store/info', key: shop.publicKey, headers: { 'content-type': 'application/json' }, payload: '' });
    expectFailure(res, 400, 'bad_request');
  });

  it('POST /v1/store/info with an unknown content type answers 415 or 405, in the envelope', async () => {
    const res = await call(t.app, {
      method: 'POST',
      url: '/v1/store/info',
      key: shop.publicKey,
      headers: { 'content-type': 'application/xml' },
      payload: '<a/>',
    });
    expect([405, 415]).toContain(res.status);
    expectFailure(res, res.status, res.status === 415 ? 'unsupported_media_type' : 'method_not_allowed');
  });

  it.each([
    ['malformed JSON', '{"query": '],
    ['an empty JSON body', ''],
    ['a JSON number', '42'],
    ['a JSON array of junk', '[1, 2]'],
    ['a non-string query', '{"query": 1}'],
    ['variables that are not an object', '{"query": "{ shop { id } }", "variables": "nope"}'],
  ])('POST /graphql with %s answers 4xx with errors', async (_name, payload) => {
    const res = await call(t.app, { method: 'POST', url: '/graphql', key: shop.publicKey, headers: { 'content-type': 'application/json' }, payload });
    expect(res.status, res.raw).toBeGreaterThanOrEqual(400);
    expect(res.status, res.raw).toBeLessThan(500);
    expect(res.body.errors, res.raw).toEqual(expect.arrayContaining([expect.objectContaining({ message: expect.any(String) })]));
  });

  it.each([
    ['text/plain', 'query { shop { id } }'],
    ['text/plain', '{"query": "{ shop { id } }"}'],
    ['application/xml', '<query/>'],
  ])('POST /graphql with Content-Type %s answers 4xx, not 5xx', async (contentType, payload) => {
    const res = await call(t.app, { method: 'POST', url: '/graphql', key: shop.publicKey, headers: { 'content-type': contentType }, payload });
    expect(res.status, res.raw).toBeGreaterThanOrEqual(400);
    expect(res.status, res.raw).toBeLessThan(500);
  });
});

describe('Bad GraphQL arguments', () => {
  const long = 'x'.repeat(2048);
  it.each([
    ['products(first: -1)', '{ products(first: -1) { edges { node { id } } } }', {}],
    ['products(first: 100000)', '{ products(first: 100000) { edges { node { id } } } }', {}],
    ['products(first: 2147483648)', '{ products(first: 2147483648) { edges { node { id } } } }', {}],
    ['products(after: garbage)', 'query($a: String) { products(after: $a) { edges { node { id } } } }', { a: 'garbage' }],
    ['products(after: NUL)', 'query($a: String) { products(after: $a) { edges { node { id } } } }', { a: '\u0000' }],
    ['products(locale: 2KB)', 'query($l: String) { products(locale: $l) { edges { node { id } } } }', { l: long }],
    ['products(keyword: 101 chars)', 'query($k: String) { products(filter: { keyword: $k }) { edges { node { id } } } }', { k: 'k'.repeat(101) }],
    ['products(keyword: NUL)', 'query($k: String) { products(filter: { keyword: $k }) { edges { node { id } } } }', { k: '\u0000' }],
    ['products(categoryId: ../../etc)', '{ products(filter: { categoryId: "../../etc" }) { edges { node { id } } } }', {}],
    ['product(slug: NUL)', 'query($s: String) { product(slug: $s) { id } }', { s: '\u0000' }],
    ['product(slug: 2KB)', 'query($s: String) { product(slug: $s) { id } }', { s: long }],
    ['product(id: ../../etc)', '{ product(id: "../../etc") { id } }', {}],
    ['an Int variable given text', 'query($n: Int) { products(first: $n) { edges { node { id } } } }', { n: 'ten' }],
    ['a Boolean variable given text', 'query($b: Boolean) { products(filter: { hasVideo: $b }) { edges { node { id } } } }', { b: 'maybe' }],
    ['an enum variable given an unknown value', 'query($s: ProductSort) { products(sort: $s) { edges { node { id } } } }', { s: 'NOPE' }],
    ['a missing required variable', 'query($s: String!) { product(slug: $s) { id } }', {}],
    ['a syntax error', '{ products(first: ', {}],
    ['an unknown field', '{ nope }', {}],
  ])('%s answers no server_error', async (_name, query, variables) => {
    const res = await graphql(t.app, shop.publicKey, query, variables as Record<string, unknown>);
    expect(res.status, res.raw).toBeLessThan(500);
    for (const error of res.body.errors ?? []) expect(error.extensions?.code, res.raw).not.toBe('server_error');
  });

  it.each<[string, string, Record<string, unknown>?]>([
    ['merchant.product(id: "abc")', '{ merchant { product(id: "abc") { id } } }'],
    ['merchant.product(id: "-1")', '{ merchant { product(id: "-1") { id } } }'],
    ['merchant.product(id: "99999999999999")', '{ merchant { product(id: "99999999999999") { id } } }'],
    ['merchant.products(first: 101)', '{ merchant { products(first: 101) { edges { node { id } } } } }'],
    ['merchant.products(after: garbage)', '{ merchant { products(after: "garbage") { edges { node { id } } } } }'],
    ['a UUID variable given text', 'query($c: UUID) { merchant { products(filter: { categoryId: $c }) { edges { node { id } } } } }', { c: '../../etc' }],
    ['a DateTime variable given text', 'query($u: DateTime) { merchant { products(updatedAfter: $u) { edges { node { id } } } } }', { u: 'yesterday' }],
  ])('%s with a private key answers no server_error', async (_name, query, variables) => {
    const res = await graphql(t.app, shop.privateKey, query, variables ?? {});
    expect(res.status, res.raw).toBeLessThan(500);
    expect(res.body.errors?.length, res.raw).toBeGreaterThan(0);
    for (const error of res.body.errors) expect(error.extensions?.code, res.raw).not.toBe('server_error');
  });
});

describe('Body size limit (BODY_LIMIT_BYTES=1024)', () => {
  let small: TestApp;
  beforeAll(async () => {
    small = await startTestApp({ ...NO_RATE_LIMIT, BODY_LIMIT_BYTES: '1024' }, { database: t.database });
  });
  afterAll(() => small.close());

  const bigQuery = JSON.stringify({ query: `{ shop { id } } # ${'x'.repeat(4096)}` });

  it('POST /graphql over the limit answers 413 payload_too_large', async () => {
    const res = await call(small.app, {
      method: 'POST',
      url: '/graphql',
      key: shop.publicKey,
      headers: { 'content-type': 'application/json' },
      payload: bigQuery,
    });
    expect(res.status, res.raw.slice(0, 300)).toBe(413);
    expect(res.body.errors[0].extensions).toMatchObject({ code: 'payload_too_large', request_id: res.headers['x-request-id'] });
  });

  it('POST /graphql under the limit still answers', async () => {
    const res = await call(small.app, {
      method: 'POST',
      url: '/graphql',
      key: shop.publicKey,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ query: '{ shop { id } }' }),
    });
    expect(res.status).toBe(200);
    expect(res.body.data.shop.id).toBe(shop.store.id);
  });

  it('POST /v1/store/info over the limit answers 413 payload_too_large or 405, never 5xx', async () => {
    const res = await call(small.app, {
      method: 'POST',
      url: '/v1/store/info',
      key: shop.publicKey,
      headers: { 'content-type': 'application/json' },
      payload: bigQuery,
    });
    expect([405, 413]).toContain(res.status);
    expectFailure(res, res.status, res.status === 413 ? 'payload_too_large' : 'method_not_allowed');
  });

  it('POST /api/v1/merchant/products over the limit answers 413 payload_too_large or 405, never 5xx', async () => {
    const res = await call(small.app, {
      method: 'POST',
      url: '/api/v1/merchant/products',
      key: shop.privateKey,
      headers: { 'content-type': 'application/json' },
      payload: bigQuery,
    });
    expect([405, 413]).toContain(res.status);
    expectEnvelopeShape(res);
  });
});

describe('Odd headers', () => {
  it.each([
    ['a 10 KB key', 'x'.repeat(10_000)],
    ['a key with a NUL-like escape', 'pk_live_%00'],
    ['a key with spaces', ' pk_live_ abc '],
  ])('X-Client-Key with %s answers 401 invalid_client_key', async (_name, key) => {
    expectFailure(await get(t.app, '/v1/store/info', key), 401, 'invalid_client_key');
  });

  it('a repeated X-Client-Key header answers a clean 4xx', async () => {
    const res = await call(t.app, { method: 'GET', url: '/v1/store/info', headers: { 'x-client-key': [shop.publicKey, other.publicKey] } });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expectEnvelopeShape(res);
  });

  it.each([
    ['a 10 KB origin', 'https://' + 'o'.repeat(10_000) + '.example'],
    ['a garbage origin', '%%%'],
  ])('Origin with %s answers a clean answer', async (_name, origin) => {
    const res = await get(t.app, '/v1/store/info', shop.publicKey, { origin });
    expect(res.status).toBe(200);
  });

  it('If-None-Match with garbage answers 200', async () => {
    const res = await get(t.app, '/v1/store/info', shop.publicKey, { 'if-none-match': 'W/"garbage", *nonsense' });
    expect(res.status).toBe(200);
  });
});
