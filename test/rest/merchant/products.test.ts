import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Category, Product } from '../../../src/generated/prisma/client.js';
import { createCategory, createProduct } from '../../support/catalog.js';
import { get } from '../../support/http.js';
import { makeKey, makeStore, type TestStore } from '../../support/stores.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';

let t: TestApp;
let shop: TestStore;
let other: TestStore;
let bags: Category;
let tote: Product;
let boot: Product;
let draft: Product;
let foreign: Product;
const at = (n: number) => new Date(Date.UTC(2026, 2, 1, 12, n));

beforeAll(async () => {
  t = await startTestApp();
  shop = await makeStore(t.database);
  other = await makeStore(t.database);
  await t.database.prisma.store.update({ where: { id: shop.store.id }, data: { storefrontUrl: 'https://shop.example' } });
  bags = await createCategory(t.database, shop.store, 'Bags');
  tote = await createProduct(t.database, shop.store, {
    title: 'Canvas Tote',
    slug: 'canvas-tote',
    price: '25.00',
    compareAtPrice: '30.00',
    stock: 7,
    category: bags,
    createdAt: at(1),
    updatedAt: at(30),
  });
  boot = await createProduct(t.database, shop.store, {
    title: 'Leather Boot',
    slug: 'leather-boot',
    price: '118.00',
    createdAt: at(2),
    updatedAt: at(10),
    variants: [
      { title: '40', optionValues: { Size: '40' }, price: '120.00', stock: 0 },
      { title: '41', optionValues: { Size: '41' }, price: '125.50', stock: 0 },
    ],
  });
  draft = await createProduct(t.database, shop.store, {
    title: 'Archived Hat',
    slug: 'archived-hat',
    status: 'draft',
    published: false,
    trackInventory: false,
    stock: 0,
    createdAt: at(3),
    updatedAt: at(20),
  });
  await createProduct(t.database, shop.store, { title: 'Deleted Scarf', deleted: true, createdAt: at(4), updatedAt: at(40) });
  foreign = await createProduct(t.database, other.store, { title: 'Foreign Lamp' });
});
afterAll(() => t.close());

const ids = (body: { data: { id: number }[] }) => body.data.map((p) => p.id);

describe('GET /api/v1/merchant/products', () => {
  it('lists every non-deleted product of the store, newest first, in the list envelope', async () => {
    const res = await get(t.app, '/api/v1/merchant/products', shop.privateKey);
    expect(res.status).toBe(200);
    expect(ids(res.body)).toEqual([draft.pId, boot.pId, tote.pId]);
    expect(res.body).toMatchObject({ status: 'success', has_more: false, next_cursor: null });
  });

  it('presents the merchant product with decimal-string money', async () => {
    const res = await get(t.app, '/api/v1/merchant/products?sort_by=title&sort_order=asc', shop.privateKey);
    const [, toteJson, bootJson] = res.body.data;
    expect(toteJson).toMatchObject({
      id: tote.pId,
      uid: tote.id,
      title: 'Canvas Tote',
      slug: 'canvas-tote',
      status: 'active',
      published: true,
      in_stock: true,
      price: '25.00',
      storefront_price: '25.00',
      storefront_compare_at_price: '30.00',
      url: 'https://shop.example/products/canvas-tote',
      currency: 'USD',
      stock: 7,
      track_inventory: true,
      has_variants: false,
      variants: [],
      metafields: {},
      metadata: {},
      created_at: '2026-03-01T12:01:00.000Z',
      updated_at: '2026-03-01T12:30:00.000Z',
      deleted_at: null,
    });
    expect(toteJson.images[0]).toMatchObject({ is_primary: true, position: 0, width: 1600, height: 1200 });
    // The product's own price stays as entered; the shopper pays the cheapest active variant's.
    expect(bootJson).toMatchObject({ price: '118.00', storefront_price: '120.00', in_stock: false, has_variants: true, stock: 0 });
    expect(bootJson.variants[1]).toMatchObject({
      title: '41',
      price: '125.50',
      option_values: { Size: '41' },
      stock: 0,
      is_active: true,
      url: expect.stringMatching(/\?variant=\d+$/),
    });
  });

  it.each([
    ['sort_by=title&sort_order=asc', () => [draft, tote, boot]],
    ['sort_by=price&sort_order=desc', () => [boot, tote, draft]],
    ['sort_by=updated_at&sort_order=desc', () => [tote, draft, boot]],
    ['sort_by=created_at&sort_order=asc', () => [tote, boot, draft]],
    ['sort_by=stock&sort_order=desc', () => [tote, draft, boot]],
  ])('sorts with %s', async (query, expected) => {
    const res = await get(t.app, `/api/v1/merchant/products?${query}`, shop.privateKey);
    expect(ids(res.body)).toEqual(expected().map((p) => p.pId));
  });

  it.each([
    ['stock_status=in_stock', () => [draft, tote]],
    ['stock_status=out_of_stock', () => [boot]],
    ['published=0', () => [draft]],
    ['published=true', () => [boot, tote]],
    ['track_inventory=false', () => [draft]],
    [`category_id=${'$bags'}`, () => [tote]],
  ])('filters with %s', async (query, expected) => {
    const res = await get(t.app, `/api/v1/merchant/products?${query.replace('$bags', bags.id)}`, shop.privateKey);
    expect(ids(res.body)).toEqual(expected().map((p) => p.pId));
  });

  it('walks by cursor with limit', async () => {
    const first = await get(t.app, '/api/v1/merchant/products?limit=2', shop.privateKey);
    expect(first.body).toMatchObject({ has_more: true });
    const second = await get(t.app, `/api/v1/merchant/products?limit=2&starting_after=${encodeURIComponent(first.body.next_cursor)}`, shop.privateKey);
    expect(ids(second.body)).toEqual([tote.pId]);
    expect(second.body).toMatchObject({ has_more: false, next_cursor: null });
  });

  it.each(['created_at', 'updated_at', 'title', 'price', 'stock', 'published'].flatMap((by) => [`${by}:asc`, `${by}:desc`]))(
    'walks sort %s one row at a time, every row exactly once, in the order of the whole list',
    async (sort) => {
      const [by, order] = sort.split(':');
      const whole = await get(t.app, `/api/v1/merchant/products?sort_by=${by}&sort_order=${order}`, shop.privateKey);
      const walked: number[] = [];
      let cursor: string | null = null;
      do {
        const after: string = cursor ? `&starting_after=${encodeURIComponent(cursor)}` : '';
        const res = await get(t.app, `/api/v1/merchant/products?sort_by=${by}&sort_order=${order}&limit=1${after}`, shop.privateKey);
        expect(res.status).toBe(200);
        walked.push(...ids(res.body));
        cursor = res.body.next_cursor;
      } while (cursor);
      expect(walked).toEqual(ids(whole.body));
      expect(walked).toHaveLength(3);
    },
  );

  it.each(['0', '101', 'ten'])('refuses limit=%s with 422', async (limit) => {
    const res = await get(t.app, `/api/v1/merchant/products?limit=${limit}`, shop.privateKey);
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ error_code: 'validation_failed', error_type: 'validation_error', error: { field: 'limit' } });
  });

  describe('polling with updated_after', () => {
    it('answers rows changed after the time, oldest change first', async () => {
      const res = await get(t.app, `/api/v1/merchant/products?updated_after=${at(5).toISOString()}`, shop.privateKey);
      expect(ids(res.body)).toEqual([boot.pId, draft.pId, tote.pId]);
      const later = await get(t.app, `/api/v1/merchant/products?updated_after=${at(10).toISOString()}`, shop.privateKey);
      expect(ids(later.body)).toEqual([draft.pId, tote.pId]);
    });

    it.each(['sort_by=title', 'sort_order=asc', 'page=1', 'per_page=10'])('refuses %s with 422 naming the field', async (extra) => {
      const res = await get(t.app, `/api/v1/merchant/products?updated_after=${at(5).toISOString()}&${extra}`, shop.privateKey);
      expect(res.status).toBe(422);
      expect(res.body.error.field).toBe(extra.split('=')[0]);
    });

    it('binds the cursor to the timestamp and the filters', async () => {
      const first = await get(t.app, `/api/v1/merchant/products?limit=1&updated_after=${at(5).toISOString()}`, shop.privateKey);
      const cursor = encodeURIComponent(first.body.next_cursor);
      const next = await get(t.app, `/api/v1/merchant/products?limit=1&updated_after=${at(5).toISOString()}&starting_after=${cursor}`, shop.privateKey);
      expect(ids(next.body)).toEqual([draft.pId]);
      const otherTime = await get(t.app, `/api/v1/merchant/products?limit=1&updated_after=${at(6).toISOString()}&starting_after=${cursor}`, shop.privateKey);
      expect(otherTime.body.error_code).toBe('starting_after_invalid');
      const otherFilter = await get(
        t.app,
        `/api/v1/merchant/products?limit=1&published=1&updated_after=${at(5).toISOString()}&starting_after=${cursor}`,
        shop.privateKey,
      );
      expect(otherFilter.body.error_code).toBe('starting_after_invalid');
    });

    it('refuses a timestamp that is not ISO 8601', async () => {
      const res = await get(t.app, '/api/v1/merchant/products?updated_after=yesterday', shop.privateKey);
      expect(res.status).toBe(422);
      expect(res.body.errors).toEqual({ updated_after: ['must be an ISO 8601 timestamp, such as 2026-01-31T12:00:00Z'] });
    });
  });

  it('needs merchant-items-read', async () => {
    const key = await makeKey(t.database, { store: shop.store.slug, kind: 'private', scopes: ['merchant-items-detail'] });
    const res = await get(t.app, '/api/v1/merchant/products', key);
    expect(res.status).toBe(403);
    expect(res.body.error_code).toBe('insufficient_scope');
    expect(res.body.message).toContain('merchant-items-read');
  });
});

describe('GET /api/v1/merchant/products/{product}', () => {
  it('finds a product by integer id and by uuid', async () => {
    for (const ref of [String(boot.pId), boot.id]) {
      const res = await get(t.app, `/api/v1/merchant/products/${ref}`, shop.privateKey);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ status: 'success', data: { id: boot.pId, uid: boot.id, title: 'Leather Boot' } });
    }
  });

  it('answers 404 naming the record for another store’s product, a deleted one, or a non-id', async () => {
    for (const ref of [String(foreign.pId), foreign.id, 'abc', '-1', '99999999999']) {
      const res = await get(t.app, `/api/v1/merchant/products/${ref}`, shop.privateKey);
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ error_code: 'not_found', message: 'Product not found.' });
    }
  });

  it('needs merchant-items-detail', async () => {
    const key = await makeKey(t.database, { store: shop.store.slug, kind: 'private', scopes: ['merchant-items-read'] });
    const res = await get(t.app, `/api/v1/merchant/products/${boot.pId}`, key);
    expect(res.status).toBe(403);
    expect(res.body.message).toContain('merchant-items-detail');
  });
});

describe('GET /api/v1/merchant/store', () => {
  it('answers the business profile, unmasked', async () => {
    await t.database.prisma.store.update({ where: { id: shop.store.id }, data: { supportEmail: 'ops@shop.example' } });
    const res = await get(t.app, '/api/v1/merchant/store', shop.privateKey);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      id: shop.store.id,
      slug: shop.store.slug,
      mode: 'live',
      plan: 'active',
      currency: 'USD',
      primary_locale: 'en',
      support_email: 'ops@shop.example',
    });
  });

  it('needs merchant-business_profile-read', async () => {
    const key = await makeKey(t.database, { store: shop.store.slug, kind: 'private', scopes: ['merchant-items-read'] });
    const res = await get(t.app, '/api/v1/merchant/store', key);
    expect(res.status).toBe(403);
    expect(res.body.message).toContain('merchant-business_profile-read');
  });
});
