import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { merchantScopes } from '../../../src/auth/scopes.js';
import type { Product, Variant } from '../../../src/generated/prisma/client.js';
import { createProduct } from '../../support/catalog.js';
import { expectFailure, expectValidation } from '../../support/failure.js';
import { call, get } from '../../support/http.js';
import { makeKey, makeStore, type TestStore } from '../../support/stores.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';

let t: TestApp;
let shop: TestStore;
let other: TestStore;
let mug: Product;
let shirt: Product;
let poster: Product;
let empty: Product;
let shirtVariants: Variant[];

const base = '/api/v1/merchant';

function post(url: string, payload: unknown, key = shop.privateKey) {
  return call(t.app, { method: 'POST', url: `${base}${url}`, key, headers: { 'content-type': 'application/json' }, payload: JSON.stringify(payload) });
}

const read = (url: string, key = shop.privateKey) => get(t.app, `${base}${url}`, key);

beforeAll(async () => {
  t = await startTestApp();
  shop = await makeStore(t.database);
  other = await makeStore(t.database);
  mug = await createProduct(t.database, shop.store, { title: 'Mug', stock: 8 });
  shirt = await createProduct(t.database, shop.store, {
    title: 'Shirt',
    variants: [
      { title: 'S', optionValues: { Size: 'S' }, price: '20.00', stock: 2 },
      { title: 'M', optionValues: { Size: 'M' }, price: '20.00', stock: 5 },
      { title: 'L', optionValues: { Size: 'L' }, price: '20.00', stock: 9, isActive: false },
    ],
  });
  poster = await createProduct(t.database, shop.store, { title: 'Poster', stock: 0, trackInventory: false });
  empty = await createProduct(t.database, shop.store, { title: 'Empty', stock: 0 });
  await createProduct(t.database, shop.store, { title: 'Deleted', deleted: true });
  await createProduct(t.database, other.store, { title: 'Foreign' });
  shirtVariants = await t.database.prisma.variant.findMany({ where: { productId: shirt.id }, orderBy: { position: 'asc' } });
  await t.database.prisma.variant.update({ where: { id: shirtVariants[1]!.id }, data: { sku: 'SHIRT-M' } });
  await t.database.prisma.product.update({ where: { id: mug.id }, data: { sku: 'MUG' } });
  const [s, m] = shirtVariants;
  const adjusted = await post('/inventory/adjustments', {
    items: [
      { product: mug.pId, delta: -3, reason: 'sold', reference: 'order-1' },
      { product: shirt.pId, variant: s!.pId, delta: 4, reason: 'received' },
      { product: shirt.pId, variant: m!.pId, set: 1, reason: 'cycle_count' },
    ],
  });
  expect(adjusted.status, adjusted.raw).toBe(201);
  await post('/inventory/levels/adjustments', { product: shirt.pId, variant: s!.pId, delta: -1, reason: 'damaged', note: 'torn' });
});
afterAll(() => t.close());

/** Every page of a list, walked with `limit`. */
async function walk(url: string, limit: number) {
  const rows: any[] = [];
  let cursor: string | null = null;
  do {
    const sep = url.includes('?') ? '&' : '?';
    const res = await read(`${url}${sep}limit=${limit}${cursor ? `&starting_after=${cursor}` : ''}`);
    expect(res.status, res.raw).toBe(200);
    rows.push(...res.body.data);
    expect(res.body.has_more).toBe(res.body.next_cursor !== null);
    cursor = res.body.next_cursor;
  } while (cursor);
  return rows;
}

describe('GET /inventory', () => {
  it('summarizes each product of the store, by product id', async () => {
    const res = await read('/inventory');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'success', message: 'Inventory', has_more: false, next_cursor: null });
    expect(res.body.data).toEqual([
      {
        product_id: mug.pId,
        product_uid: mug.id,
        title: 'Mug',
        sku: 'MUG',
        tracked: true,
        available: 5,
        in_stock: true,
        has_variants: false,
        variant_count: 0,
        updated_at: expect.any(String),
      },
      expect.objectContaining({ product_id: shirt.pId, tracked: true, available: 6, in_stock: true, has_variants: true, variant_count: 2 }),
      expect.objectContaining({ product_id: poster.pId, tracked: false, available: 0, in_stock: true, variant_count: 0 }),
      expect.objectContaining({ product_id: empty.pId, tracked: true, available: 0, in_stock: false }),
    ]);
  });

  it('filters by in_stock and by low_stock_below, which counts only tracked products', async () => {
    const ids = async (query: string) => (await read(`/inventory?${query}`)).body.data.map((row: { product_id: number }) => row.product_id);
    expect(await ids('in_stock=false')).toEqual([empty.pId]);
    expect(await ids('in_stock=1')).toEqual([mug.pId, shirt.pId, poster.pId]);
    expect(await ids('low_stock_below=6')).toEqual([mug.pId, empty.pId]);
    expect(await ids('low_stock_below=7')).toEqual([mug.pId, shirt.pId, empty.pId]);
  });

  it('walks by limit and starting_after, and binds the cursor to the filters', async () => {
    expect((await walk('/inventory', 1)).map((row) => row.product_id)).toEqual([mug.pId, shirt.pId, poster.pId, empty.pId]);
    const first = await read('/inventory?limit=1&in_stock=1');
    const res = await read(`/inventory?limit=1&in_stock=0&starting_after=${first.body.next_cursor}`);
    expectFailure(res, 422, 'starting_after_invalid');
  });

  it('names a bad parameter', async () => {
    expectValidation(await read('/inventory?limit=101'), 'limit');
    expectValidation(await read('/inventory?in_stock=maybe'), 'in_stock');
    expectValidation(await read('/inventory?low_stock_below=0'), 'low_stock_below');
    expectFailure(await read('/inventory?starting_after=abc'), 422, 'starting_after_invalid');
    expectFailure(await read('/inventory/levels?starting_after=abc'), 422, 'starting_after_invalid');
  });
});

describe('GET /inventory/levels', () => {
  it('lists each stock item: a product sold as itself, else each of its variants, inactive ones marked', async () => {
    const res = await read('/inventory/levels');
    expect(res.status).toBe(200);
    const [s, m, l] = shirtVariants;
    expect(res.body.data.map((level: any) => [level.product_id, level.variant_id, level.title, level.available, level.is_active, level.in_stock])).toEqual([
      [mug.pId, null, 'Mug', 5, true, true],
      [shirt.pId, s!.pId, 'S', 5, true, true],
      [shirt.pId, m!.pId, 'M', 1, true, true],
      [shirt.pId, l!.pId, 'L', 9, false, true],
      [poster.pId, null, 'Poster', 0, true, true],
      [empty.pId, null, 'Empty', 0, true, false],
    ]);
    expect(res.body.data[2]).toEqual({
      product_id: shirt.pId,
      product_uid: shirt.id,
      variant_id: m!.pId,
      variant_uid: m!.id,
      sku: 'SHIRT-M',
      title: 'M',
      tracked: true,
      available: 1,
      is_backorder: false,
      is_active: true,
      in_stock: true,
      updated_at: expect.any(String),
    });
  });

  it.each([1, 2, 3, 5])('walks every level exactly once with limit=%i', async (limit) => {
    const all = (await read('/inventory/levels')).body.data;
    expect(await walk('/inventory/levels', limit)).toEqual(all);
  });

  it('filters by product, variant and sku', async () => {
    const [, m] = shirtVariants;
    const titles = async (query: string) => (await read(`/inventory/levels?${query}`)).body.data.map((level: { title: string }) => level.title);
    expect(await titles(`product=${shirt.pId}`)).toEqual(['S', 'M', 'L']);
    expect(await titles(`product=${shirt.id}&limit=1`)).toEqual(['S']);
    expect(await titles(`variant=${m!.id}`)).toEqual(['M']);
    expect(await titles(`product=${mug.pId}&variant=${m!.pId}`)).toEqual([]);
    expect(await titles('sku=SHIRT-M')).toEqual(['M']);
    expect(await titles('sku=MUG')).toEqual(['Mug']);
    expect(await titles('sku=none')).toEqual([]);
    expect(await walk(`/inventory/levels?product=${shirt.pId}`, 1)).toHaveLength(3);
  });

  it('answers an empty list for another store’s product and names a malformed one', async () => {
    const foreign = await createProduct(t.database, other.store, { title: 'Foreign Levels' });
    expect((await read(`/inventory/levels?product=${foreign.pId}`)).body.data).toEqual([]);
    expectValidation(await read('/inventory/levels?product=mug'), 'product');
    expectValidation(await read('/inventory/levels?variant=x'), 'variant');
  });
});

describe('GET /inventory/adjustments', () => {
  it('lists the ledger, newest first, with the entries the ledger wrote itself', async () => {
    const res = await read('/inventory/adjustments');
    expect(res.status).toBe(200);
    expect(res.body.data.map((a: any) => [a.product_id, a.reason, a.delta, a.quantity_after])).toEqual([
      [shirt.pId, 'damaged', -1, 5],
      [shirt.pId, 'cycle_count', -4, 1],
      [shirt.pId, 'initial', 5, 5],
      [shirt.pId, 'received', 4, 6],
      [shirt.pId, 'initial', 2, 2],
      [mug.pId, 'sold', -3, 5],
      [mug.pId, 'initial', 8, 8],
    ]);
    expect(res.body.data[0]).toMatchObject({ note: 'torn', reference: null, variant_id: shirtVariants[0]!.pId });
  });

  it('filters by product, variant, reason and created_after', async () => {
    const reasons = async (query: string) => (await read(`/inventory/adjustments?${query}`)).body.data.map((a: { reason: string }) => a.reason);
    expect(await reasons(`product=${mug.id}`)).toEqual(['sold', 'initial']);
    expect(await reasons(`variant=${shirtVariants[1]!.pId}`)).toEqual(['cycle_count', 'initial']);
    expect(await reasons('reason=initial')).toEqual(['initial', 'initial', 'initial']);
    expect(await reasons('created_after=2000-01-01')).toHaveLength(7);
    expect(await reasons('created_after=2999-01-01')).toEqual([]);
  });

  it('walks newest first by starting_after', async () => {
    const all = (await read('/inventory/adjustments')).body.data;
    expect(await walk('/inventory/adjustments', 2)).toEqual(all);
  });

  it('names a bad filter', async () => {
    expectValidation(await read('/inventory/adjustments?reason=stolen'), 'reason');
    expectValidation(await read('/inventory/adjustments?created_after=yesterday'), 'created_after');
    expectValidation(await read('/inventory/adjustments?product=x'), 'product');
  });
});

describe('GET /inventory/products/{product}/history', () => {
  it('lists the product’s ledger oldest first; each item’s entries add up to its level', async () => {
    const res = await read(`/inventory/products/${shirt.pId}/history`);
    expect(res.status).toBe(200);
    const entries = res.body.data;
    expect(entries.map((a: any) => [a.reason, a.delta])).toEqual([
      ['initial', 2],
      ['received', 4],
      ['initial', 5],
      ['cycle_count', -4],
      ['damaged', -1],
    ]);
    const levels = (await read(`/inventory/levels?product=${shirt.pId}`)).body.data;
    for (const level of levels.filter((l: { variant_id: number }) => entries.some((e: { variant_id: number }) => e.variant_id === l.variant_id))) {
      const sum = entries
        .filter((e: { variant_id: number }) => e.variant_id === level.variant_id)
        .reduce((total: number, e: { delta: number }) => total + e.delta, 0);
      expect(sum).toBe(level.available);
    }
  });

  it('reads one item with variant, by uuid or integer id, and walks by starting_after', async () => {
    const res = await read(`/inventory/products/${shirt.id}/history?variant=${shirtVariants[0]!.id}`);
    expect(res.body.data.map((a: { quantity_after: number }) => a.quantity_after)).toEqual([2, 6, 5]);
    expect(await walk(`/inventory/products/${shirt.pId}/history`, 2)).toEqual((await read(`/inventory/products/${shirt.pId}/history`)).body.data);
  });

  it('answers an empty history for a product never adjusted, and 404 for an unknown one', async () => {
    expect((await read(`/inventory/products/${poster.pId}/history`)).body.data).toEqual([]);
    expectFailure(await read('/inventory/products/999999999/history'), 404, 'not_found', 'Product not found.');
    expectFailure(await read('/inventory/products/not-an-id/history'), 404, 'not_found', 'Product not found.');
  });
});

describe('scopes', () => {
  const operations: [string, string, string][] = [
    ['GET', '/inventory', 'merchant-inventory-read'],
    ['GET', '/inventory/levels', 'merchant-inventory-read'],
    ['POST', '/inventory/levels/adjustments', 'merchant-inventory-update'],
    ['POST', '/inventory/adjustments', 'merchant-inventory-update'],
    ['GET', '/inventory/adjustments', 'merchant-stock_adjustments-read'],
    ['GET', '/inventory/products/{product}/history', 'merchant-inventory-detail'],
  ];

  it.each(operations)('%s %s needs %s', async (method, path, scope) => {
    const url = path.replace('{product}', String(mug.pId));
    const body =
      path === '/inventory/adjustments' ? { items: [{ product: mug.pId, delta: 1, reason: 'received' }] } : { product: mug.pId, delta: 1, reason: 'received' };
    const send = (key: string) =>
      method === 'GET'
        ? read(url, key)
        : call(t.app, { method: 'POST', url: `${base}${url}`, key, headers: { 'content-type': 'application/json' }, payload: body });
    const without = await makeKey(t.database, { store: shop.store.slug, kind: 'private', scopes: merchantScopes.filter((s) => s !== scope) });
    expectFailure(await send(without), 403, 'insufficient_scope', `This operation requires the ${scope} scope, which this key does not carry.`);
    const only = await makeKey(t.database, { store: shop.store.slug, kind: 'private', scopes: [scope] });
    expect((await send(only)).status).toBe(method === 'GET' ? 200 : 201);
  });
});
