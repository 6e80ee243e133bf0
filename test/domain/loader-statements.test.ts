import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCategory, createProduct } from '../support/catalog.js';
import { createDiscount } from '../support/discounts.js';
import { get, graphql } from '../support/http.js';
import { makeStore, type TestStore } from '../support/stores.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let shop: TestStore;
let slug: string;

beforeAll(async () => {
  // What a page costs to build: the catalogue cache would answer a repeat with none (test/http/response-cache).
  t = await startTestApp({ RESPONSE_CACHE_MB: '0' });
  shop = await makeStore(t.database, { locales: ['en', 'fr'] });
  const categories = [await createCategory(t.database, shop.store, 'Tops'), await createCategory(t.database, shop.store, 'Bottoms')];
  for (let i = 0; i < 50; i += 1) {
    ({ slug } = await createProduct(t.database, shop.store, {
      title: `Item ${i}`,
      category: categories[i % 2],
      images: 2,
      translations: { fr: { title: `Article ${i}` } },
      variants: [
        { title: 'S', optionValues: { Size: 'S' }, price: '10.00' },
        { title: 'M', optionValues: { Size: 'M' }, price: '12.00' },
      ],
    }));
  }
  await createDiscount(t.database, shop.store, { title: 'Storewide', value: '5' });
});
afterAll(() => t.close());

async function statementsFor(run: () => Promise<{ status: number; raw?: string }>) {
  const before = t.database.statementCount();
  const res = await run();
  expect(res.status, res.raw).toBe(200);
  return t.database.statementCount() - before;
}

/**
 * A page's own statements: a key's first read in a process reads its row and keeps nothing (no
 * catalogue version known yet), its second keeps the row and, at the store's catalogue version,
 * the store's locales and automatic discounts and the page-mode total (catalog-snapshot.ts). So
 * each page is read once before it is measured.
 */
async function pageStatements(run: () => Promise<{ status: number; raw?: string }>) {
  await statementsFor(run);
  await statementsFor(run);
  return statementsFor(run);
}

/** An operator's write of nothing shown: every store's catalogue version is replaced all the same. */
const replaceVersions = () => t.database.prisma.category.updateMany({ where: { storeId: shop.store.id, name: 'none such' }, data: { name: 'none such' } });

const productsQuery = `query($first: Int!, $locale: String) {
  products(first: $first, locale: $locale) {
    edges { node { title price { amount } discountPrice { amount } category { name } images { url } options { name values } variants { title price { amount } } } }
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

const productQuery = `query($slug: String!, $locale: String) {
  product(slug: $slug, locale: $locale) { title discountPrice { amount } category { name } images { url } options { name values } variants { title optionValues } }
}`;

const merchantPricedQuery = `query($first: Int!) {
  merchant { products(first: $first) { edges { node { price { amount } storefrontPrice { amount } stock variants { price { amount } } } } } }
}`;

describe('a catalogue page with RESPONSE_CACHE_MB=0', () => {
  it('REST product list: one statement for 5 cards and for 50', async () => {
    const five = await pageStatements(() => get(t.app, '/v1/store/products?per_page=5', shop.publicKey));
    const fifty = await pageStatements(() => get(t.app, '/v1/store/products?per_page=50', shop.publicKey));
    // the products with their variants, images, options and category, joined
    expect([five, fifty]).toEqual([1, 1]);
  });

  it('REST product list past its first page: the page’s ids, then its products joined, for 5 cards and for 20', async () => {
    const five = await pageStatements(() => get(t.app, '/v1/store/products?per_page=5&page=3', shop.publicKey));
    const twenty = await pageStatements(() => get(t.app, '/v1/store/products?per_page=20&page=2', shop.publicKey));
    // a joined read with an OFFSET would build the skipped rows' relations too (shown-products.ts)
    expect([five, twenty]).toEqual([2, 2]);
  });

  it('REST product list in a second locale: one statement more, for every translation the page shows', async () => {
    const five = await pageStatements(() => get(t.app, '/v1/store/products?per_page=5&locale=fr', shop.publicKey));
    const fifty = await pageStatements(() => get(t.app, '/v1/store/products?per_page=50&locale=fr', shop.publicKey));
    // the products with their relations; the translations of the products, their categories and variants
    expect([five, fifty]).toEqual([2, 2]);
  });

  it('REST product list, the first read after a catalogue write: the key, the store and the total read again', async () => {
    await pageStatements(() => get(t.app, '/v1/store/products?per_page=50', shop.publicKey));
    await replaceVersions();
    const first = await statementsFor(() => get(t.app, '/v1/store/products?per_page=50', shop.publicKey));
    const next = await statementsFor(() => get(t.app, '/v1/store/products?per_page=50', shop.publicKey));
    // the key with its store; the store's locales and discounts; the total; the products with their relations
    expect(first).toBe(4);
    expect(next).toBe(1);
  });

  it('REST product page: one statement, two in a second locale', async () => {
    const own = await pageStatements(() => get(t.app, `/v1/store/products/${slug}`, shop.publicKey));
    const fr = await pageStatements(() => get(t.app, `/v1/store/products/${slug}?locale=fr`, shop.publicKey));
    // the product with its variants, images, options, category and collections; then their translations
    expect([own, fr]).toEqual([1, 2]);
  });

  it('GraphQL products(first: 50) with relations per node costs what first: 5 does, one statement', async () => {
    const five = await pageStatements(() => graphql(t.app, shop.publicKey, productsQuery, { first: 5 }));
    const fifty = await pageStatements(() => graphql(t.app, shop.publicKey, productsQuery, { first: 50 }));
    const fr = await pageStatements(() => graphql(t.app, shop.publicKey, productsQuery, { first: 50, locale: 'fr' }));
    // the products with their relations (and in French, their translations)
    expect([five, fifty, fr]).toEqual([1, 1, 2]);
  });

  it('GraphQL product: one statement, two in a second locale', async () => {
    const own = await pageStatements(() => graphql(t.app, shop.publicKey, productQuery, { slug }));
    const fr = await pageStatements(() => graphql(t.app, shop.publicKey, productQuery, { slug, locale: 'fr' }));
    expect([own, fr]).toEqual([1, 2]);
  });

  it('GraphQL prices each product once: every price and stock field of a page comes from its one statement', async () => {
    const five = await pageStatements(() => graphql(t.app, shop.publicKey, pricedQuery, { first: 5 }));
    const fifty = await pageStatements(() => graphql(t.app, shop.publicKey, pricedQuery, { first: 50 }));
    expect([five, fifty]).toEqual([1, 1]);
  });
});

describe('per-request loaders outside the catalogue', () => {
  it('GraphQL merchant stock and storefront price share the variants statement of the page', async () => {
    const five = await pageStatements(() => graphql(t.app, shop.privateKey, merchantPricedQuery, { first: 5 }));
    const fifty = await pageStatements(() => graphql(t.app, shop.privateKey, merchantPricedQuery, { first: 50 }));
    // products, variants (a merchant read keeps nothing at the catalogue version but its key)
    expect([five, fifty]).toEqual([2, 2]);
  });

  it('merchant product list costs the same statements for 5 and for 50 products', async () => {
    const five = await pageStatements(() => get(t.app, '/api/v1/merchant/products?limit=5', shop.privateKey));
    const fifty = await pageStatements(() => get(t.app, '/api/v1/merchant/products?limit=50', shop.privateKey));
    expect(five).toBe(fifty);
  });
});
