import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '../support/catalog.js';
import { defineMetafield } from '../support/custom-data.js';
import { graphql } from '../support/http.js';
import { makeKey, makeStore, type TestStore } from '../support/stores.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

// Issue 20, variant metafields in GraphQL: variantCreate and variantUpdate take `metafields`
// checked against the variant definitions (userErrors naming input.metafields.<namespace>.<key>),
// and Variant.metafield/metafields show shoppers the storefront-visible values and a private key
// with merchant-items-detail every defined one, the definitions read once per request.

let t: TestApp;
let shop: TestStore;
let productId: string;

beforeAll(async () => {
  t = await startTestApp({ RATE_LIMIT_MERCHANT: '0', RATE_LIMIT_STOREFRONT: '100000', RESPONSE_CACHE_MB: '0' });
  shop = await makeStore(t.database);
  await defineMetafield(t.database, shop, 'custom.shade', 'text', { ownerType: 'variant', storefrontVisible: true });
  await defineMetafield(t.database, shop, 'custom.grams', 'number', { ownerType: 'variant' });
  await defineMetafield(t.database, shop, 'custom.material', 'text', { storefrontVisible: true });
  for (let i = 0; i < 12; i += 1) {
    const product = await createProduct(t.database, shop.store, {
      title: `Sock ${i}`,
      options: { Size: ['S', 'M', 'L'] },
      variants: [{ title: 'S', optionValues: { Size: 'S' }, price: '5.00' }],
    });
    await t.database.prisma.variant.updateMany({ where: { productId: product.id }, data: { metafields: { 'custom.shade': `dark ${i}`, 'custom.grams': i } } });
    if (i === 0) productId = product.id;
  }
});
afterAll(() => t.close());

const reads = `metafield(namespace: "custom", key: "shade") { namespace key type value }
  grams: metafield(namespace: "custom", key: "grams") { value }
  metafields(identifiers: [{ namespace: "custom", key: "grams" }, { namespace: "custom", key: "shade" }, { namespace: "custom", key: "material" }]) { key value }`;

describe('Variant.metafield and Variant.metafields', () => {
  it('show shoppers the storefront-visible variant values only', async () => {
    const res = await graphql(t.app, shop.publicKey, `query ($id: String!) { product(id: $id) { variants { ${reads} } } }`, { id: productId });
    expect(res.body).toEqual({
      data: {
        product: {
          variants: [
            {
              metafield: { namespace: 'custom', key: 'shade', type: 'text', value: 'dark 0' },
              grams: null,
              metafields: [null, { key: 'shade', value: 'dark 0' }, null],
            },
          ],
        },
      },
    });
  });

  it('show the merchant every defined variant value', async () => {
    const res = await graphql(t.app, shop.privateKey, `query ($id: String!) { merchant { product(id: $id) { variants { ${reads} } } } }`, { id: productId });
    expect(res.body.data.merchant.product.variants).toEqual([
      {
        metafield: { namespace: 'custom', key: 'shade', type: 'text', value: 'dark 0' },
        grams: { value: 0 },
        metafields: [{ key: 'grams', value: 0 }, { key: 'shade', value: 'dark 0' }, null],
      },
    ]);
  });

  it('show a private key without merchant-items-detail what a shopper sees', async () => {
    const key = await makeKey(t.database, { store: shop.store.slug, kind: 'private', scopes: ['merchant-items-read'] });
    const res = await graphql(
      t.app,
      key,
      `
        query ($id: String!) {
          product(id: $id) {
            variants {
              grams: metafield(namespace: "custom", key: "grams") {
                value
              }
            }
          }
        }
      `,
      { id: productId },
    );
    expect(res.body).toEqual({ data: { product: { variants: [{ grams: null }] } } });
  });

  it('refuses more than 50 identifiers', async () => {
    const ids = Array.from({ length: 51 }, (_, i) => ({ namespace: 'custom', key: `k${i}` }));
    const query = `query ($id: String!, $ids: [MetafieldIdentifierInput!]!) { product(id: $id) { variants { metafields(identifiers: $ids) { key } } } }`;
    const res = await graphql(t.app, shop.publicKey, query, { id: productId, ids });
    expect(res.body.errors[0].extensions.code).toBe('validation_failed');
    expect(res.body.errors[0].message).toContain('identifiers');
  });

  it('cost the same statements for 2 and 12 products: the definitions are read once', async () => {
    const page = (size: number) =>
      `{ products(first: ${size}) { edges { node { variants { metafield(namespace: "custom", key: "shade") { value } metafields(identifiers: [{ namespace: "custom", key: "shade" }]) { value } } } } } }`;
    async function statements(size: number) {
      const before = t.database.statementCount();
      const res = await graphql(t.app, shop.publicKey, page(size));
      expect(res.body.errors, res.raw).toBeUndefined();
      return { count: t.database.statementCount() - before, nodes: res.body.data.products.edges.length };
    }
    // The first read at the store's catalogue version reads its definitions; the next ones keep them.
    await statements(12);
    const two = await statements(2);
    const twelve = await statements(12);
    expect([two.nodes, twelve.nodes]).toEqual([2, 12]);
    expect(twelve.count).toBe(two.count);
  });
});

describe('variantCreate and variantUpdate with metafields', () => {
  const create = `mutation ($productId: String!, $input: VariantCreateInput!) { variantCreate(productId: $productId, input: $input) {
    variant { pId grams: metafield(namespace: "custom", key: "grams") { value } } userErrors { field message code } } }`;
  const update = `mutation ($productId: String!, $variantId: String!, $input: VariantUpdateInput!) { variantUpdate(productId: $productId, variantId: $variantId, input: $input) {
    variant { metafields(identifiers: [{ namespace: "custom", key: "grams" }, { namespace: "custom", key: "shade" }]) { value } } userErrors { field code } } }`;

  it('stores values that match the variant definitions and answers userErrors naming the key otherwise, writing nothing', async () => {
    const before = await t.database.prisma.variant.count({ where: { productId } });
    const refused = await graphql(t.app, shop.privateKey, create, {
      productId,
      input: { optionValues: { Size: 'M' }, price: '6', metafields: { 'custom.material': 'wool' } },
    });
    expect(refused.body.data.variantCreate).toEqual({
      variant: null,
      userErrors: [{ field: 'input.metafields.custom.material', message: expect.any(String), code: 'validation_failed' }],
    });
    expect(await t.database.prisma.variant.count({ where: { productId } })).toBe(before);

    const created = await graphql(t.app, shop.privateKey, create, {
      productId,
      input: { optionValues: { Size: 'M' }, price: '6', metafields: { 'custom.grams': 40 } },
    });
    expect(created.body.data.variantCreate.userErrors).toEqual([]);
    expect(created.body.data.variantCreate.variant.grams).toEqual({ value: 40 });
    const variantId = String(created.body.data.variantCreate.variant.pId);

    const wrong = await graphql(t.app, shop.privateKey, update, { productId, variantId, input: { metafields: { 'custom.grams': 'heavy' } } });
    expect(wrong.body.data.variantUpdate.userErrors).toEqual([{ field: 'input.metafields.custom.grams', code: 'validation_failed' }]);
    const updated = await graphql(t.app, shop.privateKey, update, { productId, variantId, input: { metafields: { 'custom.shade': 'light' } } });
    expect(updated.body.data.variantUpdate).toEqual({ variant: { metafields: [null, { value: 'light' }] }, userErrors: [] });
  });
});
