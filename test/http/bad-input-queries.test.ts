import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '../../src/generated/prisma/client.js';
import { createProduct } from '../support/catalog.js';
import { get, type Call } from '../support/http.js';
import { makeStore, type TestStore } from '../support/stores.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { expectEnvelopeShape, expectFailure, expectValidation } from '../support/failure.js';

// DESIGN.md, Cross-cutting rules: bad input gets a clear 4xx in the documented envelope, never a 500.
// Every served route gets malformed query strings and path ids with a valid key; where the rule is stated, the answer is exact.
// Bodies, GraphQL arguments and headers: bad-input-bodies.test.ts.

const SLUG = 'bad-input-widget';

let t: TestApp;
let shop: TestStore;
let other: TestStore;
let widget: Product;
let foreign: Product;

// The battery sends hundreds of requests with one key: rate limiting is off here (see rate-limit.test.ts).
const NO_RATE_LIMIT = { RATE_LIMIT_STOREFRONT: '0', RATE_LIMIT_MERCHANT: '0', RATE_LIMIT_GRAPHQL: '0' };

beforeAll(async () => {
  t = await startTestApp(NO_RATE_LIMIT);
  shop = await makeStore(t.database);
  other = await makeStore(t.database);
  widget = await createProduct(t.database, shop.store, { title: 'Widget', slug: SLUG });
  await createProduct(t.database, shop.store, { title: 'Gadget' });
  foreign = await createProduct(t.database, other.store, { title: 'Foreign', slug: SLUG });
});
afterAll(() => t.close());

type Kind = 'public' | 'private';
const keyOf = (kind: Kind) => (kind === 'public' ? shop.publicKey : shop.privateKey);

const routes: [string, Kind][] = [
  ['/v1/store/info', 'public'],
  ['/v1/store/locales', 'public'],
  ['/v1/store/products', 'public'],
  [`/v1/store/products/${SLUG}`, 'public'],
  [`/v1/store/products/${SLUG}/related`, 'public'],
  ['/api/v1/merchant/store', 'private'],
  ['/api/v1/merchant/products', 'private'],
  ['/api/v1/merchant/products/:product', 'private'],
  ['/api/v1/merchant/storefront/search', 'private'],
];

const absurdQueries = [
  'page=-1',
  'page=abc',
  'page=99999999999999999999',
  'page=1.5',
  'page=51',
  'per_page=0',
  'per_page=101',
  'per_page=-5',
  'limit=abc',
  'limit=0',
  'limit=1e3',
  'sort=nope',
  'sort_by=nope',
  'sort_order=sideways',
  'has_video=maybe',
  'published=maybe',
  'stock_status=x',
  `keyword=${'k'.repeat(101)}`,
  'keyword=%00',
  'keyword=%25_%5C',
  'keyword=%E0%A4%A',
  'starting_after=garbage',
  'starting_after=%00',
  'starting_after=a.b',
  'starting_after=a.b.c',
  `starting_after=${'c'.repeat(5000)}`,
  'category_id=../../etc',
  'category_id=%00',
  'category_id=2147483648',
  `category_id=${randomUUID()}`,
  'category_slug=%00',
  'updated_after=yesterday',
  'updated_after=2026-02-30T00:00:00Z',
  'updated_after=%00',
  `locale=${'x'.repeat(2048)}`,
  'locale=%00',
  'locale=../../etc',
  'page=1&page=2',
  'limit=1&limit=2',
  'sort=latest&sort=popular',
  'page[]=1',
  'page[x]=1',
  'keyword=%25',
  'metafields[a.b]=%00',
  'metafields[a.b][c]=1',
  'metafields[]=1',
  'metafields[a.b]=1&metafields[a.b]=2',
];

function urlOf(route: string) {
  return route.replace(':product', widget.id);
}

/** No 5xx; a REST 4xx answers the failure envelope. */
function expectClean(res: Call) {
  expect(res.status, `${res.status} ${res.raw.slice(0, 500)}`).toBeLessThan(500);
  if (res.status >= 400) expectEnvelopeShape(res);
}

describe.each(routes)('Absurd query parameters on GET %s', (route, kind) => {
  it.each(absurdQueries.map((q) => [q.length > 60 ? `${q.slice(0, 40)}… (${q.length} chars)` : q, q]))(
    '?%s answers a clean 2xx or 4xx',
    async (_label, query) => {
      expectClean(await get(t.app, `${urlOf(route)}?${query}`, keyOf(kind)));
    },
  );
});

describe('GET /v1/store/products validation', () => {
  it.each([
    ['page=-1', 'page'],
    ['page=0', 'page'],
    ['page=abc', 'page'],
    ['page=99999999999999999999', 'page'],
    ['page=1.5', 'page'],
    ['page=1&page=2', 'page'],
    ['per_page=0', 'per_page'],
    ['per_page=101', 'per_page'],
    ['limit=abc', 'limit'],
    ['limit=101', 'limit'],
    ['sort=nope', 'sort'],
    ['has_video=maybe', 'has_video'],
    [`keyword=${'k'.repeat(101)}`, 'keyword'],
    ['category_id=../../etc', 'category_id'],
    ['category_slug=no-such-category', 'category_slug'],
  ])('?%s answers 422 validation_failed naming %s', async (query, field) => {
    expectValidation(await get(t.app, `/v1/store/products?${query}`, shop.publicKey), field);
  });

  it('answers the whole validation envelope', async () => {
    const res = await get(t.app, '/v1/store/products?per_page=0', shop.publicKey);
    expect(res.status).toBe(422);
    const errors = { per_page: ['must be at least 1'] };
    expect(res.body).toEqual({
      status: 'failed',
      error_code: 'validation_failed',
      message: 'must be at least 1',
      data: null,
      error: {
        code: 'validation_failed',
        message: 'must be at least 1',
        doc_url: 'http://bazaar.test/docs/errors#validation_failed',
        request_id: res.headers['x-request-id'],
        field: 'per_page',
        errors,
      },
      error_type: 'validation_error',
      errors,
    });
  });

  it('accepts the documented bounds: per_page=100, keyword of 100 characters, page=50', async () => {
    expect((await get(t.app, '/v1/store/products?per_page=100', shop.publicKey)).status).toBe(200);
    expect((await get(t.app, `/v1/store/products?keyword=${'k'.repeat(100)}`, shop.publicKey)).status).toBe(200);
    const deepest = await get(t.app, '/v1/store/products?page=50', shop.publicKey);
    expect(deepest.status).toBe(200);
    expect(deepest.body.data).toEqual([]);
  });

  it('treats % and _ in keyword as plain characters', async () => {
    const res = await get(t.app, '/v1/store/products?keyword=%25', shop.publicKey);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([]);
  });

  it.each(['garbage', 'a.b', `${'c'.repeat(100)}.${'d'.repeat(43)}`])('?starting_after=%s answers 422 starting_after_invalid', async (cursor) => {
    const res = await get(t.app, `/v1/store/products?starting_after=${cursor}`, shop.publicKey);
    expectFailure(res, 422, 'starting_after_invalid');
  });

  it('answers 422 page_too_deep past page 50', async () => {
    const res = await get(t.app, '/v1/store/products?page=51', shop.publicKey);
    expectFailure(res, 422, 'page_too_deep');
  });

  it('answers 422 when page and starting_after are combined', async () => {
    const first = await get(t.app, '/v1/store/products?per_page=1', shop.publicKey);
    expect(first.body.next_cursor).toEqual(expect.any(String));
    const res = await get(t.app, `/v1/store/products?page=2&starting_after=${first.body.next_cursor}`, shop.publicKey);
    expect(res.status).toBe(422);
    expect(res.body.error_code).toBe('validation_failed');
    expect(Object.keys(res.body.error.errors)).toEqual([expect.stringMatching(/^(page|starting_after)$/)]);
  });

  it("answers 422 starting_after_invalid for another list's cursor", async () => {
    const merchantPage = await get(t.app, '/api/v1/merchant/products?limit=1', shop.privateKey);
    expect(merchantPage.body.next_cursor).toEqual(expect.any(String));
    expectFailure(await get(t.app, `/v1/store/products?starting_after=${merchantPage.body.next_cursor}`, shop.publicKey), 422, 'starting_after_invalid');
  });
});

describe('GET /api/v1/merchant/products validation', () => {
  it.each([
    ['limit=abc', 'limit'],
    ['limit=0', 'limit'],
    ['limit=101', 'limit'],
    ['page=1', 'page'],
    ['per_page=0', 'per_page'],
    ['sort_by=nope', 'sort_by'],
    ['sort_order=sideways', 'sort_order'],
    ['stock_status=x', 'stock_status'],
    ['updated_after=yesterday', 'updated_after'],
    ['category_id=../../etc', 'category_id'],
    ['published=maybe', 'published'],
    ['track_inventory=maybe', 'track_inventory'],
    ['updated_after=2026-01-01T00:00:00Z&sort_by=title', 'sort_by'],
    ['updated_after=2026-01-01T00:00:00Z&sort_order=asc', 'sort_order'],
    ['updated_after=2026-01-01T00:00:00Z&page=1', 'page'],
    ['updated_after=2026-01-01T00:00:00Z&per_page=10', 'per_page'],
    // The text rule comes before every other check of a parameter (a cursor, a slug): NUL is never storable text.
    ['starting_after=%00', 'starting_after'],
    ['updated_after=0000-01-01T00:00:00Z', 'updated_after'],
  ])('?%s answers 422 validation_failed naming %s', async (query, field) => {
    expectValidation(await get(t.app, `/api/v1/merchant/products?${query}`, shop.privateKey), field);
  });

  it.each(['garbage', 'a.b'])('?starting_after=%s answers 422 starting_after_invalid', async (cursor) => {
    expectFailure(await get(t.app, `/api/v1/merchant/products?starting_after=${cursor}`, shop.privateKey), 422, 'starting_after_invalid');
  });

  it('answers 422 starting_after_invalid when the filters change under a cursor', async () => {
    const first = await get(t.app, '/api/v1/merchant/products?limit=1&sort_by=title', shop.privateKey);
    expect(first.body.next_cursor).toEqual(expect.any(String));
    const res = await get(t.app, `/api/v1/merchant/products?limit=1&sort_by=price&starting_after=${first.body.next_cursor}`, shop.privateKey);
    expectFailure(res, 422, 'starting_after_invalid');
  });
});

describe('Weird path ids', () => {
  it.each([
    ['/v1/store/products/no-such-product', 'public'],
    [`/v1/store/products/${'s'.repeat(150)}`, 'public'],
    ['/api/v1/merchant/products/abc', 'private'],
    ['/api/v1/merchant/products/-1', 'private'],
    ['/api/v1/merchant/products/0', 'private'],
    ['/api/v1/merchant/products/1.5', 'private'],
    ['/api/v1/merchant/products/99999999999999', 'private'],
    ['/api/v1/merchant/products/2147483648', 'private'],
    ['/api/v1/merchant/products/..%2F..%2Fetc', 'private'],
    [`/api/v1/merchant/products/${randomUUID()}`, 'private'],
  ] as [string, Kind][])('GET %s answers 404 not_found', async (url, kind) => {
    const res = await get(t.app, url, keyOf(kind));
    expectFailure(res, 404, 'not_found', expect.stringContaining('Product'));
  });

  it.each([
    ['/v1/store/products/%00', 'public', 'slug'],
    ['/api/v1/merchant/products/%00', 'private', 'product'],
  ] as [string, Kind, string][])('GET %s answers 422 naming the path parameter: NUL is never storable text', async (url, kind, field) => {
    expectValidation(await get(t.app, url, keyOf(kind)), field);
  });

  it.each([500, 5000])('GET /v1/store/products/<%i-character slug> answers a clean 404 or 422 in the envelope', async (length) => {
    const res = await get(t.app, `/v1/store/products/${'s'.repeat(length)}`, shop.publicKey);
    expect([404, 422], res.raw.slice(0, 300)).toContain(res.status);
    expectEnvelopeShape(res);
  });

  it.each([500, 5000])('GET /api/v1/merchant/products/<%i digits> answers 404 not_found', async (length) => {
    const res = await get(t.app, `/api/v1/merchant/products/${'9'.repeat(length)}`, shop.privateKey);
    expectFailure(res, 404, 'not_found');
  });

  it.each([
    ['/v1/store/products/%zz', 'public'],
    ['/v1/store/products/%E0%A4%A', 'public'],
    ['/api/v1/merchant/products/%zz', 'private'],
  ] as [string, Kind][])('GET %s (a broken percent-encoding) answers a clean 400 or 404 in the envelope', async (url, kind) => {
    const res = await get(t.app, url, keyOf(kind));
    expect([400, 404]).toContain(res.status);
    expectEnvelopeShape(res);
  });

  it("another store's product answers 404 not_found by slug, uuid and integer id", async () => {
    expect((await get(t.app, `/v1/store/products/${SLUG}`, shop.publicKey)).body.data.id).toBe(widget.id);
    expectFailure(await get(t.app, `/api/v1/merchant/products/${foreign.id}`, shop.privateKey), 404, 'not_found');
    expectFailure(await get(t.app, `/api/v1/merchant/products/${foreign.pId}`, shop.privateKey), 404, 'not_found');
  });
});
