import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '../../../src/generated/prisma/client.js';
import { createProduct } from '../../support/catalog.js';
import { expectFailure, expectValidation } from '../../support/failure.js';
import { get } from '../../support/http.js';
import { makeKey, makeStore, type TestStore } from '../../support/stores.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';
import { derivedOf, MERCHANT, outboxOf, send } from '../../support/writes.js';

// The variant operations: GET /products/{product}/variants (merchant-items-detail), POST, PATCH and
// DELETE (merchant-items-update). Each write keeps the product's derived columns and updated_at.

let t: TestApp;
let shop: TestStore;
let other: TestStore;

beforeAll(async () => {
  t = await startTestApp({ RATE_LIMIT_MERCHANT: '0' });
  shop = await makeStore(t.database);
  await t.database.prisma.store.update({ where: { id: shop.store.id }, data: { storefrontUrl: 'https://shop.example' } });
  other = await makeStore(t.database);
});
afterAll(() => t.close());

const past = new Date('2026-01-01T00:00:00Z');
const shirt = (title: string) =>
  createProduct(t.database, shop.store, {
    title,
    options: { Size: ['S', 'M', 'L'], Color: ['Red', 'Blue'] },
    variants: [
      { title: 'S / Red', optionValues: { Size: 'S', Color: 'Red' }, price: '20.00', stock: 2 },
      { title: 'M / Red', optionValues: { Size: 'M', Color: 'Red' }, price: '22.00', stock: 1 },
    ],
    updatedAt: past,
  });
const variantsOf = (product: Product) => t.database.prisma.variant.findMany({ where: { productId: product.id }, orderBy: { position: 'asc' } });
const keyWith = (...scopes: string[]) => makeKey(t.database, { store: shop.store.slug, kind: 'private', scopes });

describe('GET /products/{product}/variants', () => {
  it('lists every variant by position, shaped like the product list, walking by cursor', async () => {
    const product = await shirt('Listed Shirt');
    const [s, m] = await variantsOf(product);
    const first = await get(t.app, `${MERCHANT}/products/${product.pId}/variants?limit=1`, shop.privateKey);
    expect(first.status, first.raw).toBe(200);
    expect(first.body).toEqual({
      status: 'success',
      message: 'Variants',
      data: [expect.objectContaining({ id: s!.pId, uid: s!.id })],
      has_more: true,
      next_cursor: expect.any(String),
    });
    expect(first.body.data[0]).toMatchObject({
      title: 'S / Red',
      option_values: { Size: 'S', Color: 'Red' },
      price: '20.00',
      url: `https://shop.example/products/${product.slug}?variant=${s!.pId}`,
    });
    const second = await get(t.app, `${MERCHANT}/products/${product.id}/variants?limit=1&starting_after=${first.body.next_cursor}`, shop.privateKey);
    expect(second.body).toMatchObject({ data: [expect.objectContaining({ id: m!.pId })], has_more: false, next_cursor: null });
  });

  it("refuses a cursor of another product's list and a limit out of 1-100", async () => {
    const a = await shirt('Cursor A');
    const b = await shirt('Cursor B');
    const page = await get(t.app, `${MERCHANT}/products/${a.id}/variants?limit=1`, shop.privateKey);
    expectFailure(
      await get(t.app, `${MERCHANT}/products/${b.id}/variants?starting_after=${page.body.next_cursor}`, shop.privateKey),
      422,
      'starting_after_invalid',
    );
    expectValidation(await get(t.app, `${MERCHANT}/products/${a.id}/variants?limit=101`, shop.privateKey), 'limit');
  });

  it("answers 404 for another store's product", async () => {
    const foreign = await createProduct(t.database, other.store, { title: 'Foreign' });
    expectFailure(await get(t.app, `${MERCHANT}/products/${foreign.id}/variants`, shop.privateKey), 404, 'not_found');
  });

  it('answers 403 insufficient_scope without merchant-items-detail', async () => {
    const product = await shirt('Scoped List');
    const key = await keyWith('merchant-items-read', 'merchant-items-update');
    expectFailure(await get(t.app, `${MERCHANT}/products/${product.id}/variants`, key), 403, 'insufficient_scope');
  });
});

describe('POST /products/{product}/variants', () => {
  it('adds a variant at the end, answers 201 with it, and keeps the derived columns and updated_at', async () => {
    const product = await shirt('Grown Shirt');
    const before = (await outboxOf(t.database, shop.store)).length;
    const res = await send(t.app, shop.privateKey, 'POST', `/products/${product.pId}/variants`, {
      option_values: { Size: 'L', Color: 'Blue' },
      price: '9.99',
      stock: 7,
      weight: '1.5',
    });
    expect(res.status, res.raw).toBe(201);
    expect(res.body.data).toMatchObject({ title: 'L / Blue', price: '9.99', stock: 7, position: 2, weight: 1.5, is_active: true, track_inventory: true });
    expect(res.headers.location).toBe(`${MERCHANT}/products/${product.pId}/variants/${res.body.data.id}`);
    expect(await derivedOf(t.database, product.id)).toEqual({ priceMin: '9.99', priceMax: '22.00', stock: 10, inStock: true });
    const stored = await t.database.prisma.product.findUniqueOrThrow({ where: { id: product.id } });
    expect(stored.updatedAt.getTime()).toBeGreaterThan(past.getTime());
    expect((await outboxOf(t.database, shop.store)).slice(before)).toEqual([
      { topic: 'products/update', payload: expect.objectContaining({ uid: product.id }) },
    ]);
    const low = await get(t.app, `/v1/store/products?sort=price_low&per_page=100`, shop.publicKey);
    expect(low.body.data.find((c: { slug: string }) => c.slug === product.slug)).toMatchObject({ price: 9.99 });
  });

  it('refuses a duplicate combination and values outside the options, writing nothing', async () => {
    const product = await shirt('Strict Shirt');
    const before = (await outboxOf(t.database, shop.store)).length;
    const dup = await send(t.app, shop.privateKey, 'POST', `/products/${product.id}/variants`, { option_values: { Color: 'Red', Size: 'S' }, price: 1 });
    const [s] = await variantsOf(product);
    expect(dup.body.errors).toEqual({ option_values: [`repeats the option values of variant ${s!.pId}`] });
    const outside = await send(t.app, shop.privateKey, 'POST', `/products/${product.id}/variants`, { option_values: { Size: 'XL', Color: 'Red' }, price: 1 });
    expectValidation(outside, 'option_values');
    const missing = await send(t.app, shop.privateKey, 'POST', `/products/${product.id}/variants`, { price: 1 });
    expect(missing.body.errors).toEqual({ option_values: ['is required'] });
    expect(await variantsOf(product)).toHaveLength(2);
    expect((await outboxOf(t.database, shop.store)).length).toBe(before);
    const stored = await t.database.prisma.product.findUniqueOrThrow({ where: { id: product.id } });
    expect(stored.updatedAt).toEqual(past);
  });

  it.each([
    [{ option_values: { Size: 'L', Color: 'Red' }, price: '1.999' }, 'price'],
    [{ option_values: { Size: 'L', Color: 'Red' }, price: 1, compare_at_price: -2 }, 'compare_at_price'],
    [{ option_values: { Size: 'L', Color: 'Red' }, price: 1, stock: -1 }, 'stock'],
    [{ option_values: { Size: 'L', Color: 'Red' }, price: 1, backorder_ready_date: '2026-02-30' }, 'backorder_ready_date'],
    [{ option_values: { Size: 'L', Color: 'Red' }, price: 1, weight: 0.0001 }, 'weight'],
    [{ option_values: { Size: 'L', Color: 'Red' }, price: 1, is_active: 'sometimes' }, 'is_active'],
    [{ option_values: { Size: 1 }, price: 1 }, 'option_values.Size'],
    [{ option_values: { Size: 'L', Color: 'Red' }, price: 1, image_id: 3 }, 'image_id'],
  ])('refuses %j on %s', async (body, field) => {
    const product = await shirt('Invalid Variant');
    expectValidation(await send(t.app, shop.privateKey, 'POST', `/products/${product.id}/variants`, body), field);
  });

  it('answers 403 insufficient_scope without merchant-items-update', async () => {
    const product = await shirt('Scoped Create');
    const key = await keyWith('merchant-items-create', 'merchant-items-detail');
    expectFailure(
      await send(t.app, key, 'POST', `/products/${product.id}/variants`, { option_values: { Size: 'L', Color: 'Red' }, price: 1 }),
      403,
      'insufficient_scope',
    );
  });
});

describe('PATCH /products/{product}/variants/{variant}', () => {
  it('changes the fields sent, by integer id or uuid, and recomputes price range and stock', async () => {
    const product = await shirt('Patched Shirt');
    const [s, m] = await variantsOf(product);
    const res = await send(t.app, shop.privateKey, 'PATCH', `/products/${product.id}/variants/${m!.id}`, { price: 30, stock: 0 });
    expect(res.status, res.raw).toBe(200);
    expect(res.body.data).toMatchObject({ id: m!.pId, price: '30.00', stock: 0, title: 'M / Red' });
    expect(await derivedOf(t.database, product.id)).toEqual({ priceMin: '20.00', priceMax: '30.00', stock: 2, inStock: true });
    await send(t.app, shop.privateKey, 'PATCH', `/products/${product.pId}/variants/${s!.pId}`, { is_active: false });
    expect(await derivedOf(t.database, product.id)).toEqual({ priceMin: '30.00', priceMax: '30.00', stock: 0, inStock: false });
    const outOfStock = await get(t.app, `${MERCHANT}/products?stock_status=out_of_stock&limit=100`, shop.privateKey);
    expect(outOfStock.body.data.map((p: { uid: string }) => p.uid)).toContain(product.id);
  });

  it('moves option values only to a free combination inside the options', async () => {
    const product = await shirt('Moved Shirt');
    const [s, m] = await variantsOf(product);
    const taken = await send(t.app, shop.privateKey, 'PATCH', `/products/${product.id}/variants/${m!.pId}`, { option_values: { Size: 'S', Color: 'Red' } });
    expect(taken.body.errors).toEqual({ option_values: [`repeats the option values of variant ${s!.pId}`] });
    const same = await send(t.app, shop.privateKey, 'PATCH', `/products/${product.id}/variants/${m!.pId}`, {
      option_values: { Size: 'M', Color: 'Red' },
      sku: 'M-R',
    });
    expect(same.status, same.raw).toBe(200);
    const moved = await send(t.app, shop.privateKey, 'PATCH', `/products/${product.id}/variants/${m!.pId}`, { option_values: { Size: 'L', Color: 'Blue' } });
    expect(moved.body.data).toMatchObject({ option_values: { Size: 'L', Color: 'Blue' }, sku: 'M-R' });
  });

  it('clears nullable fields with null and refuses an empty patch', async () => {
    const product = await shirt('Cleared Variant');
    const [s] = await variantsOf(product);
    await send(t.app, shop.privateKey, 'PATCH', `/products/${product.id}/variants/${s!.id}`, { weight: 2, sku: 'X', backorder_ready_date: '2026-03-01' });
    const res = await send(t.app, shop.privateKey, 'PATCH', `/products/${product.id}/variants/${s!.id}`, {
      weight: null,
      sku: null,
      backorder_ready_date: null,
    });
    expect(res.body.data).toMatchObject({ weight: null, sku: null, backorder_ready_date: null });
    expectValidation(await send(t.app, shop.privateKey, 'PATCH', `/products/${product.id}/variants/${s!.id}`, {}), 'request');
  });

  it('answers 404 for a variant of another product or store, touching nothing', async () => {
    const product = await shirt('Owner Shirt');
    const sibling = await shirt('Sibling Shirt');
    const [theirs] = await variantsOf(sibling);
    const foreign = await createProduct(t.database, other.store, { title: 'Foreign V', variants: [{ title: 'X', optionValues: {}, price: '1.00' }] });
    const [foreignVariant] = await variantsOf(foreign);
    for (const [p, v] of [
      [product.id, theirs!.id],
      [product.id, String(theirs!.pId)],
      [foreign.id, foreignVariant!.id],
      [product.id, 'first'],
    ]) {
      const res = await send(t.app, shop.privateKey, 'PATCH', `/products/${p}/variants/${v}`, { price: 1 });
      expect(res.status, res.raw).toBe(404);
      expect(res.body.error.code).toBe('not_found');
    }
    expect((await variantsOf(sibling))[0]!.price.toFixed(2)).toBe('20.00');
    expect((await variantsOf(foreign))[0]!.price.toFixed(2)).toBe('1.00');
  });
});

describe('DELETE /products/{product}/variants/{variant}', () => {
  it('answers id, uid and deleted true, and the product falls back to its own price and stock with none left', async () => {
    const product = await createProduct(t.database, shop.store, {
      title: 'Shrinking',
      price: '15.00',
      stock: 4,
      options: { Size: ['S'] },
      variants: [{ title: 'S', optionValues: { Size: 'S' }, price: '5.00', stock: 1 }],
    });
    const [s] = await variantsOf(product);
    const before = (await outboxOf(t.database, shop.store)).length;
    const res = await send(t.app, shop.privateKey, 'DELETE', `/products/${product.id}/variants/${s!.pId}`);
    expect(res.body).toEqual({ status: 'success', message: 'Variant deleted', data: { id: s!.pId, uid: s!.id, deleted: true } });
    expect(await variantsOf(product)).toEqual([]);
    expect(await derivedOf(t.database, product.id)).toEqual({ priceMin: '15.00', priceMax: '15.00', stock: 1, inStock: true });
    expect((await outboxOf(t.database, shop.store)).slice(before)).toEqual([
      { topic: 'products/update', payload: expect.objectContaining({ uid: product.id }) },
    ]);
    expectFailure(await send(t.app, shop.privateKey, 'DELETE', `/products/${product.id}/variants/${s!.pId}`), 404, 'not_found', 'Variant not found.');
  });

  it('answers 403 insufficient_scope without merchant-items-update', async () => {
    const product = await shirt('Scoped Delete');
    const [s] = await variantsOf(product);
    const key = await keyWith('merchant-items-delete');
    expectFailure(await send(t.app, key, 'DELETE', `/products/${product.id}/variants/${s!.id}`), 403, 'insufficient_scope');
    expect(await variantsOf(product)).toHaveLength(2);
  });
});

describe('Concurrent variant writes on one product', () => {
  it('never lose a variant or leave a stale stock sum', async () => {
    const product = await createProduct(t.database, shop.store, { title: 'Busy', options: { N: Array.from({ length: 8 }, (_, i) => String(i)) } });
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        send(t.app, shop.privateKey, 'POST', `/products/${product.id}/variants`, { option_values: { N: String(i) }, price: 1, stock: 1 }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(201));
    expect(await derivedOf(t.database, product.id)).toEqual({ priceMin: '1.00', priceMax: '1.00', stock: 8, inStock: true });
  });
});
