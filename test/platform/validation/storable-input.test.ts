import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectValidation } from '../../support/failure.js';
import { call, graphql, type Call } from '../../support/http.js';
import { makeStore, type TestStore } from '../../support/stores.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';
import { MERCHANT } from '../../support/writes.js';

// Issue 18, finding 6: text PostgreSQL cannot store (U+0000 anywhere; an unpaired surrogate, which
// jsonb refuses and text would turn into U+FFFD) is refused by one shared rule with a 422 naming the
// field, on both REST faces and in every GraphQL argument, never reaching the database.

const NUL = 'must not contain NUL characters';
const SURROGATE = 'must not contain unpaired surrogate characters';

let t: TestApp;
let shop: TestStore;

beforeAll(async () => {
  t = await startTestApp({ RATE_LIMIT_STOREFRONT: '0', RATE_LIMIT_MERCHANT: '0', RATE_LIMIT_GRAPHQL: '0' });
  shop = await makeStore(t.database);
});
afterAll(() => t.close());

/** A JSON body as raw text, so escapes such as \u0000 and \ud800 arrive exactly as a client can send them. */
function postRaw(url: string, key: string, json: string, headers: Record<string, string> = {}) {
  return call(t.app, { method: 'POST', url, key, headers: { 'content-type': 'application/json', ...headers }, payload: json });
}

function expectRefused(res: Call, errors: Record<string, string[]>) {
  expectValidation(res, Object.keys(errors)[0]);
  expect(res.body.error.errors).toEqual(errors);
}

describe('Storefront REST', () => {
  it('refuses a NUL in a cart field with 422 naming it (it used to fail in PostgreSQL with 500)', async () => {
    const res = await postRaw('/v1/store/cart', shop.publicKey, `{"vendor_id":"${shop.store.id}","cart_items":[],"source":"a\\u0000b"}`, {
      'x-cart-session': randomUUID(),
    });
    expectRefused(res, { source: [NUL] });
  });

  it('refuses a NUL in a query parameter and in a path parameter', async () => {
    expectRefused(await call(t.app, { method: 'GET', url: '/v1/store/products?locale=e%00n', key: shop.publicKey }), { locale: [NUL] });
    expectRefused(await call(t.app, { method: 'GET', url: '/v1/store/products/a%00b', key: shop.publicKey }), { slug: [NUL] });
  });
});

describe('Merchant REST', () => {
  it('refuses an unpaired surrogate in a metadata value (jsonb cannot hold it), naming its path', async () => {
    const res = await postRaw(`${MERCHANT}/products`, shop.privateKey, '{"title":"Lamp","price":1,"metadata":{"note":"x\\ud800"}}');
    expectRefused(res, { 'metadata.note': [SURROGATE] });
  });

  it('refuses a NUL in a metadata key on the object holding it, and every field at fault at once', async () => {
    const res = await postRaw(`${MERCHANT}/products`, shop.privateKey, '{"title":"La\\u0000mp","price":1,"metadata":{"a\\u0000":"x"}}');
    expectRefused(res, { title: [NUL], metadata: [`${NUL} in its keys`] });
  });

  it('still takes a surrogate pair (an emoji)', async () => {
    const res = await postRaw(`${MERCHANT}/products`, shop.privateKey, '{"title":"Lamp \\ud83d\\udca1","price":1}');
    expect(res.status, res.raw).toBe(201);
    expect(res.body.data.title).toBe('Lamp 💡');
  });
});

describe('GraphQL arguments', () => {
  it('refuses a NUL in a variable with validation_failed naming the argument', async () => {
    const res = await graphql(
      t.app,
      shop.publicKey,
      'mutation ($input: CartUpsertInput!) { cartUpsert(input: $input) { cart { id } userErrors { field } } }',
      { input: { lines: [], source: 'a\u0000b' } },
      { 'x-cart-session': randomUUID() },
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toBeNull();
    expect(res.body.errors).toHaveLength(1);
    expect(res.body.errors[0].extensions).toEqual({
      code: 'validation_failed',
      request_id: res.headers['x-request-id'],
      errors: { 'input.source': [NUL] },
    });
  });

  it('refuses a NUL written as a literal in the document', async () => {
    const res = await graphql(t.app, shop.publicKey, '{ product(slug: "a\\u0000b") { id } }');
    expect(res.body.errors[0].extensions).toMatchObject({ code: 'validation_failed', errors: { slug: [NUL] } });
  });

  it('refuses an unpaired surrogate in a JSONObject argument', async () => {
    const res = await graphql(
      t.app,
      shop.privateKey,
      'mutation ($input: ProductCreateInput!) { productCreate(input: $input) { product { id } userErrors { field } } }',
      { input: { title: 'Lamp', price: '1.00', metadata: { note: 'x\ud800' } } },
    );
    expect(res.body.errors?.[0]?.extensions, res.raw).toMatchObject({ code: 'validation_failed', errors: { 'input.metadata.note': [SURROGATE] } });
  });
});
