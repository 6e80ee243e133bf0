import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product, Variant } from '../../../src/generated/prisma/client.js';
import { createProduct } from '../../support/catalog.js';
import { expectFailure, expectValidation } from '../../support/failure.js';
import { call, get } from '../../support/http.js';
import { makeStore, type TestStore } from '../../support/stores.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';

let t: TestApp;
let shop: TestStore;
let other: TestStore;

const base = '/api/v1/merchant';

beforeAll(async () => {
  t = await startTestApp();
  shop = await makeStore(t.database);
  other = await makeStore(t.database);
});
afterAll(() => t.close());

function post(url: string, payload: unknown, key = shop.privateKey) {
  return call(t.app, { method: 'POST', url: `${base}${url}`, key, headers: { 'content-type': 'application/json' }, payload: JSON.stringify(payload) });
}

const adjust = (payload: unknown, key?: string) => post('/inventory/levels/adjustments', payload, key);
const batch = (items: unknown[], key?: string) => post('/inventory/adjustments', { items }, key);

async function variantsOf(product: Product): Promise<Variant[]> {
  return t.database.prisma.variant.findMany({ where: { productId: product.id }, orderBy: { position: 'asc' } });
}

const productRow = (product: Product) => t.database.prisma.product.findUniqueOrThrow({ where: { id: product.id } });
const ledgerOf = (product: Product) => t.database.prisma.inventoryAdjustment.findMany({ where: { productId: product.id }, orderBy: { id: 'asc' } });

/** A product sold through two tracked variants: S with 4 units, M with 0. */
function shirt(store = shop) {
  return createProduct(t.database, store.store, {
    title: 'Shirt',
    variants: [
      { title: 'S', optionValues: { Size: 'S' }, price: '20.00', stock: 4 },
      { title: 'M', optionValues: { Size: 'M' }, price: '20.00', stock: 0 },
    ],
  });
}

describe('POST /inventory/levels/adjustments', () => {
  it('adds a delta to a variant and answers the level and the ledger entry', async () => {
    const product = await shirt();
    const [s] = await variantsOf(product);
    const res = await adjust({ product: product.pId, variant: s!.pId, delta: 6, reason: 'received', reference: 'PO-17', note: 'pallet 2' });
    expect(res.status, res.raw).toBe(201);
    expect(res.body).toEqual({
      status: 'success',
      message: 'Inventory adjusted',
      data: {
        level: {
          product_id: product.pId,
          product_uid: product.id,
          variant_id: s!.pId,
          variant_uid: s!.id,
          sku: null,
          title: 'S',
          tracked: true,
          available: 10,
          is_backorder: false,
          is_active: true,
          in_stock: true,
          updated_at: expect.any(String),
        },
        adjustment: {
          id: expect.any(Number),
          uid: expect.any(String),
          product_id: product.pId,
          product_uid: product.id,
          variant_id: s!.pId,
          variant_uid: s!.id,
          delta: 6,
          quantity_after: 10,
          reason: 'received',
          reference: 'PO-17',
          note: 'pallet 2',
          created_at: expect.any(String),
        },
      },
    });
    expect(await productRow(product)).toMatchObject({ stock: 10, inStock: true });
  });

  it('sets a counted quantity, recording the difference as the delta', async () => {
    const product = await shirt();
    const [s] = await variantsOf(product);
    const res = await adjust({ product: product.id, variant: s!.id, set: 1, reason: 'cycle_count' });
    expect(res.status, res.raw).toBe(201);
    expect(res.body.data.adjustment).toMatchObject({ delta: -3, quantity_after: 1, reason: 'cycle_count', reference: null, note: null });
    expect(res.body.data.level.available).toBe(1);
  });

  it('records a count that changes nothing as a delta of 0', async () => {
    const product = await shirt();
    const [s] = await variantsOf(product);
    const res = await adjust({ product: product.pId, variant: s!.pId, set: 4, reason: 'cycle_count' });
    expect(res.body.data.adjustment).toMatchObject({ delta: 0, quantity_after: 4 });
  });

  it('adjusts a product sold as itself, with no variant', async () => {
    const product = await createProduct(t.database, shop.store, { title: 'Mug', stock: 2 });
    const res = await adjust({ product: product.pId, delta: -2, reason: 'sold' });
    expect(res.status, res.raw).toBe(201);
    expect(res.body.data.level).toMatchObject({ variant_id: null, variant_uid: null, title: 'Mug', available: 0, in_stock: false });
    expect(await productRow(product)).toMatchObject({ stock: 0, inStock: false });
  });

  it('moves the product’s updated_at, so the polling feed sees the stock change', async () => {
    const product = await createProduct(t.database, shop.store, { title: 'Old Mug', stock: 2, updatedAt: new Date('2026-01-01T00:00:00Z') });
    await adjust({ product: product.pId, delta: 1, reason: 'received' });
    expect((await productRow(product)).updatedAt.getTime()).toBeGreaterThan(new Date('2026-01-01T00:00:00Z').getTime());
    const feed = await get(t.app, `${base}/products?updated_after=2026-01-02T00:00:00Z&limit=100`, shop.privateKey);
    expect(feed.body.data.map((p: { id: number }) => p.id)).toContain(product.pId);
  });

  it('writes a products/update event in the same transaction', async () => {
    const product = await createProduct(t.database, shop.store, { title: 'Evented Mug', stock: 2 });
    await adjust({ product: product.pId, delta: 1, reason: 'received' });
    const events = await t.database.prisma.outboxEvent.findMany({ where: { storeId: shop.store.id, topic: 'products/update' } });
    expect(events.map((e) => e.payload)).toContainEqual(expect.objectContaining({ uid: product.id }));
  });
});

describe('the storefront sees an adjustment at once', () => {
  const card = async () =>
    (await get(t.app, '/v1/store/products?per_page=100', shop.publicKey)).body.data.find((c: { slug: string }) => c.slug === 'inventory-lamp');

  it('shows the new stock and in_stock on the card, the detail and the merchant product', async () => {
    const product = await createProduct(t.database, shop.store, { title: 'Lamp', slug: 'inventory-lamp', stock: 1 });
    const before = await get(t.app, '/v1/store/products/inventory-lamp', shop.publicKey);
    expect(before.body.data.in_stock).toBe(true);

    await adjust({ product: product.pId, delta: -1, reason: 'damaged' });
    const detail = await get(t.app, '/v1/store/products/inventory-lamp', shop.publicKey);
    expect(detail.body.data).toMatchObject({ in_stock: false, inventory: { in_stock: false, quantity: 0 } });
    expect((await card()).inventory).toEqual({ in_stock: false, tracking: true, quantity: 0 });

    await adjust({ product: product.pId, set: 12, reason: 'received' });
    expect((await card()).inventory).toEqual({ in_stock: true, tracking: true, quantity: 12 });
    const merchant = await get(t.app, `${base}/products/${product.pId}`, shop.privateKey);
    expect(merchant.body.data).toMatchObject({ stock: 12, in_stock: true });
  });
});

describe('the ledger adds up to the level', () => {
  it('opens with an initial entry for stock the item had before its first adjustment', async () => {
    const product = await shirt();
    const [s] = await variantsOf(product);
    await adjust({ product: product.pId, variant: s!.pId, delta: -1, reason: 'sold' });
    await adjust({ product: product.pId, variant: s!.pId, set: 9, reason: 'cycle_count' });
    const entries = await ledgerOf(product);
    expect(entries.map((e) => [e.reason, e.delta, e.quantityAfter])).toEqual([
      ['initial', 4, 4],
      ['sold', -1, 3],
      ['cycle_count', 6, 9],
    ]);
    expect(entries.reduce((sum, e) => sum + e.delta, 0)).toBe(9);
  });

  it('writes no initial entry when the item started at 0', async () => {
    const product = await shirt();
    const [, m] = await variantsOf(product);
    await adjust({ product: product.pId, variant: m!.pId, delta: 5, reason: 'received' });
    expect((await ledgerOf(product)).map((e) => e.reason)).toEqual(['received']);
  });

  it('records a change made outside the ledger as a reconciliation at the next adjustment', async () => {
    const product = await shirt();
    const [s] = await variantsOf(product);
    await adjust({ product: product.pId, variant: s!.pId, delta: 1, reason: 'returned' });
    await t.database.prisma.variant.update({ where: { id: s!.id }, data: { stock: 20 } });
    await adjust({ product: product.pId, variant: s!.pId, delta: -2, reason: 'sold' });
    const entries = await ledgerOf(product);
    expect(entries.map((e) => [e.reason, e.delta, e.quantityAfter])).toEqual([
      ['initial', 4, 4],
      ['returned', 1, 5],
      ['reconciliation', 15, 20],
      ['sold', -2, 18],
    ]);
  });
});

describe('negative and untracked levels', () => {
  it('refuses a delta that would take a tracked level below 0, and changes nothing', async () => {
    const product = await shirt();
    const [s] = await variantsOf(product);
    const res = await adjust({ product: product.pId, variant: s!.pId, delta: -5, reason: 'sold' });
    expectValidation(res, 'delta');
    expect(res.body.message).toBe('would take the level to -1, with 4 available; only a variant that takes backorders may go below 0');
    expect((await variantsOf(product))[0]!.stock).toBe(4);
    expect(await ledgerOf(product)).toEqual([]);
  });

  it('lets a variant that takes backorders go below 0', async () => {
    const product = await createProduct(t.database, shop.store, {
      title: 'Preorder Tee',
      variants: [{ title: 'One', optionValues: { Size: 'One' }, price: '20.00', stock: 1, isBackorder: true }],
    });
    const [v] = await variantsOf(product);
    const res = await adjust({ product: product.pId, variant: v!.pId, delta: -3, reason: 'sold' });
    expect(res.status, res.raw).toBe(201);
    expect(res.body.data.level).toMatchObject({ available: -2, is_backorder: true, in_stock: true });
  });

  it('adjusts an untracked item, which stays in stock whatever its level', async () => {
    const product = await createProduct(t.database, shop.store, { title: 'Poster', stock: 3, trackInventory: false });
    const res = await adjust({ product: product.pId, delta: -3, reason: 'correction' });
    expect(res.status, res.raw).toBe(201);
    expect(res.body.data.level).toMatchObject({ tracked: false, available: 0, in_stock: true });
    expectValidation(await adjust({ product: product.pId, delta: -1, reason: 'correction' }), 'delta');
  });
});

describe('validation of an adjustment', () => {
  let product: Product;
  let s: Variant;
  beforeAll(async () => {
    product = await shirt();
    [s] = (await variantsOf(product)) as [Variant];
  });

  it.each([
    ['delta', { reason: 'received' }, 'send delta or set'],
    ['set', { delta: 1, set: 2, reason: 'received' }, 'send delta or set, not both'],
    ['delta', { delta: 0, reason: 'received' }, 'must not be 0'],
    ['delta', { delta: 1.5, reason: 'received' }, 'must be a whole number'],
    ['delta', { delta: '3', reason: 'received' }, 'must be a whole number'],
    ['delta', { delta: 1_000_001, reason: 'received' }, 'must be at most 1000000'],
    ['set', { set: -1, reason: 'received' }, 'must be at least 0'],
    ['reason', { delta: 1, reason: 'stolen' }, expect.stringContaining('must be one of: received, returned')],
    ['reason', { delta: 1, reason: 'initial' }, expect.stringContaining('must be one of')],
    ['reason', { delta: 1 }, expect.stringContaining('must be one of')],
    ['reference', { delta: 1, reason: 'received', reference: 'x'.repeat(256) }, 'must be at most 255 characters'],
    ['note', { delta: 1, reason: 'received', note: 'a\u0000b' }, 'must not contain NUL characters'],
  ])('names %s: %j', async (field, fields, message) => {
    const res = await adjust({ product: product.pId, variant: s.pId, ...fields });
    expectValidation(res, field);
    expect(res.body.error.errors[field]).toEqual([message]);
  });

  it('refuses an unknown field by name', async () => {
    const res = await adjust({ product: product.pId, variant: s.pId, quantity: 3, reason: 'received' });
    expect(res.status).toBe(422);
    expect(res.body.message).toContain('quantity');
  });

  it('requires the variant of a product that sells through variants', async () => {
    const res = await adjust({ product: product.pId, delta: 1, reason: 'received' });
    expectValidation(res, 'variant');
    expect(res.body.message).toBe('is required: this product sells through its variants, each with its own level');
  });

  it('refuses a variant of another product', async () => {
    const [foreignVariant] = await variantsOf(await shirt());
    expectValidation(await adjust({ product: product.pId, variant: foreignVariant!.pId, delta: 1, reason: 'received' }), 'variant');
  });

  it('refuses a malformed or unknown product', async () => {
    expectValidation(await adjust({ product: 'shirt', delta: 1, reason: 'received' }), 'product');
    expectValidation(await adjust({ product: 2_000_000_000, delta: 1, reason: 'received' }), 'product');
    expectValidation(await adjust({ product: true, delta: 1, reason: 'received' }), 'product');
  });

  it('refuses a deleted product', async () => {
    const gone = await createProduct(t.database, shop.store, { title: 'Gone', deleted: true });
    expectValidation(await adjust({ product: gone.pId, delta: 1, reason: 'received' }), 'product');
  });
});

describe('POST /inventory/adjustments', () => {
  it('applies a batch and answers the adjustments in request order and each level once', async () => {
    const product = await shirt();
    const mug = await createProduct(t.database, shop.store, { title: 'Batch Mug', stock: 0 });
    const [s, m] = await variantsOf(product);
    const res = await batch([
      { product: mug.pId, delta: 3, reason: 'received' },
      { product: product.pId, variant: m!.pId, delta: 2, reason: 'received' },
      { product: product.pId, variant: s!.pId, set: 0, reason: 'cycle_count' },
      { product: mug.id, delta: -1, reason: 'damaged' },
    ]);
    expect(res.status, res.raw).toBe(201);
    expect(res.body.data.adjustments.map((a: { delta: number; quantity_after: number }) => [a.delta, a.quantity_after])).toEqual([
      [3, 3],
      [2, 2],
      [-4, 0],
      [-1, 2],
    ]);
    expect(res.body.data.levels.map((l: { title: string; available: number }) => [l.title, l.available])).toEqual([
      ['Batch Mug', 2],
      ['M', 2],
      ['S', 0],
    ]);
    expect(await productRow(product)).toMatchObject({ stock: 2, inStock: true });
    expect(await productRow(mug)).toMatchObject({ stock: 2, inStock: true });
  });

  it('applies nothing when one item is refused by the database check', async () => {
    const product = await shirt();
    const [s, m] = await variantsOf(product);
    const res = await batch([
      { product: product.pId, variant: s!.pId, delta: 10, reason: 'received' },
      { product: product.pId, variant: m!.pId, delta: -1, reason: 'sold' },
    ]);
    expectValidation(res, 'items.1.delta');
    expect((await variantsOf(product)).map((v) => v.stock)).toEqual([4, 0]);
    expect(await ledgerOf(product)).toEqual([]);
    expect(await productRow(product)).toMatchObject({ stock: 4 });
  });

  it('names every bad item by its place, and applies nothing', async () => {
    const product = await shirt();
    const [s] = await variantsOf(product);
    const items = [
      { product: product.pId, variant: s!.pId, delta: 1, reason: 'received' },
      { product: product.pId, variant: s!.pId, delta: 1, reason: 'received' },
      { product: product.pId, variant: s!.pId, delta: 1, reason: 'received' },
      { product: product.pId, variant: s!.pId, delta: 0, reason: 'received' },
      { product: product.pId, variant: s!.pId, delta: 1, reason: 'nope' },
    ];
    const res = await batch(items);
    expectValidation(res, 'items.3.delta');
    expect(Object.keys(res.body.error.errors)).toEqual(['items.3.delta', 'items.4.reason']);
    const unresolved = await batch([items[0], { product: 'nope', delta: 1, reason: 'received' }, { product: product.pId, delta: 1, reason: 'received' }]);
    expectValidation(unresolved, 'items.1.product');
    expect(Object.keys(unresolved.body.error.errors)).toEqual(['items.1.product', 'items.2.variant']);
    expect(await ledgerOf(product)).toEqual([]);
  });

  it('takes 1 to 100 items', async () => {
    expectValidation(await batch([]), 'items');
    const product = await createProduct(t.database, shop.store, { title: 'Many', stock: 0 });
    const many = Array.from({ length: 101 }, () => ({ product: product.pId, delta: 1, reason: 'received' }));
    expectValidation(await batch(many), 'items');
    const hundred = await batch(many.slice(0, 100));
    expect(hundred.status).toBe(201);
    expect(hundred.body.data.levels).toEqual([expect.objectContaining({ available: 100 })]);
    expectValidation(await post('/inventory/adjustments', { items: 'all' }), 'items');
  });
});

describe('tenancy', () => {
  it('names another store’s product as unknown and leaves it untouched', async () => {
    const foreign = await createProduct(t.database, other.store, { title: 'Foreign Mug', stock: 5 });
    expectValidation(await adjust({ product: foreign.pId, delta: -1, reason: 'sold' }), 'product');
    expectValidation(await adjust({ product: foreign.id, delta: -1, reason: 'sold' }), 'product');
    expectValidation(await batch([{ product: foreign.pId, delta: -1, reason: 'sold' }]), 'items.0.product');
    expect(await productRow(foreign)).toMatchObject({ stock: 5 });
    expect(await ledgerOf(foreign)).toEqual([]);
  });

  it('refuses another store’s variant under this store’s product', async () => {
    const product = await shirt();
    const [foreignVariant] = await variantsOf(await shirt(other));
    expectValidation(await adjust({ product: product.pId, variant: foreignVariant!.id, delta: 1, reason: 'received' }), 'variant');
    expect((await t.database.prisma.variant.findUniqueOrThrow({ where: { id: foreignVariant!.id } })).stock).toBe(4);
  });

  it('answers 404 for another store’s product history', async () => {
    const foreign = await createProduct(t.database, other.store, { title: 'Foreign History' });
    expectFailure(await get(t.app, `${base}/inventory/products/${foreign.pId}/history`, shop.privateKey), 404, 'not_found', 'Product not found.');
  });
});
