import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '../../src/generated/prisma/client.js';
import { encodeGlobalId } from '../../src/graphql/shared/global-id.js';
import { createProduct } from '../support/catalog.js';
import { createDiscount } from '../support/discounts.js';
import { graphql } from '../support/http.js';
import { makeKey, makeStore, type TestStore } from '../support/stores.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let shop: TestStore;
let other: TestStore;
let shirt: Product;
let draft: Product;
let foreign: Product;

beforeAll(async () => {
  t = await startTestApp();
  shop = await makeStore(t.database);
  other = await makeStore(t.database);
  shirt = await createProduct(t.database, shop.store, {
    title: 'Node Shirt',
    images: 3,
    options: { Size: ['S', 'M', 'L'] },
    variants: [
      { title: 'S', optionValues: { Size: 'S' }, price: '10.00', stock: 1 },
      { title: 'M', optionValues: { Size: 'M' }, price: '11.00', stock: 2 },
      { title: 'L', optionValues: { Size: 'L' }, price: '12.00', stock: 3 },
    ],
  });
  draft = await createProduct(t.database, shop.store, { title: 'Node Draft', status: 'draft', published: false });
  foreign = await createProduct(t.database, other.store, { title: 'Foreign' });
});
afterAll(() => t.close());

const NODE = `query($id: ID!) { node(id: $id) { __typename id ... on Product { uuid title } ... on MerchantProduct { uuid title status } } }`;

describe('node and nodes', () => {
  it('refetch a product by the id a list answered, as a shopper and as the merchant', async () => {
    const listed = await graphql(t.app, shop.publicKey, '{ products(first: 5) { edges { node { id uuid } } } }');
    const id = listed.body.data.products.edges.find((e: any) => e.node.uuid === shirt.id).node.id;
    expect(id).toBe(encodeGlobalId('Product', shirt.id));
    expect((await graphql(t.app, shop.publicKey, NODE, { id })).body).toEqual({
      data: { node: { __typename: 'Product', id, uuid: shirt.id, title: 'Node Shirt' } },
    });
    const merchantId = encodeGlobalId('MerchantProduct', draft.id);
    expect((await graphql(t.app, shop.privateKey, NODE, { id: merchantId })).body.data.node).toEqual({
      __typename: 'MerchantProduct',
      id: merchantId,
      uuid: draft.id,
      title: 'Node Draft',
      status: 'draft',
    });
  });

  it('answers null for another store’s node and for a product shoppers cannot see, keeping the order in nodes', async () => {
    const ids = [encodeGlobalId('Product', foreign.id), encodeGlobalId('Product', shirt.id), encodeGlobalId('Product', draft.id)];
    const res = await graphql(t.app, shop.publicKey, 'query($ids: [ID!]!) { nodes(ids: $ids) { id } }', { ids });
    expect(res.body).toEqual({ data: { nodes: [null, { id: ids[1] }, null] } });
    expect((await graphql(t.app, shop.privateKey, NODE, { id: encodeGlobalId('MerchantProduct', foreign.id) })).body).toEqual({ data: { node: null } });
  });

  it('asks what the type’s own read asks: a merchant node needs its scope', async () => {
    const id = encodeGlobalId('MerchantProduct', shirt.id);
    expect((await graphql(t.app, shop.publicKey, NODE, { id })).body.errors[0].extensions.code).toBe('private_key_required');
    const narrow = await makeKey(t.database, { store: shop.store.slug, kind: 'private', scopes: ['merchant-items-read'] });
    expect((await graphql(t.app, narrow, NODE, { id })).body.errors[0].extensions.code).toBe('insufficient_scope');
  });

  it('refuses an id this API did not answer, and more than 100 ids', async () => {
    for (const id of [shirt.id, 'not-base64!', encodeGlobalId('Cart', shirt.id), encodeGlobalId('Product', 'slug')]) {
      const res = await graphql(t.app, shop.publicKey, NODE, { id });
      expect(res.body.errors[0].extensions).toMatchObject({ code: 'validation_failed' });
    }
    const ids = Array.from({ length: 101 }, () => encodeGlobalId('Product', shirt.id));
    const res = await graphql(t.app, shop.publicKey, 'query($ids: [ID!]!) { nodes(ids: $ids) { id } }', { ids });
    expect(res.body.errors[0].extensions).toMatchObject({ code: 'validation_failed', errors: { ids: ['must hold at most 100 ids'] } });
  });

  it('refetches offers, zones and collections of the store', async () => {
    const promo = await createDiscount(t.database, shop.store, { title: 'Node promo', kind: 'promotion', isPublished: true, type: 'percentage', value: '5' });
    const res = await graphql(t.app, shop.privateKey, 'query($ids: [ID!]!) { nodes(ids: $ids) { __typename ... on Promotion { title } ... on Discount { title } } }', {
      ids: [encodeGlobalId('Promotion', promo.id), encodeGlobalId('Discount', promo.id)],
    });
    expect(res.body).toEqual({ data: { nodes: [{ __typename: 'Promotion', title: 'Node promo' }, { __typename: 'Discount', title: 'Node promo' }] } });
  });
});

describe('arguments that name a record', () => {
  it('take the global id as well as the uuid, the integer id or the slug, and leave JSON values alone', async () => {
    const query = 'query($id: String!) { product(id: $id) { uuid } merchant { product(id: $id) { uuid } } }';
    for (const id of [encodeGlobalId('Product', shirt.id), encodeGlobalId('MerchantProduct', shirt.id), shirt.id, String(shirt.pId)]) {
      expect((await graphql(t.app, shop.privateKey, query, { id })).body.data).toEqual({ product: { uuid: shirt.id }, merchant: { product: { uuid: shirt.id } } });
    }
    const gid = encodeGlobalId('MerchantProduct', draft.id);
    const update = `mutation($id: String!, $input: ProductUpdateInput!) { productUpdate(id: $id, input: $input) { product { uuid metadata } userErrors { field } } }`;
    const updated = await graphql(t.app, shop.privateKey, update, { id: gid, input: { metadata: { copiedFrom: gid } } });
    expect(updated.body.data.productUpdate).toEqual({ product: { uuid: draft.id, metadata: { copiedFrom: gid } }, userErrors: [] });
    const elsewhere = await graphql(t.app, shop.privateKey, 'query($id: String!) { product(id: $id) { uuid } }', { id: encodeGlobalId('Product', foreign.id) });
    expect(elsewhere.body.data).toEqual({ product: null });
  });
});

describe('image and variant connections', () => {
  const query = `query($slug: String!, $first: Int, $after: String, $last: Int, $before: String) { product(slug: $slug) {
    variantsConnection(first: $first, after: $after, last: $last, before: $before) { totalCount edges { node { title } cursor } pageInfo { hasNextPage hasPreviousPage startCursor endCursor } }
    imagesConnection(first: 2) { totalCount edges { node { position } } pageInfo { hasNextPage } } } }`;

  it('walk forwards and backwards, with the total', async () => {
    const first = (await graphql(t.app, shop.publicKey, query, { slug: shirt.slug, first: 2 })).body.data.product;
    expect(first.variantsConnection.totalCount).toBe(3);
    expect(first.variantsConnection.edges.map((e: any) => e.node.title)).toEqual(['S', 'M']);
    expect(first.variantsConnection.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: false });
    expect(first.imagesConnection).toEqual({ totalCount: 3, edges: [{ node: { position: 0 } }, { node: { position: 1 } }], pageInfo: { hasNextPage: true } });
    const after = first.variantsConnection.pageInfo.endCursor;
    const next = (await graphql(t.app, shop.publicKey, query, { slug: shirt.slug, first: 2, after })).body.data.product.variantsConnection;
    expect(next.edges.map((e: any) => e.node.title)).toEqual(['L']);
    expect(next.pageInfo).toMatchObject({ hasNextPage: false, hasPreviousPage: true });
    const back = (await graphql(t.app, shop.publicKey, query, { slug: shirt.slug, last: 1, before: next.pageInfo.startCursor })).body.data.product.variantsConnection;
    expect(back.edges.map((e: any) => e.node.title)).toEqual(['M']);
  });

  it('refuses a cursor it did not issue', async () => {
    const res = await graphql(t.app, shop.publicKey, query, { slug: shirt.slug, first: 1, after: 'bm9wZQ==' });
    expect(res.body.errors[0].extensions).toMatchObject({ code: 'starting_after_invalid', errors: { after: ['is malformed'] } });
  });
});

describe('nodes read in batches', () => {
  const NODES = 'query($ids: [ID!]!) { nodes(ids: $ids) { id ... on Product { title } ... on MerchantProduct { status } ... on Variant { title } } }';
  let batch: Product[];

  beforeAll(async () => {
    batch = [];
    for (let i = 0; i < 20; i++) {
      batch.push(await createProduct(t.database, shop.store, { title: `Batch ${i}`, variants: [{ title: `V${i}`, optionValues: { Size: `V${i}` }, price: '5.00', stock: 1 }] }));
    }
    // The first request of a key reads the key and the store; measure the nodes alone.
    for (const key of [shop.publicKey, shop.privateKey]) await graphql(t.app, key, '{ __typename }');
  });

  async function cost(key: string, typename: string, ids: string[]) {
    const before = t.database.statementCount();
    const res = await graphql(t.app, key, NODES, { ids: ids.map((id) => encodeGlobalId(typename, id)) });
    expect(res.body.errors, res.raw).toBeUndefined();
    expect(res.body.data.nodes.every((n: unknown) => n !== null)).toBe(true);
    return { count: t.database.statementCount() - before, nodes: res.body.data.nodes.length };
  }

  it('cost the same statements for 2 and 20 products, as a shopper and as the merchant', async () => {
    const ids = batch.map((p) => p.id);
    const [two, twenty] = [await cost(shop.publicKey, 'Product', ids.slice(0, 2)), await cost(shop.publicKey, 'Product', ids)];
    expect([two.nodes, twenty.nodes]).toEqual([2, 20]);
    expect(twenty.count).toBe(two.count);
    const [mTwo, mTwenty] = [await cost(shop.privateKey, 'MerchantProduct', ids.slice(0, 2)), await cost(shop.privateKey, 'MerchantProduct', ids)];
    expect([mTwo.nodes, mTwenty.nodes]).toEqual([2, 20]);
    expect(mTwenty.count).toBe(mTwo.count);
  });

  it('cost the same statements for 2 and 20 variants, keeping the shopper’s visibility', async () => {
    const variants = await t.database.prisma.variant.findMany({ where: { productId: { in: batch.map((p) => p.id) } } });
    const ids = variants.map((v) => v.id);
    const [two, twenty] = [await cost(shop.publicKey, 'Variant', ids.slice(0, 2)), await cost(shop.publicKey, 'Variant', ids)];
    expect([two.nodes, twenty.nodes]).toEqual([2, 20]);
    expect(twenty.count).toBe(two.count);
  });
});
