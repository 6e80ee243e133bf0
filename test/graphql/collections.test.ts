import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '../../src/generated/prisma/client.js';
import { createProduct } from '../support/catalog.js';
import { get, graphql } from '../support/http.js';
import { makeKey, makeStore, type TestStore } from '../support/stores.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

// GraphQL collections: the storefront tree, collection(…) with products and facets, promotion(…)
// with page-based products and facets, merchant.collections and the three mutations.

let t: TestApp;
let shop: TestStore;
let other: TestStore;
let items: Product[];
let foreign: Product;
let promoId: string;
const run = randomUUID().slice(0, 8);
const slug = (s: string) => `${s}-${run}`;

beforeAll(async () => {
  t = await startTestApp({ RATE_LIMIT_GRAPHQL: '0' });
  shop = await makeStore(t.database);
  other = await makeStore(t.database);
  items = [];
  for (let i = 0; i < 5; i += 1) {
    items.push(await createProduct(t.database, shop.store, { title: `Mug ${i}`, price: '5.00', options: { Colour: [i % 2 ? 'Red' : 'Blue'] } }));
  }
  foreign = await createProduct(t.database, other.store, { title: 'Foreign mug' });
  const promo = await t.database.prisma.discount.create({
    data: { storeId: shop.store.id, kind: 'promotion', title: 'Mugs', type: 'percentage', value: '10', productIds: items.map((p) => p.id), isPublished: true },
  });
  promoId = promo.id;
});
afterAll(() => t.close());

const bulkMutation = `mutation($input: [CollectionUpsertInput!]!) {
  collectionsBulkUpsert(input: $input) { created updated collections { slug mode productsCount parentId } userErrors { field code message } }
}`;
const pinMutation = `mutation($c: String!, $ids: [String!]!) { collectionProductsPin(collection: $c, productIds: $ids) { productIds collection { slug } userErrors { field code message } } }`;
const reorderMutation = `mutation($c: String!, $ids: [String!]!) { collectionProductsReorder(collection: $c, productIds: $ids) { productIds userErrors { field code message } } }`;
const productsQuery = `query($slug: String!, $first: Int, $after: String, $sort: CollectionProductSort, $filter: ShopperProductFilter) {
  collection(slug: $slug) { slug productsCount products(first: $first, after: $after, sort: $sort, filter: $filter) { edges { cursor node { uuid } } pageInfo { hasNextPage endCursor } }
    facets(filter: $filter) { slug values { slug count selected } } }
}`;

describe('mutation collectionsBulkUpsert', () => {
  it('creates collections like POST /collections/bulk', async () => {
    const res = await graphql(t.app, shop.privateKey, bulkMutation, {
      input: [
        { name: 'Mugs', slug: slug('mugs'), productIds: items.map((p) => p.id) },
        {
          name: 'Red mugs',
          slug: slug('red'),
          parentSlug: slug('mugs'),
          mode: 'smart',
          rules: { match: 'all', rules: [{ kind: 'option_value', option: 'colour', value: 'Red' }] },
        },
      ],
    });
    expect(res.status, res.raw).toBe(200);
    const mugs = await t.database.prisma.collection.findFirstOrThrow({ where: { storeId: shop.store.id, slug: slug('mugs') } });
    expect(res.body.data.collectionsBulkUpsert).toEqual({
      created: 2,
      updated: 0,
      collections: [
        { slug: slug('mugs'), mode: 'manual', productsCount: 5, parentId: null },
        { slug: slug('red'), mode: 'smart', productsCount: 2, parentId: mugs.id },
      ],
      userErrors: [],
    });
  });

  it("names another store's product and an unknown rule kind as userErrors, writing nothing", async () => {
    const before = await t.database.prisma.collection.count({ where: { storeId: shop.store.id } });
    const res = await graphql(t.app, shop.privateKey, bulkMutation, {
      input: [{ name: 'Bad', slug: slug('bad'), productIds: [items[0]!.id, foreign.id] }],
    });
    expect(res.body.data.collectionsBulkUpsert.userErrors).toEqual([{ field: 'input.0.productIds.1', code: 'validation_failed', message: expect.any(String) }]);
    const kind = await graphql(t.app, shop.privateKey, bulkMutation, {
      input: [{ name: 'Bad', slug: slug('bad'), mode: 'smart', rules: { match: 'all', rules: [{ kind: 'zodiac' }] } }],
    });
    expect(kind.body.data.collectionsBulkUpsert.userErrors[0].field).toBe('input.0.rules.rules.0.kind');
    expect(await t.database.prisma.collection.count({ where: { storeId: shop.store.id } })).toBe(before);
  });

  it('needs merchant-collections-create', async () => {
    const key = await makeKey(t.database, { store: shop.store.slug, kind: 'private', scopes: ['merchant-collections-read'] });
    const res = await graphql(t.app, key, bulkMutation, { input: [{ name: 'X', slug: slug('x') }] });
    expect(res.body.errors[0].extensions.code).toBe('insufficient_scope');
  });
});

describe('query collection and collections', () => {
  it('answers the tree and one collection by slug with products and facets, walking cursors one by one', async () => {
    const tree = await graphql(
      t.app,
      shop.publicKey,
      `
        {
          collections {
            slug
            productsCount
            children {
              slug
              productsCount
            }
          }
        }
      `,
    );
    expect(tree.body.data.collections).toEqual([{ slug: slug('mugs'), productsCount: 5, children: [{ slug: slug('red'), productsCount: 2 }] }]);
    const seen: string[] = [];
    let after: string | null = null;
    do {
      const res = await graphql(t.app, shop.publicKey, productsQuery, { slug: slug('mugs'), first: 2, after });
      expect(res.body.errors, res.raw).toBeUndefined();
      const products = res.body.data.collection.products;
      seen.push(...products.edges.map((e: { node: { uuid: string } }) => e.node.uuid));
      after = products.pageInfo.hasNextPage ? products.pageInfo.endCursor : null;
    } while (after);
    expect(seen).toEqual(items.map((p) => p.id));
    const red = await graphql(t.app, shop.publicKey, productsQuery, { slug: slug('mugs'), filter: { attributes: ['colour:red'] } });
    expect(red.body.data.collection.products.edges.length).toBe(2);
    expect(red.body.data.collection.facets).toEqual([
      {
        slug: 'colour',
        values: [
          { slug: 'blue', count: 3, selected: false },
          { slug: 'red', count: 2, selected: true },
        ],
      },
    ]);
  });

  it('uses the REST cursors: a REST next_cursor walks on in GraphQL', async () => {
    const rest = await get(t.app, `/v1/store/collections/${slug('mugs')}/products?per_page=2`, shop.publicKey);
    const res = await graphql(t.app, shop.publicKey, productsQuery, { slug: slug('mugs'), first: 2, after: rest.body.next_cursor });
    expect(res.body.data.collection.products.edges.map((e: { node: { uuid: string } }) => e.node.uuid)).toEqual([items[2]!.id, items[3]!.id]);
  });

  it("answers null for another store's collection and names a bad argument", async () => {
    const theirs = await graphql(t.app, other.publicKey, productsQuery, { slug: slug('mugs') });
    expect(theirs.body.data.collection).toBeNull();
    const bad = await graphql(t.app, shop.publicKey, productsQuery, { slug: slug('mugs'), first: 51 });
    expect(bad.body.errors[0].extensions.code).toBe('validation_failed');
  });
});

describe('mutations collectionProductsPin and collectionProductsReorder', () => {
  it('change the default order at once', async () => {
    const pin = await graphql(t.app, shop.privateKey, pinMutation, { c: slug('mugs'), ids: [items[4]!.id] });
    expect(pin.body.data.collectionProductsPin).toEqual({
      productIds: [4, 0, 1, 2, 3].map((i) => items[i]!.id),
      collection: { slug: slug('mugs') },
      userErrors: [],
    });
    const reorder = await graphql(t.app, shop.privateKey, reorderMutation, { c: slug('mugs'), ids: [String(items[3]!.pId)] });
    expect(reorder.body.data.collectionProductsReorder.productIds).toEqual([4, 3, 0, 1, 2].map((i) => items[i]!.id));
  });

  it("answers another store's product or collection as userErrors", async () => {
    const product = await graphql(t.app, shop.privateKey, pinMutation, { c: slug('mugs'), ids: [foreign.id] });
    expect(product.body.data.collectionProductsPin.userErrors).toEqual([{ field: 'productIds.0', code: 'validation_failed', message: expect.any(String) }]);
    const collection = await graphql(t.app, other.privateKey, reorderMutation, { c: slug('mugs'), ids: [] });
    expect(collection.body.data.collectionProductsReorder.userErrors).toEqual([{ field: null, code: 'not_found', message: 'Collection not found.' }]);
  });
});

describe('query merchant.collections', () => {
  it('lists the collections with the read scope', async () => {
    const res = await graphql(
      t.app,
      shop.privateKey,
      `
        {
          merchant {
            collections(first: 10) {
              edges {
                node {
                  slug
                  productsCount
                }
              }
            }
          }
        }
      `,
    );
    expect(res.body.data.merchant.collections.edges.map((e: { node: { slug: string } }) => e.node.slug)).toEqual([slug('mugs'), slug('red')]);
  });
});

describe('query promotion', () => {
  it('answers a live promotion with page-based products and facets; null for another store', async () => {
    const query = `query($id: String!) { promotion(id: $id) { title value isLive products(page: 2, perPage: 2) { page hasMore nodes { id } } facets(filter: { attributes: ["colour:blue"] }) { slug values { slug count selected } } } }`;
    const res = await graphql(t.app, shop.publicKey, query, { id: promoId });
    expect(res.body.errors, res.raw).toBeUndefined();
    expect(res.body.data.promotion).toMatchObject({ title: 'Mugs', value: '10.00', isLive: true, products: { page: 2, hasMore: true } });
    expect(res.body.data.promotion.products.nodes).toHaveLength(2);
    expect(res.body.data.promotion.facets).toEqual([
      {
        slug: 'colour',
        values: [
          { slug: 'blue', count: 3, selected: true },
          { slug: 'red', count: 2, selected: false },
        ],
      },
    ]);
    expect((await graphql(t.app, other.publicKey, query, { id: promoId })).body.data.promotion).toBeNull();
  });
});
