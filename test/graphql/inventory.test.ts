import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { merchantScopes } from '../../src/auth/scopes.js';
import type { Product, Variant } from '../../src/generated/prisma/client.js';
import { createProduct } from '../support/catalog.js';
import { get, graphql } from '../support/http.js';
import { makeKey, makeStore, type TestStore } from '../support/stores.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let shop: TestStore;
let other: TestStore;
let shirt: Product;
let mug: Product;
let variants: Variant[];

beforeAll(async () => {
  t = await startTestApp();
  shop = await makeStore(t.database);
  other = await makeStore(t.database);
  shirt = await createProduct(t.database, shop.store, {
    title: 'Shirt',
    variants: [
      { title: 'S', optionValues: { Size: 'S' }, price: '20.00', stock: 2 },
      { title: 'M', optionValues: { Size: 'M' }, price: '20.00', stock: 0 },
    ],
  });
  mug = await createProduct(t.database, shop.store, { title: 'Mug', stock: 1 });
  variants = await t.database.prisma.variant.findMany({ where: { productId: shirt.id }, orderBy: { position: 'asc' } });
});
afterAll(() => t.close());

const adjustMutation = `mutation($input: InventoryAdjustInput!) {
  inventoryAdjust(input: $input) {
    adjustments { productPId variantPId delta quantityAfter reason reference }
    levels { productPId variantPId title available inStock tracked isActive }
    userErrors { field code message }
  }
}`;

const stockOf = async (id: string) => (await t.database.prisma.variant.findUniqueOrThrow({ where: { id } })).stock;

describe('mutation inventoryAdjust', () => {
  it('applies a batch by delta and set, answering the adjustments and the levels', async () => {
    const [s, m] = variants;
    const res = await graphql(t.app, shop.privateKey, adjustMutation, {
      input: {
        items: [
          { product: String(shirt.pId), variant: s!.id, delta: 3, reason: 'RECEIVED', reference: 'PO-9' },
          { product: shirt.id, variant: String(m!.pId), set: 4, reason: 'CYCLE_COUNT' },
        ],
      },
    });
    expect(res.body).toEqual({
      data: {
        inventoryAdjust: {
          adjustments: [
            { productPId: shirt.pId, variantPId: s!.pId, delta: 3, quantityAfter: 5, reason: 'RECEIVED', reference: 'PO-9' },
            { productPId: shirt.pId, variantPId: m!.pId, delta: 4, quantityAfter: 4, reason: 'CYCLE_COUNT', reference: null },
          ],
          levels: [
            { productPId: shirt.pId, variantPId: s!.pId, title: 'S', available: 5, inStock: true, tracked: true, isActive: true },
            { productPId: shirt.pId, variantPId: m!.pId, title: 'M', available: 4, inStock: true, tracked: true, isActive: true },
          ],
          userErrors: [],
        },
      },
    });
    const product = await get(t.app, `/api/v1/merchant/products/${shirt.pId}`, shop.privateKey);
    expect(product.body.data.stock).toBe(9);
  });

  it('answers userErrors named by input path, and applies nothing', async () => {
    const [s] = variants;
    const before = await stockOf(s!.id);
    const res = await graphql(t.app, shop.privateKey, adjustMutation, {
      input: {
        items: [
          { product: String(shirt.pId), variant: s!.id, delta: 1, reason: 'RECEIVED' },
          { product: String(shirt.pId), variant: s!.id, delta: 1, set: 2, reason: 'RECEIVED' },
          { product: String(mug.pId), reason: 'SOLD' },
        ],
      },
    });
    expect(res.body.data.inventoryAdjust).toEqual({
      adjustments: [],
      levels: [],
      userErrors: [
        { field: 'input.items.1.set', code: 'validation_failed', message: 'send delta or set, not both' },
        { field: 'input.items.2.delta', code: 'validation_failed', message: 'send delta or set' },
      ],
    });
    expect(await stockOf(s!.id)).toBe(before);
  });

  it('names a level that would go below 0 and rolls the batch back', async () => {
    const [s] = variants;
    const before = await stockOf(s!.id);
    const res = await graphql(t.app, shop.privateKey, adjustMutation, {
      input: {
        items: [
          { product: String(shirt.pId), variant: s!.id, delta: 1, reason: 'RECEIVED' },
          { product: String(mug.pId), delta: -2, reason: 'SOLD' },
        ],
      },
    });
    expect(res.body.data.inventoryAdjust.userErrors).toEqual([
      { field: 'input.items.1.delta', code: 'validation_failed', message: expect.stringContaining('-1') },
    ]);
    expect(await stockOf(s!.id)).toBe(before);
  });

  it('treats another store’s product as unknown', async () => {
    const foreign = await createProduct(t.database, other.store, { title: 'Foreign', stock: 3 });
    const res = await graphql(t.app, shop.privateKey, adjustMutation, { input: { items: [{ product: foreign.id, delta: -1, reason: 'SOLD' }] } });
    expect(res.body.data.inventoryAdjust.userErrors).toEqual([
      { field: 'input.items.0.product', code: 'validation_failed', message: 'names no product of this store' },
    ]);
    expect((await t.database.prisma.product.findUniqueOrThrow({ where: { id: foreign.id } })).stock).toBe(3);
  });

  it('needs merchant-inventory-update', async () => {
    const key = await makeKey(t.database, { store: shop.store.slug, kind: 'private', scopes: merchantScopes.filter((s) => s !== 'merchant-inventory-update') });
    const res = await graphql(t.app, key, adjustMutation, { input: { items: [{ product: String(mug.pId), delta: 1, reason: 'RECEIVED' }] } });
    expect(res.body.data).toBeNull();
    expect(res.body.errors[0]).toMatchObject({ path: ['inventoryAdjust'], extensions: { code: 'insufficient_scope' } });
  });
});

const levelsQuery = `query($first: Int, $after: String, $product: String, $last: Int) {
  merchant { inventoryLevels(first: $first, after: $after, product: $product, last: $last) {
    edges { node { productPId variantPId title available } }
    pageInfo { hasNextPage endCursor }
  } }
}`;

describe('query merchant.inventoryLevels', () => {
  it('walks the levels as GET /inventory/levels does, sharing its cursors', async () => {
    const first = await graphql(t.app, shop.privateKey, levelsQuery, { first: 2 });
    const page = first.body.data.merchant.inventoryLevels;
    expect(page.edges.map((e: any) => e.node.title)).toEqual(['S', 'M']);
    expect(page.pageInfo.hasNextPage).toBe(true);
    const rest = await get(t.app, `/api/v1/merchant/inventory/levels?starting_after=${encodeURIComponent(page.pageInfo.endCursor)}`, shop.privateKey);
    expect(rest.body.data.map((l: { title: string }) => l.title)).toEqual(['Mug']);
  });

  it('filters by product', async () => {
    const res = await graphql(t.app, shop.privateKey, levelsQuery, { product: mug.id });
    expect(res.body.data.merchant.inventoryLevels.edges).toEqual([{ node: { productPId: mug.pId, variantPId: null, title: 'Mug', available: 1 } }]);
  });

  it('walks forwards only', async () => {
    const res = await graphql(t.app, shop.privateKey, levelsQuery, { last: 1 });
    expect(res.body.errors[0].extensions).toMatchObject({ code: 'validation_failed', errors: { last: [expect.any(String)] } });
  });

  it('needs merchant-inventory-read', async () => {
    const key = await makeKey(t.database, { store: shop.store.slug, kind: 'private', scopes: ['merchant-inventory-update'] });
    const res = await graphql(t.app, key, levelsQuery, { first: 1 });
    expect(res.body.errors[0]).toMatchObject({ path: ['merchant', 'inventoryLevels'], extensions: { code: 'insufficient_scope' } });
  });
});
