import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '../support/catalog.js';
import { defineMetafield } from '../support/custom-data.js';
import { graphql } from '../support/http.js';
import { makeKey, makeStore, type TestStore } from '../support/stores.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { send } from '../support/writes.js';

// Issue 20, GraphQL reads of custom data: metafield(namespace, key) and metafields(identifiers) on
// Product (storefront-visible ones for shoppers, every defined one for the merchant), metaobject and
// metaobjects on both faces (localized for shoppers), and the merchant's reads of definitions.

let t: TestApp;
let shop: TestStore;
let other: TestStore;
let productId: string;

beforeAll(async () => {
  t = await startTestApp({ RATE_LIMIT_MERCHANT: '0', RATE_LIMIT_STOREFRONT: '100000', RESPONSE_CACHE_MB: '0' });
  shop = await makeStore(t.database, { locales: ['en', 'fr'] });
  other = await makeStore(t.database);
  await defineMetafield(t.database, shop, 'custom.material', 'text', { storefrontVisible: true });
  await defineMetafield(t.database, shop, 'custom.cost', 'number');
  await defineMetafield(t.database, other, 'custom.material', 'text', { storefrontVisible: true });
  for (let i = 0; i < 12; i += 1) {
    const product = await createProduct(t.database, shop.store, { title: `Scarf ${i}` });
    await t.database.prisma.product.update({ where: { id: product.id }, data: { metafields: { 'custom.material': `wool ${i}`, 'custom.cost': i } } });
    if (i === 0) productId = product.id;
  }
  const fabric = {
    type: 'fabric',
    name: 'Fabric',
    display_field: 'title',
    storefront_visible: true,
    fields: [
      { key: 'title', name: 'Title', type: 'text', required: true },
      { key: 'weight', name: 'Weight', type: 'number' },
    ],
  };
  expect((await send(t.app, shop.privateKey, 'POST', '/metaobject-definitions', fabric)).status).toBe(201);
  expect(
    (
      await send(t.app, shop.privateKey, 'POST', '/metaobject-definitions', {
        type: 'note',
        name: 'Note',
        fields: [{ key: 'body', name: 'Body', type: 'text' }],
      })
    ).status,
  ).toBe(201);
  const linen = await send(t.app, shop.privateKey, 'POST', '/metaobjects', { type: 'fabric', handle: 'linen', fields: { title: 'Linen', weight: 180 } });
  await send(t.app, shop.privateKey, 'POST', '/metaobjects', { type: 'fabric', handle: 'wool', fields: { title: 'Wool' } });
  await send(t.app, shop.privateKey, 'POST', '/metaobjects', { type: 'note', handle: 'secret', fields: { body: 'Internal' } });
  await t.database.prisma.translation.create({
    data: { storeId: shop.store.id, resourceType: 'metaobject', resourceId: linen.body.data.id, locale: 'fr', fields: { title: 'Lin', weight: 'ignored' } },
  });
  expect((await send(t.app, other.privateKey, 'POST', '/metaobject-definitions', { ...fabric })).status).toBe(201);
  await send(t.app, other.privateKey, 'POST', '/metaobjects', { type: 'fabric', handle: 'silk', fields: { title: 'Silk' } });
});
afterAll(() => t.close());

describe('Product.metafield and Product.metafields (storefront)', () => {
  it('answers storefront-visible values with their type, null for hidden, undefined or unknown ones', async () => {
    const query = `query ($id: String!) { product(id: $id) {
      material: metafield(namespace: "custom", key: "material") { namespace key type value }
      cost: metafield(namespace: "custom", key: "cost") { value }
      metafields(identifiers: [{ namespace: "custom", key: "cost" }, { namespace: "custom", key: "material" }, { namespace: "nope", key: "x" }]) { key value }
    } }`;
    const res = await graphql(t.app, shop.publicKey, query, { id: productId });
    expect(res.body).toEqual({
      data: {
        product: {
          material: { namespace: 'custom', key: 'material', type: 'text', value: 'wool 0' },
          cost: null,
          metafields: [null, { key: 'material', value: 'wool 0' }, null],
        },
      },
    });
  });

  it('refuses more than 50 identifiers', async () => {
    const identifiers = Array.from({ length: 51 }, (_, i) => ({ namespace: 'custom', key: `k${i}` }));
    const query = `query ($id: String!, $ids: [MetafieldIdentifierInput!]!) { product(id: $id) { metafields(identifiers: $ids) { key } } }`;
    const res = await graphql(t.app, shop.publicKey, query, { id: productId, ids: identifiers });
    expect(res.body.errors[0].extensions.code).toBe('validation_failed');
    expect(res.body.errors[0].message).toContain('identifiers');
  });
});

describe('MerchantProduct.metafield and metafieldValues', () => {
  it('answers every defined value to the merchant', async () => {
    const query = `query ($id: String!) { merchant { product(id: $id) {
      cost: metafield(namespace: "custom", key: "cost") { type value }
      metafieldValues(identifiers: [{ namespace: "custom", key: "cost" }, { namespace: "custom", key: "material" }]) { key value }
    } } }`;
    const res = await graphql(t.app, shop.privateKey, query, { id: productId });
    expect(res.body).toEqual({
      data: {
        merchant: {
          product: {
            cost: { type: 'number', value: 0 },
            metafieldValues: [
              { key: 'cost', value: 0 },
              { key: 'material', value: 'wool 0' },
            ],
          },
        },
      },
    });
  });

  it("does not show another store's product", async () => {
    const res = await graphql(
      t.app,
      other.privateKey,
      `
        query ($id: String!) {
          merchant {
            product(id: $id) {
              metafield(namespace: "custom", key: "material") {
                value
              }
            }
          }
        }
      `,
      { id: productId },
    );
    expect(res.body.errors[0].extensions.code).toBe('not_found');
  });
});

describe('metafields on a list of products', () => {
  const page = (size: number) =>
    `{ products(first: ${size}) { edges { node { title metafield(namespace: "custom", key: "material") { value } metafields(identifiers: [{ namespace: "custom", key: "material" }]) { value } } } } }`;

  async function statements(size: number) {
    const before = t.database.statementCount();
    const res = await graphql(t.app, shop.publicKey, page(size));
    expect(res.body.errors, res.raw).toBeUndefined();
    return { count: t.database.statementCount() - before, nodes: res.body.data.products.edges.length };
  }

  it('costs the same statements for 2 and 12 products: the definitions are read once', async () => {
    // The first read at the store's catalogue version reads its definitions; the next ones keep them.
    await statements(12);
    const two = await statements(2);
    const twelve = await statements(12);
    expect(two.nodes).toBe(2);
    expect(twelve.nodes).toBe(12);
    expect(twelve.count).toBe(two.count);
  });
});

describe('metaobject and metaobjects (storefront)', () => {
  it('answers an entry of a storefront-visible type, null for a hidden type, a missing handle or another store', async () => {
    const query = `query ($type: String!, $handle: String!) { metaobject(type: $type, handle: $handle) { type handle displayName fields } }`;
    expect((await graphql(t.app, shop.publicKey, query, { type: 'fabric', handle: 'linen' })).body).toEqual({
      data: { metaobject: { type: 'fabric', handle: 'linen', displayName: 'Linen', fields: { title: 'Linen', weight: 180 } } },
    });
    expect((await graphql(t.app, shop.publicKey, query, { type: 'note', handle: 'secret' })).body).toEqual({ data: { metaobject: null } });
    expect((await graphql(t.app, shop.publicKey, query, { type: 'fabric', handle: 'nope' })).body).toEqual({ data: { metaobject: null } });
    expect((await graphql(t.app, shop.publicKey, query, { type: 'fabric', handle: 'silk' })).body).toEqual({ data: { metaobject: null } });
  });

  it('translates text fields in a published locale and keeps the rest; an unknown locale reads the primary', async () => {
    const query = `query ($locale: String) { metaobject(type: "fabric", handle: "linen", locale: $locale) { displayName fields } }`;
    expect((await graphql(t.app, shop.publicKey, query, { locale: 'fr' })).body).toEqual({
      data: { metaobject: { displayName: 'Lin', fields: { title: 'Lin', weight: 180 } } },
    });
    expect((await graphql(t.app, shop.publicKey, query, { locale: 'de' })).body.data.metaobject.displayName).toBe('Linen');
  });

  it('lists the entries of a type oldest first, and null for a hidden type', async () => {
    const query = `query ($type: String!) { metaobjects(type: $type, first: 1, locale: "fr") { edges { node { handle displayName } } pageInfo { hasNextPage endCursor } } }`;
    const first = await graphql(t.app, shop.publicKey, query, { type: 'fabric' });
    expect(first.body.data.metaobjects.edges).toEqual([{ node: { handle: 'linen', displayName: 'Lin' } }]);
    expect(first.body.data.metaobjects.pageInfo.hasNextPage).toBe(true);
    const next = await graphql(
      t.app,
      shop.publicKey,
      `
        query ($after: String) {
          metaobjects(type: "fabric", first: 5, after: $after) {
            edges {
              node {
                handle
              }
            }
          }
        }
      `,
      {
        after: first.body.data.metaobjects.pageInfo.endCursor,
      },
    );
    expect(next.body.data.metaobjects.edges).toEqual([{ node: { handle: 'wool' } }]);
    expect((await graphql(t.app, shop.publicKey, query, { type: 'note' })).body).toEqual({ data: { metaobjects: null } });
  });
});

describe('merchant metaobject reads and definitions', () => {
  it('reads entries of every type, of one type when asked; another store reads none of them', async () => {
    const all = await graphql(t.app, shop.privateKey, '{ merchant { metaobjects(first: 10) { edges { node { type handle } } } } }');
    expect(all.body.data.merchant.metaobjects.edges.map((e: { node: unknown }) => e.node)).toEqual([
      { type: 'fabric', handle: 'linen' },
      { type: 'fabric', handle: 'wool' },
      { type: 'note', handle: 'secret' },
    ]);
    const notes = await graphql(
      t.app,
      shop.privateKey,
      '{ merchant { metaobjects(type: "note") { edges { node { handle fields } } } metaobject(type: "note", handle: "secret") { displayName } } }',
    );
    expect(notes.body.data.merchant).toEqual({
      metaobjects: { edges: [{ node: { handle: 'secret', fields: { body: 'Internal' } } }] },
      metaobject: { displayName: 'secret' },
    });
    const foreign = await graphql(t.app, other.privateKey, '{ merchant { metaobject(type: "fabric", handle: "linen") { handle } } }');
    expect(foreign.body).toEqual({ data: { merchant: { metaobject: null } } });
  });

  it('reads metafield and metaobject definitions, filtered by owner type', async () => {
    const res = await graphql(
      t.app,
      shop.privateKey,
      '{ merchant { metafieldDefinitions(ownerType: "product") { edges { node { namespace key type storefrontVisible } } } metaobjectDefinitions { edges { node { type displayField fields { key type required } } } } } }',
    );
    expect(res.body.data.merchant).toEqual({
      metafieldDefinitions: {
        edges: [
          { node: { namespace: 'custom', key: 'material', type: 'text', storefrontVisible: true } },
          { node: { namespace: 'custom', key: 'cost', type: 'number', storefrontVisible: false } },
        ],
      },
      metaobjectDefinitions: {
        edges: [
          {
            node: {
              type: 'fabric',
              displayField: 'title',
              fields: [
                { key: 'title', type: 'text', required: true },
                { key: 'weight', type: 'number', required: false },
              ],
            },
          },
          { node: { type: 'note', displayField: null, fields: [{ key: 'body', type: 'text', required: false }] } },
        ],
      },
    });
    const wrong = await graphql(t.app, shop.privateKey, '{ merchant { metafieldDefinitions(ownerType: "shelf") { edges { node { key } } } } }');
    expect(wrong.body.errors[0].extensions.code).toBe('validation_failed');
  });

  it('needs the read scopes', async () => {
    const key = await makeKey(t.database, { store: shop.store.slug, kind: 'private', scopes: ['merchant-items-read'] });
    const res = await graphql(t.app, key, '{ merchant { metaobjectDefinitions { edges { node { type } } } } }');
    expect(res.body.errors[0].extensions.code).toBe('insufficient_scope');
  });
});
