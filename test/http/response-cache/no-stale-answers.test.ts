import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { updateStore } from '../../../src/domain/store/manage-stores.js';
import type { Product } from '../../../src/generated/prisma/client.js';
import { session } from '../../support/cart.js';
import { createKettle, createProduct } from '../../support/catalog.js';
import { get, graphql } from '../../support/http.js';
import { checkoutCart, chicago } from '../../support/orders.js';
import { makeStore, type TestStore } from '../../support/stores.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';
import { send } from '../../support/writes.js';

// Every kind of catalogue write, made through the API, is seen by the very next read: each test
// first has the read answered from the cache (a repeat that costs no SQL statement), then writes,
// then reads again.

let t: TestApp;
let shop: TestStore;
let kettle: Product;

beforeAll(async () => {
  t = await startTestApp({ RATE_LIMIT_STOREFRONT: '100000', RATE_LIMIT_GRAPHQL: '100000', RATE_LIMIT_MERCHANT: '100000' });
});
afterAll(async () => t.close());

beforeEach(async () => {
  shop = await makeStore(t.database);
  kettle = await createKettle(t.database, shop.store);
  await createProduct(t.database, shop.store, { title: 'Mug', slug: 'mug', price: '8.00' });
});

const LIST = '/v1/store/products?per_page=10&page=1';
const DETAIL = '/v1/store/products/kettle';
const GRAPHQL_LIST = '{ products(first: 10) { edges { node { slug price { amount } discountPrice { amount } totalStock inStock } } } }';

/** Reads a path until the cache answers it (no SQL statement), and answers that cached body. */
async function cachedRead(path: string) {
  for (let i = 0; i < 2; i += 1) await get(t.app, path, shop.publicKey);
  const before = t.database.statementCount();
  const res = await get(t.app, path, shop.publicKey);
  expect(t.database.statementCount() - before, `${path} answered from the cache`).toBe(0);
  return res;
}

async function cachedGraphql(query: string) {
  for (let i = 0; i < 2; i += 1) await graphql(t.app, shop.publicKey, query);
  const before = t.database.statementCount();
  const res = await graphql(t.app, shop.publicKey, query);
  expect(t.database.statementCount() - before, 'answered from the cache').toBe(0);
  return res;
}

const cardOf = (res: { body: { data: { slug: string }[] } }, slug: string) => res.body.data.find((c) => c.slug === slug) as Record<string, any> | undefined;
const nodeOf = (res: { body: { data: { products: { edges: { node: { slug: string } }[] } } } }, slug: string) =>
  res.body.data.products.edges.map((e) => e.node).find((n) => n.slug === slug) as Record<string, any> | undefined;

async function variantsOfKettle() {
  return t.database.prisma.variant.findMany({ where: { productId: kettle.id }, orderBy: { position: 'asc' } });
}

describe('a price change', () => {
  it('of the product shows on the next list, detail and GraphQL read', async () => {
    expect(cardOf(await cachedRead(LIST), 'kettle')!.price).toBe(30);
    expect((await cachedRead(DETAIL)).body.data.price).toBe(30);
    expect(nodeOf(await cachedGraphql(GRAPHQL_LIST), 'kettle')!.price.amount).toBe('30.00');
    const res = await send(t.app, shop.privateKey, 'PATCH', `/products/${kettle.id}/variants/${(await variantsOfKettle())[0]!.id}`, { price: 24 });
    expect(res.status, res.raw).toBe(200);
    expect(cardOf(await get(t.app, LIST, shop.publicKey), 'kettle')!.price).toBe(24);
    expect((await get(t.app, DETAIL, shop.publicKey)).body.data.price).toBe(24);
    expect(nodeOf(await graphql(t.app, shop.publicKey, GRAPHQL_LIST), 'kettle')!.price.amount).toBe('24.00');
  });

  it('made through a GraphQL mutation shows on the next REST read', async () => {
    const mug = await t.database.prisma.product.findFirstOrThrow({ where: { storeId: shop.store.id, slug: 'mug' } });
    expect(cardOf(await cachedRead(LIST), 'mug')!.price).toBe(8);
    const res = await graphql(
      t.app,
      shop.privateKey,
      'mutation($id: String!) { productUpdate(id: $id, input: { price: "9.50" }) { userErrors { message } } }',
      { id: mug.id },
    );
    expect(res.body.data.productUpdate.userErrors, res.raw).toEqual([]);
    expect(cardOf(await get(t.app, LIST, shop.publicKey), 'mug')!.price).toBe(9.5);
  });
});

describe('a stock change', () => {
  it('by an inventory adjustment shows on the next read', async () => {
    expect((await cachedRead(DETAIL)).body.data.inventory.quantity).toBe(8);
    const [small] = await variantsOfKettle();
    const res = await send(t.app, shop.privateKey, 'POST', '/inventory/levels/adjustments', {
      product: kettle.pId,
      variant: small!.pId,
      delta: -4,
      reason: 'damaged',
    });
    expect(res.status, res.raw).toBe(201);
    expect((await get(t.app, DETAIL, shop.publicKey)).body.data.inventory.quantity).toBe(4);
  });

  it('by a checkout shows on the next read, GraphQL included', async () => {
    expect(nodeOf(await cachedGraphql(GRAPHQL_LIST), 'kettle')!.totalStock).toBe(8);
    const [small] = await variantsOfKettle();
    await checkoutCart(t.app, shop, session(), [{ item_id: kettle.id, variant_id: small!.id, quantity: 3 } as never], {
      address: chicago,
      contact: { name: 'Ada Guest', email: 'ada@example.test' },
    });
    expect(nodeOf(await graphql(t.app, shop.publicKey, GRAPHQL_LIST), 'kettle')!.totalStock).toBe(5);
  });
});

describe('a publication change', () => {
  it('takes an unpublished product off the next list and detail read, and a republished one back', async () => {
    expect(cardOf(await cachedRead(LIST), 'kettle')).toBeDefined();
    await cachedRead(DETAIL);
    const off = await send(t.app, shop.privateKey, 'POST', '/products/publish', { ids: [kettle.id], published: false });
    expect(off.status, off.raw).toBe(200);
    const list = await get(t.app, LIST, shop.publicKey);
    expect(cardOf(list, 'kettle')).toBeUndefined();
    expect(list.body.meta.pagination.total).toBe(1);
    expect((await get(t.app, DETAIL, shop.publicKey)).status).toBe(404);
    await send(t.app, shop.privateKey, 'POST', '/products/publish', { ids: [kettle.id], published: true });
    expect((await get(t.app, DETAIL, shop.publicKey)).status).toBe(200);
  });

  it('takes a deleted product off the next read', async () => {
    await cachedRead(DETAIL);
    const res = await send(t.app, shop.privateKey, 'DELETE', `/products/${kettle.id}`);
    expect(res.status, res.raw).toBe(200);
    expect((await get(t.app, DETAIL, shop.publicKey)).status).toBe(404);
  });

  it('puts a new product, and its count, on the next page-mode read', async () => {
    expect((await cachedRead(LIST)).body.meta.pagination.total).toBe(2);
    const res = await send(t.app, shop.privateKey, 'POST', '/products', { title: 'Teapot', price: 12 });
    expect(res.status, res.raw).toBe(201);
    const list = await get(t.app, LIST, shop.publicKey);
    expect(list.body.meta.pagination.total).toBe(3);
    expect(list.body.data.map((c: { title: string }) => c.title)).toContain('Teapot');
  });
});

describe('a discount change', () => {
  it('lowers the next read’s price when an automatic discount is created, and restores it when unpublished', async () => {
    expect(cardOf(await cachedRead(LIST), 'kettle')!.discount_price).toBe(30);
    const created = await send(t.app, shop.privateKey, 'POST', '/discounts', {
      title: 'Kettle week',
      type: 'percentage',
      value: 10,
      product_ids: [kettle.id],
      auto_apply: true,
      is_published: true,
    });
    expect(created.status, created.raw).toBe(201);
    expect(cardOf(await cachedRead(LIST), 'kettle')!.discount_price).toBe(27);
    const off = await send(t.app, shop.privateKey, 'POST', `/discounts/${created.body.data.id}/unpublish`);
    expect(off.status, off.raw).toBe(200);
    expect(cardOf(await get(t.app, LIST, shop.publicKey), 'kettle')!.discount_price).toBe(30);
  });
});

describe('a collection change', () => {
  it('shows a product added to a collection on the next collection page', async () => {
    const made = await send(t.app, shop.privateKey, 'POST', '/collections/bulk', { collections: [{ name: 'Picks', slug: 'picks', product_ids: [] }] });
    expect(made.status, made.raw).toBe(200);
    const page = '/v1/store/collections/picks/products';
    expect((await cachedRead(page)).body.data).toEqual([]);
    const res = await send(t.app, shop.privateKey, 'POST', '/collections/bulk', { collections: [{ name: 'Picks', slug: 'picks', product_ids: [kettle.id] }] });
    expect(res.status, res.raw).toBe(200);
    expect((await get(t.app, page, shop.publicKey)).body.data.map((c: { slug: string }) => c.slug)).toEqual(['kettle']);
  });
});

describe('an image change', () => {
  it('takes a deleted image off the next detail read', async () => {
    const vase = await createProduct(t.database, shop.store, { title: 'Vase', slug: 'vase', images: 2 });
    expect((await cachedRead('/v1/store/products/vase')).body.data.images).toHaveLength(2);
    const res = await send(t.app, shop.privateKey, 'DELETE', `/products/${vase.pId}/images/primary`);
    expect(res.status, res.raw).toBe(200);
    expect((await get(t.app, '/v1/store/products/vase', shop.publicKey)).body.data.images).toHaveLength(1);
  });
});

describe('an operator’s write outside the API', () => {
  it('shows on the next read: a seed or a fixture writing through the unscoped client', async () => {
    expect((await cachedRead(LIST)).body.meta.pagination.total).toBe(2);
    await createProduct(t.database, shop.store, { title: 'Teapot', slug: 'teapot' });
    expect((await get(t.app, LIST, shop.publicKey)).body.meta.pagination.total).toBe(3);
  });

  it('shows a store renamed by the CLI’s action on the next card', async () => {
    expect(cardOf(await cachedRead(LIST), 'kettle')!.shop.name).toBe(shop.store.name);
    await updateStore({ db: t.database.prisma, now: new Date() }, { store: shop.store.slug, name: 'Renamed Store' });
    expect(cardOf(await get(t.app, LIST, shop.publicKey), 'kettle')!.shop.name).toBe('Renamed Store');
  });
});
