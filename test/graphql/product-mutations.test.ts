import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '../support/catalog.js';
import { graphql } from '../support/http.js';
import { defineMetafield } from '../support/custom-data.js';
import { makeKey, makeStore, type TestStore } from '../support/stores.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { derivedOf, outboxOf } from '../support/writes.js';

// The product and variant mutations: the same domain writes as REST, behind the same scopes, with
// a caller's mistakes as userErrors named by their input path.

let t: TestApp;
let shop: TestStore;
let other: TestStore;

beforeAll(async () => {
  t = await startTestApp({ RATE_LIMIT_GRAPHQL: '0' });
  shop = await makeStore(t.database);
  other = await makeStore(t.database);
  await defineMetafield(t.database, shop, 'specs.cut', 'text');
});
afterAll(() => t.close());

const productFields =
  'id uuid pId slug title published price { amount } storefrontPrice { amount } stock metafields variants { pId title optionValues price { amount } }';
const userErrors = 'userErrors { field code message }';

const productCreate = `mutation($input: ProductCreateInput!) { productCreate(input: $input) { product { ${productFields} } ${userErrors} } }`;
const productUpdate = `mutation($id: String!, $input: ProductUpdateInput!) { productUpdate(id: $id, input: $input) { product { ${productFields} } ${userErrors} } }`;
const productDelete = `mutation($id: String!) { productDelete(id: $id) { deletedProductId deletedProductPId ${userErrors} } }`;
const productsPublish = `mutation($input: ProductsPublishInput!) { productsPublish(input: $input) { products { uuid published } ${userErrors} } }`;
const variantCreate = `mutation($p: String!, $input: VariantCreateInput!) { variantCreate(productId: $p, input: $input) { variant { pId title } product { stock } ${userErrors} } }`;
const variantUpdate = `mutation($p: String!, $v: String!, $input: VariantUpdateInput!) { variantUpdate(productId: $p, variantId: $v, input: $input) { variant { pId price { amount } } product { storefrontPrice { amount } } ${userErrors} } }`;
const variantDelete = `mutation($p: String!, $v: String!) { variantDelete(productId: $p, variantId: $v) { deletedVariantId deletedVariantPId ${userErrors} } }`;

describe('productCreate', () => {
  it('creates a product with variants and answers it as the merchant product', async () => {
    const res = await graphql(t.app, shop.privateKey, productCreate, {
      input: {
        title: 'Graph Tee',
        metafields: { 'specs.cut': 'regular' },
        options: [{ name: 'Size', values: ['S', 'M'] }],
        variants: [
          { optionValues: { Size: 'S' }, price: '11.00', stock: 2 },
          { optionValues: { Size: 'M' }, price: 12, stock: 3 },
        ],
      },
    });
    expect(res.body.errors).toBeUndefined();
    const { product, userErrors: errors } = res.body.data.productCreate;
    expect(errors).toEqual([]);
    expect(product).toMatchObject({
      slug: 'graph-tee',
      title: 'Graph Tee',
      price: { amount: '11.00' },
      storefrontPrice: { amount: '11.00' },
      stock: 5,
      metafields: { 'specs.cut': 'regular' },
      variants: [
        { title: 'S', optionValues: { Size: 'S' }, price: { amount: '11.00' } },
        { title: 'M', optionValues: { Size: 'M' }, price: { amount: '12.00' } },
      ],
    });
    expect(await derivedOf(t.database, product.uuid)).toEqual({ priceMin: '11.00', priceMax: '12.00', stock: 5, inStock: true });
  });

  it('answers mistakes as userErrors on input paths, with the REST messages, writing nothing', async () => {
    const before = (await outboxOf(t.database, shop.store)).length;
    const res = await graphql(t.app, shop.privateKey, productCreate, {
      input: {
        title: 'Bad Tee',
        price: '-1',
        metafields: { flat: 1 },
        options: [{ name: 'Size', values: ['S'] }],
        variants: [{ optionValues: { Size: 'XL' }, price: '1.005' }],
      },
    });
    expect(res.body.data.productCreate).toEqual({
      product: null,
      userErrors: [
        { field: 'input.price', code: 'validation_failed', message: 'must not be negative' },
        { field: 'input.metafields', code: 'validation_failed', message: expect.stringContaining('must be namespace.key') },
        { field: 'input.variants.0.price', code: 'validation_failed', message: 'must have at most 2 decimal places' },
      ],
    });
    const mismatch = await graphql(t.app, shop.privateKey, productCreate, {
      input: { title: 'Bad Tee', options: [{ name: 'Size', values: ['S'] }], variants: [{ optionValues: { Size: 'XL' }, price: '1' }] },
    });
    expect(mismatch.body.data.productCreate.userErrors).toEqual([
      { field: 'input.variants.0.optionValues', code: 'validation_failed', message: '"XL" is not a value of the option "Size" (values: S)' },
    ]);
    expect((await outboxOf(t.database, shop.store)).length).toBe(before);
  });

  it('needs merchant-items-create', async () => {
    const key = await makeKey(t.database, { store: shop.store.slug, kind: 'private', scopes: ['merchant-items-update'] });
    const res = await graphql(t.app, key, productCreate, { input: { title: 'No', price: '1' } });
    expect(res.body.errors[0].extensions.code).toBe('insufficient_scope');
    expect(res.body.data?.productCreate ?? null).toBeNull();
  });

  it('refuses a public key', async () => {
    const res = await graphql(t.app, shop.publicKey, productCreate, { input: { title: 'No', price: '1' } });
    expect(res.body.errors[0].extensions.code).toBe('private_key_required');
  });
});

describe('productUpdate, productDelete and productsPublish', () => {
  it('patches, publishes and deletes, each behind its scope', async () => {
    const product = await createProduct(t.database, shop.store, { title: 'Graph Patch' });
    const updated = await graphql(t.app, shop.privateKey, productUpdate, { id: String(product.pId), input: { title: 'Graph Patched', price: 3 } });
    expect(updated.body.data.productUpdate).toMatchObject({
      product: { title: 'Graph Patched', slug: product.slug, price: { amount: '3.00' } },
      userErrors: [],
    });

    const published = await graphql(t.app, shop.privateKey, productsPublish, { input: { ids: [product.id], published: false } });
    expect(published.body.data.productsPublish).toEqual({ products: [{ uuid: product.id, published: false }], userErrors: [] });

    const deleted = await graphql(t.app, shop.privateKey, productDelete, { id: product.id });
    expect(deleted.body.data.productDelete).toEqual({ deletedProductId: product.id, deletedProductPId: product.pId, userErrors: [] });
    const again = await graphql(t.app, shop.privateKey, productDelete, { id: product.id });
    expect(again.body.data.productDelete).toEqual({
      deletedProductId: null,
      deletedProductPId: null,
      userErrors: [{ field: null, code: 'not_found', message: 'Product not found.' }],
    });
  });

  it('names an unknown publish id on input.ids.N and changes nothing', async () => {
    const product = await createProduct(t.database, shop.store, { title: 'Graph Pub' });
    const foreign = await createProduct(t.database, other.store, { title: 'Graph Foreign' });
    const res = await graphql(t.app, shop.privateKey, productsPublish, { input: { ids: [product.id, foreign.id], published: false } });
    expect(res.body.data.productsPublish).toEqual({
      products: null,
      userErrors: [{ field: 'input.ids.1', code: 'validation_failed', message: 'names no product of this store' }],
    });
    expect((await t.database.prisma.product.findUniqueOrThrow({ where: { id: product.id } })).published).toBe(true);
  });

  it("answers not_found for another store's product", async () => {
    const foreign = await createProduct(t.database, other.store, { title: 'Graph Theirs' });
    const res = await graphql(t.app, shop.privateKey, productUpdate, { id: foreign.id, input: { title: 'Mine' } });
    expect(res.body.data.productUpdate.userErrors).toEqual([{ field: null, code: 'not_found', message: 'Product not found.' }]);
  });

  it.each([
    ['productUpdate', productUpdate, { id: '1', input: { title: 'x' } }, 'merchant-items-delete'],
    ['productDelete', productDelete, { id: '1' }, 'merchant-items-update'],
    ['productsPublish', productsPublish, { input: { ids: ['1'], published: true } }, 'merchant-items-delete'],
  ])('%s answers insufficient_scope with only %s', async (_name, query, variables, scope) => {
    const key = await makeKey(t.database, { store: shop.store.slug, kind: 'private', scopes: [scope as string] });
    const res = await graphql(t.app, key, query as string, variables as Record<string, unknown>);
    expect(res.body.errors[0].extensions.code).toBe('insufficient_scope');
  });
});

describe('variantCreate, variantUpdate and variantDelete', () => {
  it('write variants and answer the product as the write left it', async () => {
    const product = await createProduct(t.database, shop.store, {
      title: 'Graph Variants',
      options: { Size: ['S', 'M'] },
      variants: [{ title: 'S', optionValues: { Size: 'S' }, price: '5.00', stock: 1 }],
    });
    const created = await graphql(t.app, shop.privateKey, variantCreate, { p: product.id, input: { optionValues: { Size: 'M' }, price: '4.00', stock: 6 } });
    expect(created.body.data.variantCreate).toMatchObject({ variant: { title: 'M' }, product: { stock: 7 }, userErrors: [] });
    const pId = created.body.data.variantCreate.variant.pId;

    const dup = await graphql(t.app, shop.privateKey, variantCreate, { p: product.id, input: { optionValues: { Size: 'M' }, price: '4.00' } });
    expect(dup.body.data.variantCreate.userErrors).toEqual([
      { field: 'input.optionValues', code: 'validation_failed', message: `repeats the option values of variant ${pId}` },
    ]);

    const updated = await graphql(t.app, shop.privateKey, variantUpdate, { p: String(product.pId), v: String(pId), input: { price: '9.00' } });
    expect(updated.body.data.variantUpdate).toMatchObject({
      variant: { pId, price: { amount: '9.00' } },
      product: { storefrontPrice: { amount: '5.00' } },
      userErrors: [],
    });

    const deleted = await graphql(t.app, shop.privateKey, variantDelete, { p: product.id, v: String(pId) });
    expect(deleted.body.data.variantDelete).toMatchObject({ deletedVariantPId: pId, userErrors: [] });
    expect(await derivedOf(t.database, product.id)).toEqual({ priceMin: '5.00', priceMax: '5.00', stock: 1, inStock: true });
  });

  it('needs merchant-items-update', async () => {
    const key = await makeKey(t.database, { store: shop.store.slug, kind: 'private', scopes: ['merchant-items-create', 'merchant-items-delete'] });
    for (const [query, variables] of [
      [variantCreate, { p: '1', input: { optionValues: {}, price: '1' } }],
      [variantUpdate, { p: '1', v: '1', input: { price: '1' } }],
      [variantDelete, { p: '1', v: '1' }],
    ] as const) {
      const res = await graphql(t.app, key, query, variables);
      expect(res.body.errors[0].extensions.code).toBe('insufficient_scope');
    }
  });
});
