import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '../../../src/generated/prisma/client.js';
import { createCategory, createProduct } from '../../support/catalog.js';
import { expectFailure, expectValidation } from '../../support/failure.js';
import { get } from '../../support/http.js';
import { defineMetafield } from '../../support/custom-data.js';
import { makeKey, makeStore, type TestStore } from '../../support/stores.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';
import { derivedOf, MERCHANT, outboxOf, send, sendForm } from '../../support/writes.js';

// PUT /products/{product} (a patch), DELETE /products/{product} (soft) and POST /products/publish
// (bulk, all or nothing): answers, derived columns, updated_at, events, tenancy and scopes.

let t: TestApp;
let shop: TestStore;
let other: TestStore;

beforeAll(async () => {
  t = await startTestApp({ RATE_LIMIT_MERCHANT: '0' });
  shop = await makeStore(t.database);
  other = await makeStore(t.database);
  await defineMetafield(t.database, shop, 'a.b', 'number');
});
afterAll(() => t.close());

const past = new Date('2026-01-01T00:00:00Z');
const row = (id: string) => t.database.prisma.product.findUniqueOrThrow({ where: { id } });
const eventsAfter = async (count: number) => (await outboxOf(t.database, shop.store)).slice(count);
const eventCount = async () => (await outboxOf(t.database, shop.store)).length;
const keyWith = (...scopes: string[]) => makeKey(t.database, { store: shop.store.slug, kind: 'private', scopes });

describe('PUT /products/{product}', () => {
  it('changes the fields sent, keeps the others and the slug, moves updated_at, and answers the product object', async () => {
    const product = await createProduct(t.database, shop.store, { title: 'Old Title', price: '10.00', updatedAt: past });
    const before = await eventCount();
    const res = await send(t.app, shop.privateKey, 'PUT', `/products/${product.pId}`, { title: 'New Title', price: '12.5', excerpt: null, metadata: { k: 1 } });
    expect(res.status, res.raw).toBe(200);
    const read = await get(t.app, `${MERCHANT}/products/${product.id}`, shop.privateKey);
    expect(res.body).toEqual({ ...read.body, message: 'Product updated' });
    expect(res.body.data).toMatchObject({
      title: 'New Title',
      slug: product.slug,
      price: '12.50',
      excerpt: null,
      description: 'Old Title description',
      metadata: { k: 1 },
    });
    expect(new Date(res.body.data.updated_at).getTime()).toBeGreaterThan(past.getTime());
    expect(await derivedOf(t.database, product.id)).toEqual({ priceMin: '12.50', priceMax: '12.50', stock: 5, inStock: true });
    expect(await eventsAfter(before)).toEqual([{ topic: 'products/update', payload: expect.objectContaining({ uid: product.id }) }]);
  });

  it('clears nullable fields with null and metadata and metafields to {}', async () => {
    const product = await createProduct(t.database, shop.store, { title: 'Clearable', compareAtPrice: '20.00' });
    await send(t.app, shop.privateKey, 'PUT', `/products/${product.id}`, { metafields: { 'a.b': 1 }, metadata: { x: 1 } });
    const res = await send(t.app, shop.privateKey, 'PUT', `/products/${product.id}`, {
      compare_at_price: null,
      description: null,
      metadata: null,
      metafields: null,
      category_id: null,
    });
    expect(res.body.data).toMatchObject({ description: null, metadata: {}, metafields: {}, storefront_compare_at_price: null });
    expect((await row(product.id)).compareAtPrice).toBeNull();
  });

  it('moves the product between categories and off the in-stock filter when its stock runs out', async () => {
    const category = await createCategory(t.database, shop.store, 'Moved');
    const product = await createProduct(t.database, shop.store, { title: 'Stocked', stock: 3 });
    const res = await send(t.app, shop.privateKey, 'PUT', `/products/${product.id}`, { stock: 0, category_id: category.pId });
    expect(res.body.data).toMatchObject({ stock: 0, in_stock: false });
    expect(await derivedOf(t.database, product.id)).toEqual({ priceMin: '10.00', priceMax: '10.00', stock: 0, inStock: false });
    expect((await row(product.id)).categoryId).toBe(category.id);
    const inStock = await get(t.app, `${MERCHANT}/products?stock_status=in_stock&limit=100`, shop.privateKey);
    expect(inStock.body.data.map((p: { uid: string }) => p.uid)).not.toContain(product.id);
  });

  it('refuses a multipart body with 415: the patch takes no files', async () => {
    const product = await createProduct(t.database, shop.store, { title: 'Form Patch' });
    const res = await sendForm(t.app, shop.privateKey, 'PUT', `/products/${product.id}`, [{ name: 'published', value: '0' }]);
    expectFailure(res, 415, 'unsupported_media_type');
    expect((await row(product.id)).published).toBe(true);
  });

  it('replaces the option list when every variant still fits, and refuses it on options otherwise', async () => {
    const product = await createProduct(t.database, shop.store, {
      title: 'Optioned',
      options: { Size: ['S', 'M'] },
      variants: [{ title: 'S', optionValues: { Size: 'S' }, price: '5.00' }],
    });
    const widened = await send(t.app, shop.privateKey, 'PUT', `/products/${product.id}`, { options: [{ name: 'Size', values: ['S', 'M', 'L'] }] });
    expect(widened.status, widened.raw).toBe(200);
    expect(await t.database.prisma.productOption.findMany({ where: { productId: product.id }, select: { name: true, values: true } })).toEqual([
      { name: 'Size', values: ['S', 'M', 'L'] },
    ]);
    const before = await eventCount();
    const narrowed = await send(t.app, shop.privateKey, 'PUT', `/products/${product.id}`, {
      title: 'Should Not Stick',
      options: [{ name: 'Size', values: ['M'] }],
    });
    expectValidation(narrowed, 'options');
    const variant = await t.database.prisma.variant.findFirstOrThrow({ where: { productId: product.id } });
    expect(narrowed.body.errors.options).toEqual([
      `would not fit variant ${variant.pId}: its option values "S" is not a value of the option "Size" (values: M)`,
    ]);
    expect((await row(product.id)).title).toBe('Optioned');
    expect(await eventCount()).toBe(before);
  });

  it('refuses own stock while the product sells through active variants', async () => {
    const product = await createProduct(t.database, shop.store, {
      title: 'Variant Stock',
      variants: [{ title: 'S', optionValues: { Size: 'S' }, price: '5.00' }],
    });
    expectValidation(await send(t.app, shop.privateKey, 'PUT', `/products/${product.id}`, { stock: 3 }), 'stock');
  });

  it('refuses an empty patch, unknown fields and variants, by name', async () => {
    const product = await createProduct(t.database, shop.store, { title: 'Patchy' });
    expectValidation(await send(t.app, shop.privateKey, 'PUT', `/products/${product.id}`, {}), 'request');
    const res = await send(t.app, shop.privateKey, 'PUT', `/products/${product.id}`, { variants: [], slug: 'mine' });
    expect(res.body.errors).toEqual({ variants: ['is not a field of this operation'], slug: ['is not a field of this operation'] });
    expect((await send(t.app, shop.privateKey, 'PUT', `/products/${product.id}`, { title: null })).body.errors).toEqual({ title: ['must be text'] });
  });

  it("answers 404 for another store's product and leaves it untouched", async () => {
    const foreign = await createProduct(t.database, other.store, { title: 'Foreign' });
    for (const id of [foreign.id, String(foreign.pId), 'nope']) {
      expectFailure(await send(t.app, shop.privateKey, 'PUT', `/products/${id}`, { title: 'Mine' }), 404, 'not_found', 'Product not found.');
    }
    expect((await row(foreign.id)).title).toBe('Foreign');
  });

  it('answers 403 insufficient_scope without merchant-items-update', async () => {
    const product = await createProduct(t.database, shop.store, { title: 'Scoped' });
    const key = await keyWith('merchant-items-create', 'merchant-items-delete');
    expectFailure(await send(t.app, key, 'PUT', `/products/${product.id}`, { title: 'X' }), 403, 'insufficient_scope');
  });
});

describe('DELETE /products/{product}', () => {
  let product: Product;
  beforeAll(async () => {
    product = await createProduct(t.database, shop.store, { title: 'Doomed Lamp', slug: 'doomed-lamp' });
  });

  it('answers id, p_id and deleted true, and the storefront answers 404 at once', async () => {
    expect((await get(t.app, `/v1/store/products/doomed-lamp`, shop.publicKey)).status).toBe(200);
    const before = await eventCount();
    const res = await send(t.app, shop.privateKey, 'DELETE', `/products/${product.id}`);
    expect(res.status, res.raw).toBe(200);
    expect(res.body).toEqual({ status: 'success', message: 'Product deleted', data: { id: product.pId, p_id: product.pId, deleted: true } });
    expect(await eventsAfter(before)).toEqual([{ topic: 'products/delete', payload: expect.objectContaining({ uid: product.id }) }]);
    expectFailure(await get(t.app, `/v1/store/products/doomed-lamp`, shop.publicKey), 404, 'not_found');
    const list = await get(t.app, `/v1/store/products?per_page=100`, shop.publicKey);
    expect(list.body.data.map((p: { slug: string }) => p.slug)).not.toContain('doomed-lamp');
  });

  it('keeps the row with deleted_at, hidden from every merchant read', async () => {
    const stored = await row(product.id);
    expect(stored.deletedAt).toBeInstanceOf(Date);
    expect(stored.slug).toBe('doomed-lamp');
    expectFailure(await get(t.app, `${MERCHANT}/products/${product.pId}`, shop.privateKey), 404, 'not_found');
    const list = await get(t.app, `${MERCHANT}/products?limit=100`, shop.privateKey);
    expect(list.body.data.map((p: { uid: string }) => p.uid)).not.toContain(product.id);
  });

  it('answers 404 the second time, and to every write on the deleted product', async () => {
    expectFailure(await send(t.app, shop.privateKey, 'DELETE', `/products/${product.id}`), 404, 'not_found');
    expectFailure(await send(t.app, shop.privateKey, 'PUT', `/products/${product.id}`, { title: 'Back' }), 404, 'not_found');
    expectFailure(await send(t.app, shop.privateKey, 'POST', `/products/${product.id}/variants`, { option_values: {}, price: 1 }), 404, 'not_found');
  });

  it("answers 404 for another store's product and leaves it in place", async () => {
    const foreign = await createProduct(t.database, other.store, { title: 'Theirs' });
    expectFailure(await send(t.app, shop.privateKey, 'DELETE', `/products/${foreign.pId}`), 404, 'not_found');
    expect((await row(foreign.id)).deletedAt).toBeNull();
  });

  it('answers 403 insufficient_scope without merchant-items-delete', async () => {
    const keep = await createProduct(t.database, shop.store, { title: 'Kept' });
    const key = await keyWith('merchant-items-update', 'merchant-items-create');
    expectFailure(await send(t.app, key, 'DELETE', `/products/${keep.id}`), 403, 'insufficient_scope');
    expect((await row(keep.id)).deletedAt).toBeNull();
  });
});

describe('POST /products/publish', () => {
  it('unpublishes by integer id and uuid, answering each product once, and the storefront stops showing them', async () => {
    const a = await createProduct(t.database, shop.store, { title: 'Pub A', updatedAt: past });
    const b = await createProduct(t.database, shop.store, { title: 'Pub B', updatedAt: past });
    const before = await eventCount();
    const res = await send(t.app, shop.privateKey, 'POST', '/products/publish', { ids: [a.pId, b.id, String(a.pId)], published: false });
    expect(res.status, res.raw).toBe(200);
    expect(res.body).toEqual({
      status: 'success',
      message: 'Products unpublished',
      data: {
        published: false,
        products: [
          { id: a.pId, uid: a.id, published: false, updated_at: expect.any(String) },
          { id: b.pId, uid: b.id, published: false, updated_at: expect.any(String) },
        ],
      },
    });
    for (const p of res.body.data.products) expect(new Date(p.updated_at).getTime()).toBeGreaterThan(past.getTime());
    expect(await eventsAfter(before)).toEqual([
      { topic: 'products/update', payload: expect.objectContaining({ uid: a.id }) },
      { topic: 'products/update', payload: expect.objectContaining({ uid: b.id }) },
    ]);
    expectFailure(await get(t.app, `/v1/store/products/${a.slug}`, shop.publicKey), 404, 'not_found');
  });

  it('leaves products already in the asked state unwritten: no event, updated_at unmoved', async () => {
    const a = await createProduct(t.database, shop.store, { title: 'Already', updatedAt: past });
    const before = await eventCount();
    const res = await send(t.app, shop.privateKey, 'POST', '/products/publish', { ids: [a.id], published: true });
    expect(res.body.data.products).toEqual([{ id: a.pId, uid: a.id, published: true, updated_at: past.toISOString() }]);
    expect(await eventCount()).toBe(before);
  });

  it('changes nothing when any id names no product of the store, naming each on ids.N', async () => {
    const mine = await createProduct(t.database, shop.store, { title: 'Mine Pub' });
    const foreign = await createProduct(t.database, other.store, { title: 'Foreign Pub' });
    const gone = await createProduct(t.database, shop.store, { title: 'Gone Pub', deleted: true });
    const before = await eventCount();
    const res = await send(t.app, shop.privateKey, 'POST', '/products/publish', { ids: [mine.id, foreign.id, 'junk', gone.pId], published: false });
    expectValidation(res, 'ids.1');
    expect(res.body.errors).toEqual({
      'ids.1': ['names no product of this store'],
      'ids.2': ['names no product of this store'],
      'ids.3': ['names no product of this store'],
    });
    expect((await row(mine.id)).published).toBe(true);
    expect((await row(foreign.id)).published).toBe(true);
    expect(await eventCount()).toBe(before);
  });

  it.each([
    [{ ids: [], published: true }, 'ids'],
    [{ ids: Array.from({ length: 101 }, (_, i) => i + 1), published: true }, 'ids'],
    [{ ids: [1] }, 'published'],
    [{ ids: [1], published: 'yes' }, 'published'],
    [{ ids: [true], published: true }, 'ids.0'],
    [{ ids: [1], published: true, all: true }, 'all'],
  ])('refuses %j on %s', async (body, field) => {
    expectValidation(await send(t.app, shop.privateKey, 'POST', '/products/publish', body), field);
  });

  it('answers 403 insufficient_scope without merchant-items-update', async () => {
    const key = await keyWith('merchant-items-create');
    expectFailure(await send(t.app, key, 'POST', '/products/publish', { ids: [1], published: true }), 403, 'insufficient_scope');
  });
});
