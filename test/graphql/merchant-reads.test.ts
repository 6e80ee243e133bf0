import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '../../src/generated/prisma/client.js';
import { createProduct } from '../support/catalog.js';
import { signInCustomer, type SignedInCustomer } from '../support/customers.js';
import { createDiscount } from '../support/discounts.js';
import { get, graphql } from '../support/http.js';
import { makeStore, type TestStore } from '../support/stores.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

// The merchant reads GraphQL gained beside REST: each answers what its REST read answers.
let t: TestApp;
let shop: TestStore;
let tea: Product;
let mug: Product;
let ada: SignedInCustomer;

beforeAll(async () => {
  t = await startTestApp();
  shop = await makeStore(t.database, { name: 'Reads Shop' });
  tea = await createProduct(t.database, shop.store, { title: 'Green Tea', price: '12.50', stock: 4 });
  mug = await createProduct(t.database, shop.store, { title: 'Blue Mug', price: '8.00', stock: 0 });
  ada = await signInCustomer(t.database, shop.store, { firstName: 'Ada', lastName: 'Reader' });
  const saved = await graphql(t.app, shop.publicKey, `mutation { wishlistAdd(productId: "${tea.id}") { created } storeFollow(sharedContact: true) { followState { following } } }`, {}, ada.auth);
  expect(saved.body.data).toEqual({ wishlistAdd: { created: true }, storeFollow: { followState: { following: true } } });
});
afterAll(() => t.close());

describe('merchant.store', () => {
  it('is the business profile REST GET /store answers', async () => {
    const res = await graphql(t.app, shop.privateKey, '{ merchant { store { id name slug plan timezone currencyCode primaryLocale locales { code published } } } }');
    const rest = (await get(t.app, '/api/v1/merchant/store', shop.privateKey)).body.data;
    expect(res.body.data.merchant.store).toEqual({
      id: rest.id,
      name: 'Reads Shop',
      slug: rest.slug,
      plan: rest.plan,
      timezone: rest.timezone,
      currencyCode: rest.currency,
      primaryLocale: rest.primary_locale,
      locales: rest.locales.map((l: { code: string; published: boolean }) => ({ code: l.code, published: l.published })),
    });
  });
});

describe('merchant.storefrontSearch', () => {
  it('finds shopper-visible products by keyword and stock, and names a short keyword', async () => {
    const res = await graphql(t.app, shop.privateKey, '{ merchant { storefrontSearch(keyword: "Tea", inStock: true) { edges { node { uuid title } } } } }');
    expect(res.body.data.merchant.storefrontSearch.edges).toEqual([{ node: { uuid: tea.id, title: 'Green Tea' } }]);
    const short = await graphql(t.app, shop.privateKey, '{ merchant { storefrontSearch(keyword: "T") { edges { cursor } } } }');
    expect(short.body.errors[0].extensions).toMatchObject({ code: 'validation_failed', errors: { keyword: ['must be between 2 and 100 characters'] } });
  });
});

describe('merchant inventory reads', () => {
  it('list stock at a glance, the ledger and one product’s history', async () => {
    const adjust = await graphql(
      t.app,
      shop.privateKey,
      'mutation($p: String!) { inventoryAdjust(input: { items: [{ product: $p, delta: 3, reason: RECEIVED }] }) { userErrors { field } } }',
      { p: tea.id },
    );
    expect(adjust.body.data.inventoryAdjust.userErrors).toEqual([]);
    const res = await graphql(
      t.app,
      shop.privateKey,
      `query($p: String!) { merchant {
        inventory(first: 10, filter: { inStock: false }) { edges { node { productId available inStock } } }
        inventoryAdjustments(first: 10, filter: { product: $p }) { edges { node { delta quantityAfter reason } } }
        inventoryHistory(product: $p) { edges { node { delta quantityAfter reason } } }
      } }`,
      { p: tea.id },
    );
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.merchant).toEqual({
      inventory: { edges: [{ node: { productId: mug.id, available: 0, inStock: false } }] },
      inventoryAdjustments: { edges: [{ node: { delta: 3, quantityAfter: 7, reason: 'RECEIVED' } }, { node: { delta: 4, quantityAfter: 4, reason: 'INITIAL' } }] },
      inventoryHistory: { edges: [{ node: { delta: 4, quantityAfter: 4, reason: 'INITIAL' } }, { node: { delta: 3, quantityAfter: 7, reason: 'RECEIVED' } }] },
    });
  });
});

describe('merchant followers and wishlists', () => {
  it('lists the followers and a customer’s saved products', async () => {
    const res = await graphql(
      t.app,
      shop.privateKey,
      `query($id: String!) { merchant {
        followers(first: 5) { edges { node { customerPId name sharedContact isCustomer } } }
        customer(id: $id) { wishlistItems(first: 5) { edges { node { priceAtSave { amount } product { uuid } } } } }
      } }`,
      { id: ada.customer.uid },
    );
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.merchant).toEqual({
      followers: { edges: [{ node: { customerPId: ada.customer.id, name: 'Ada Reader', sharedContact: true, isCustomer: true } }] },
      customer: { wishlistItems: { edges: [{ node: { priceAtSave: { amount: '12.50' }, product: { uuid: tea.id } } }] } },
    });
  });
});

describe('Promotion.productsConnection', () => {
  it('walks the promotion’s products with first and after, as the page-numbered list orders them', async () => {
    const promo = await createDiscount(t.database, shop.store, {
      title: 'Both',
      kind: 'promotion',
      isPublished: true,
      type: 'percentage',
      value: '10',
      productIds: [tea.id, mug.id],
    });
    const query = `query($id: String!, $after: String) { promotion(id: $id) {
      products(page: 1, perPage: 2) { nodes { uuid } }
      productsConnection(first: 1, after: $after) { edges { node { uuid } } pageInfo { hasNextPage endCursor } } } }`;
    const first = (await graphql(t.app, shop.publicKey, query, { id: promo.id })).body.data.promotion;
    const order = first.products.nodes.map((n: { uuid: string }) => n.uuid);
    expect(first.productsConnection.edges).toEqual([{ node: { uuid: order[0] } }]);
    expect(first.productsConnection.pageInfo.hasNextPage).toBe(true);
    const next = (await graphql(t.app, shop.publicKey, query, { id: promo.id, after: first.productsConnection.pageInfo.endCursor })).body.data.promotion;
    expect(next.productsConnection).toEqual({ edges: [{ node: { uuid: order[1] } }], pageInfo: { hasNextPage: false, endCursor: expect.any(String) } });
  });
});
