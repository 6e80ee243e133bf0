import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCategory, createProduct } from '../support/catalog.js';
import { get, graphql } from '../support/http.js';
import { makeStore, type TestStore } from '../support/stores.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let shop: TestStore;

beforeAll(async () => {
  // What a page costs to build: the catalogue cache would answer a repeat with none (test/http/response-cache).
  t = await startTestApp({ RESPONSE_CACHE_MB: '0' });
  shop = await makeStore(t.database, { locales: ['en', 'fr'] });
  const categories = [await createCategory(t.database, shop.store, 'Tops'), await createCategory(t.database, shop.store, 'Bottoms')];
  for (let i = 0; i < 50; i += 1) {
    await createProduct(t.database, shop.store, {
      title: `Item ${i}`,
      category: categories[i % 2],
      images: 2,
      translations: { fr: { title: `Article ${i}` } },
      variants: [
        { title: 'S', optionValues: { Size: 'S' }, price: '10.00' },
        { title: 'M', optionValues: { Size: 'M' }, price: '12.00' },
      ],
    });
  }
});
afterAll(() => t.close());

async function statementsFor(run: () => Promise<{ status: number }>) {
  const before = t.database.statementCount();
  const res = await run();
  expect(res.status).toBe(200);
  return t.database.statementCount() - before;
}

const productsQuery = `query($first: Int!, $locale: String) {
  products(first: $first, locale: $locale) {
    edges { node { title price { amount } category { name } images { url } variants { title price { amount } } } }
    pageInfo { hasNextPage endCursor }
  }
}`;

const pricedQuery = `query($first: Int!) {
  products(first: $first) {
    edges { node {
      price { amount } compareAtPrice { amount } priceRange { min { amount } max { amount } } hasVariants inStock totalStock
      variants { price { amount } compareAtPrice { amount } inStock quantity }
    } }
  }
}`;

const merchantPricedQuery = `query($first: Int!) {
  merchant { products(first: $first) { edges { node { price { amount } storefrontPrice { amount } stock variants { price { amount } } } } } }
}`;

describe('per-request loaders', () => {
  it('REST product list costs the same statements for 5 and for 50 products', async () => {
    const five = await statementsFor(() => get(t.app, '/v1/store/products?per_page=5', shop.publicKey));
    const fifty = await statementsFor(() => get(t.app, '/v1/store/products?per_page=50', shop.publicKey));
    // key, its store, locales, products, count, variants, images, categories, the store's live discounts
    expect(fifty).toBe(9);
    expect(five).toBe(fifty);
  });

  it('adds one statement per translated resource kind in a second locale, whatever the page size', async () => {
    const five = await statementsFor(() => get(t.app, '/v1/store/products?per_page=5&locale=fr', shop.publicKey));
    const fifty = await statementsFor(() => get(t.app, '/v1/store/products?per_page=50&locale=fr', shop.publicKey));
    expect(fifty).toBe(five);
    // the REST count plus product, category and variant translations, and the options that number the variants' option keys
    expect(fifty).toBe(13);
  });

  it('GraphQL products(first: 50) with relations per node costs the same statements as first: 5', async () => {
    const five = await statementsFor(() => graphql(t.app, shop.publicKey, productsQuery, { first: 5 }));
    const fifty = await statementsFor(() => graphql(t.app, shop.publicKey, productsQuery, { first: 50 }));
    // key, its store, locales, products, variants, images, categories, the store's live discounts
    expect(fifty).toBe(8);
    expect(five).toBe(fifty);
  });

  it('GraphQL prices each product once: every price and stock field of a page shares one variants statement', async () => {
    const five = await statementsFor(() => graphql(t.app, shop.publicKey, pricedQuery, { first: 5 }));
    const fifty = await statementsFor(() => graphql(t.app, shop.publicKey, pricedQuery, { first: 50 }));
    // key, its store, locales, products, variants, the store's live discounts
    expect(fifty).toBe(6);
    expect(five).toBe(fifty);
  });

  it('GraphQL merchant stock and storefront price share the variants statement of the page', async () => {
    const five = await statementsFor(() => graphql(t.app, shop.privateKey, merchantPricedQuery, { first: 5 }));
    const fifty = await statementsFor(() => graphql(t.app, shop.privateKey, merchantPricedQuery, { first: 50 }));
    // key, its store, products, variants
    expect(fifty).toBe(4);
    expect(five).toBe(fifty);
  });

  it('merchant product list costs the same statements for 5 and for 50 products', async () => {
    const five = await statementsFor(() => get(t.app, '/api/v1/merchant/products?limit=5', shop.privateKey));
    const fifty = await statementsFor(() => get(t.app, '/api/v1/merchant/products?limit=50', shop.privateKey));
    expect(five).toBe(fifty);
  });
});
