import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { merchantRoutes, MERCHANT_PREFIX } from '../../src/rest/merchant/routes.js';
import { storefrontRoutes, STOREFRONT_PREFIX } from '../../src/rest/storefront/routes.js';
import type { RestRoute } from '../../src/rest/kit/route.js';
import { signInCustomer, type SignedInCustomer } from '../support/customers.js';
import { expectEnvelopeShape } from '../support/failure.js';
import { call } from '../support/http.js';
import { makeStore, type TestStore } from '../support/stores.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

// DESIGN.md: bad input gets a documented 4xx envelope, never a 500. Every write route of both REST
// surfaces, present and future, gets the same battery of bodies no route could accept (a JSON null
// is read as no body, which a route with only optional fields accepts, so it is not among them).

let t: TestApp;
let shop: TestStore;
let shopper: SignedInCustomer;

beforeAll(async () => {
  t = await startTestApp({ RATE_LIMIT_STOREFRONT: '0', RATE_LIMIT_MERCHANT: '0' });
  shop = await makeStore(t.database);
  shopper = await signInCustomer(t.database, shop.store);
});
afterAll(() => t.close());

const writes = (routes: RestRoute[], prefix: string, key: () => string) =>
  routes.filter((r) => r.method !== 'GET' && r.body).map((r) => [`${r.method} ${r.url}`, r, prefix, key] as const);

const badBodies: [string, string][] = [
  ['malformed JSON', '{"title": '],
  ['a JSON array', '[1, 2]'],
  ['a JSON string', '"text"'],
  ['a JSON number', '42'],
  ['an object of wrong types', JSON.stringify({ title: 7, price: { a: 1 }, email: [], id: false, product_ids: 'x', items: 3, collections: {}, lat: 'north' })],
  ['an object with a NUL', JSON.stringify({ title: 'a\u0000b', name: 'a\u0000b', email: 'a\u0000@b.c', code: 'A\u0000B' })],
  ['a deeply nested object', `${'{"a":'.repeat(200)}1${'}'.repeat(200)}`],
];

describe.each([...writes(storefrontRoutes, STOREFRONT_PREFIX, () => shop.publicKey), ...writes(merchantRoutes, MERCHANT_PREFIX, () => shop.privateKey)])(
  '%s',
  (_name, route, prefix, key) => {
    // Path parameters name records that do not exist; a route may answer 404 before it reads the body.
    const url = prefix + route.url.replace(/:[a-z]+/g, () => randomUUID());
    it.each(badBodies)('answers %s with a 4xx envelope, never a 500', async (_label, payload) => {
      const res = await call(t.app, { method: route.method, url, key: key(), headers: { 'content-type': 'application/json', ...shopper.auth }, payload });
      expect(res.status, res.raw).toBeGreaterThanOrEqual(400);
      expect(res.status, res.raw).toBeLessThan(500);
      expectEnvelopeShape(res);
    });
  },
);

// Merchant spec, Errors: "unsupported_media_type | 415 | send `Content-Type: application/json`". A
// body in any other type answers that on every write of both faces, before the route reads it; the
// routes that take files (`uploads: true`) also read multipart/form-data, and nothing else.
const notJson: [string, string][] = [
  ['text/plain', '{"title": "Lamp"}'],
  ['text/plain; charset=utf-8', 'title=Lamp'],
  ['application/xml', '<product><title>Lamp</title></product>'],
  ['application/x-www-form-urlencoded', 'title=Lamp'],
];

const everyWrite = (routes: RestRoute[], prefix: string, key: () => string) =>
  routes.filter((r) => r.method !== 'GET').map((r) => [`${r.method} ${r.url}`, r, prefix, key] as const);

describe.each([
  ...everyWrite(storefrontRoutes, STOREFRONT_PREFIX, () => shop.publicKey),
  ...everyWrite(merchantRoutes, MERCHANT_PREFIX, () => shop.privateKey),
])('%s with a body that is not JSON', (_name, route, prefix, key) => {
  const url = prefix + route.url.replace(/:[a-z]+/g, () => randomUUID());
  it.each(notJson)('answers Content-Type %s with 415 unsupported_media_type', async (contentType, payload) => {
    const res = await call(t.app, { method: route.method, url, key: key(), headers: { 'content-type': contentType, ...shopper.auth }, payload });
    expect(res.status, res.raw).toBe(415);
    expectEnvelopeShape(res);
    expect(res.body.error.code).toBe('unsupported_media_type');
    expect(res.body.message).toBe('Send the body as JSON with Content-Type: application/json.');
  });
});
