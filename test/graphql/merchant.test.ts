import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '../../src/generated/prisma/client.js';
import { createProduct } from '../support/catalog.js';
import { get, graphql } from '../support/http.js';
import { makeKey, makeStore, type TestStore } from '../support/stores.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let shop: TestStore;
let other: TestStore;
let older: Product;
let newer: Product;
let foreign: Product;

beforeAll(async () => {
  t = await startTestApp();
  shop = await makeStore(t.database);
  other = await makeStore(t.database);
  older = await createProduct(t.database, shop.store, {
    title: 'Older',
    price: '9.50',
    createdAt: new Date('2026-05-01T00:00:00Z'),
    updatedAt: new Date('2026-05-03T00:00:00Z'),
  });
  newer = await createProduct(t.database, shop.store, {
    title: 'Newer Draft',
    status: 'draft',
    published: false,
    createdAt: new Date('2026-05-02T00:00:00Z'),
    updatedAt: new Date('2026-05-02T00:00:00Z'),
  });
  foreign = await createProduct(t.database, other.store, { title: 'Foreign' });
});
afterAll(() => t.close());

const productsQuery = `query($first: Int, $after: String, $updatedAfter: DateTime, $sortBy: MerchantProductSortField) {
  merchant { products(first: $first, after: $after, updatedAfter: $updatedAfter, sortBy: $sortBy) {
    edges { node { pId title status published price { amount } stock } }
    pageInfo { hasNextPage endCursor }
  } }
}`;

describe('query merchant', () => {
  it('lists every product of the store, drafts included, with a private key carrying merchant-items-read', async () => {
    const res = await graphql(t.app, shop.privateKey, productsQuery, { first: 10 });
    expect(res.body).toEqual({
      data: {
        merchant: {
          products: {
            edges: [
              { node: { pId: newer.pId, title: 'Newer Draft', status: 'draft', published: false, price: { amount: '10.00' }, stock: 5 } },
              { node: { pId: older.pId, title: 'Older', status: 'active', published: true, price: { amount: '9.50' }, stock: 5 } },
            ],
            pageInfo: { hasNextPage: false, endCursor: expect.any(String) },
          },
        },
      },
    });
  });

  it('is the polling feed with updatedAfter, sharing cursors with REST', async () => {
    const res = await graphql(t.app, shop.privateKey, productsQuery, { first: 1, updatedAfter: '2026-05-01T00:00:00Z' });
    expect(res.body.data.merchant.products.edges.map((e: any) => e.node.pId)).toEqual([newer.pId]);
    const rest = await get(
      t.app,
      `/api/v1/merchant/products?updated_after=2026-05-01T00:00:00Z&starting_after=${encodeURIComponent(res.body.data.merchant.products.pageInfo.endCursor)}`,
      shop.privateKey,
    );
    expect(rest.body.data.map((p: any) => p.id)).toEqual([older.pId]);
  });

  it('refuses sortBy with updatedAfter', async () => {
    const res = await graphql(t.app, shop.privateKey, productsQuery, { first: 1, updatedAfter: '2026-05-01T00:00:00Z', sortBy: 'TITLE' });
    expect(res.body.errors[0].extensions).toMatchObject({ code: 'validation_failed', errors: { sortBy: [expect.stringContaining('updatedAfter')] } });
  });

  it('finds one product by integer id or uuid, never another store’s', async () => {
    const query = `query($id: String!) { merchant { product(id: $id) { id pId title } } }`;
    expect((await graphql(t.app, shop.privateKey, query, { id: String(older.pId) })).body.data.merchant.product.title).toBe('Older');
    expect((await graphql(t.app, shop.privateKey, query, { id: older.id })).body.data.merchant.product.pId).toBe(older.pId);
    const foreignRes = await graphql(t.app, shop.privateKey, query, { id: foreign.id });
    expect(foreignRes.body.errors[0]).toMatchObject({ message: 'Product not found.', extensions: { code: 'not_found' } });
  });

  it('answers the store with merchant-business_profile-read', async () => {
    const res = await graphql(t.app, shop.privateKey, '{ merchant { store { id slug } } }');
    expect(res.body.data.merchant.store).toEqual({ id: shop.store.id, slug: shop.store.slug });
  });
});

describe('@requiresPrivateKey and @requiresScope', () => {
  it('refuses a public key with private_key_required', async () => {
    const res = await graphql(t.app, shop.publicKey, '{ merchant { store { id } } }');
    expect(res.body.data).toBeNull();
    expect(res.body.errors[0].extensions.code).toBe('private_key_required');
  });

  it('refuses a private key without the field’s scope with insufficient_scope naming it', async () => {
    const key = await makeKey(t.database, { store: shop.store.slug, kind: 'private', scopes: ['merchant-items-detail'] });
    const res = await graphql(t.app, key, '{ merchant { products(first: 1) { edges { node { pId } } } } }');
    expect(res.body.data).toBeNull();
    expect(res.body.errors[0]).toMatchObject({
      message: 'This operation requires the merchant-items-read scope, which this key does not carry.',
      path: ['merchant', 'products'],
      extensions: { code: 'insufficient_scope' },
    });
  });

  it('lets storefront fields through for the same key', async () => {
    const key = await makeKey(t.database, { store: shop.store.slug, kind: 'private', scopes: [] });
    const res = await graphql(t.app, key, '{ shop { slug } }');
    expect(res.body).toEqual({ data: { shop: { slug: shop.store.slug } } });
  });
});
