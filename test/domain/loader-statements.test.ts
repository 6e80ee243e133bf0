import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCategory, createProduct } from '../support/catalog.js';
import { createDiscount } from '../support/discounts.js';
import { get, graphql } from '../support/http.js';
import { makeKey, makeStore, type TestStore } from '../support/stores.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { send } from '../support/writes.js';

let t: TestApp;
let shop: TestStore;
let slug: string;
let productId: string;

beforeAll(async () => {
  // What a page costs to build: the catalogue cache would answer a repeat with none (test/http/response-cache).
  t = await startTestApp({ RESPONSE_CACHE_MB: '0', RATE_LIMIT_MERCHANT: '0' });
  shop = await makeStore(t.database, { locales: ['en', 'fr'] });
  const categories = [await createCategory(t.database, shop.store, 'Tops'), await createCategory(t.database, shop.store, 'Bottoms')];
  for (let i = 0; i < 50; i += 1) {
    ({ slug, id: productId } = await createProduct(t.database, shop.store, {
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
 * A page's own statements: a key's first read in a process learns its store from its row, so it
 * keeps what it reads after the store's tokens (the page-mode total, the store's facts) but not the
 * row; its second keeps the row, under the store's facts token (src/auth/key-lookup.ts). So each
 * page is read twice before it is measured.
 */
async function pageStatements(run: () => Promise<{ status: number; raw?: string }>) {
  await statementsFor(run);
  await statementsFor(run);
  return statementsFor(run);
}

/** An operator's write of nothing shown: every store's catalogue version is replaced all the same. */
const replaceVersions = () => t.database.prisma.category.updateMany({ where: { storeId: shop.store.id, name: 'none such' }, data: { name: 'none such' } });

let price = 20;
/** A price change through the merchant API: a catalogue write of the store, which leaves its keys and facts (its locales and discounts). */
async function changePrice() {
  price += 1;
  const res = await send(t.app, shop.privateKey, 'PUT', `/products/${productId}`, { price });
  expect(res.status, res.raw).toBe(200);
}

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
  it('REST product list: two statements for 5 cards and for 50', async () => {
    const five = await pageStatements(() => get(t.app, '/v1/store/products?per_page=5', shop.publicKey));
    const fifty = await pageStatements(() => get(t.app, '/v1/store/products?per_page=50', shop.publicKey));
    // the page's keys; its cards, which PostgreSQL writes (shown-json.ts)
    expect([five, fifty]).toEqual([2, 2]);
  });

  it('REST product list past its first page: the page’s keys, then its cards, for 5 cards and for 20', async () => {
    const five = await pageStatements(() => get(t.app, '/v1/store/products?per_page=5&page=3', shop.publicKey));
    const twenty = await pageStatements(() => get(t.app, '/v1/store/products?per_page=20&page=2', shop.publicKey));
    // the cards are written for the page's rows alone, never for the rows its OFFSET skips
    expect([five, twenty]).toEqual([2, 2]);
  });

  it('REST product list in a second locale: the same two statements, the translations joined into the cards', async () => {
    const five = await pageStatements(() => get(t.app, '/v1/store/products?per_page=5&locale=fr', shop.publicKey));
    const fifty = await pageStatements(() => get(t.app, '/v1/store/products?per_page=50&locale=fr', shop.publicKey));
    // the page's keys; its cards with their text and metafields in French
    expect([five, fifty]).toEqual([2, 2]);
  });

  it('REST product page: one statement in any locale', async () => {
    const own = await pageStatements(() => get(t.app, `/v1/store/products/${slug}`, shop.publicKey));
    const fr = await pageStatements(() => get(t.app, `/v1/store/products/${slug}?locale=fr`, shop.publicKey));
    // PostgreSQL writes the page: the product found by its slug, its variants, images, options, category and collections, their translations
    expect([own, fr]).toEqual([1, 1]);
  });

  it('GraphQL products(first: 50) with relations per node costs what first: 5 does, two statements', async () => {
    const five = await pageStatements(() => graphql(t.app, shop.publicKey, productsQuery, { first: 5 }));
    const fifty = await pageStatements(() => graphql(t.app, shop.publicKey, productsQuery, { first: 50 }));
    const fr = await pageStatements(() => graphql(t.app, shop.publicKey, productsQuery, { first: 50, locale: 'fr' }));
    // the page's keys; its products with their relations (shown-rows.ts); in French, their translations
    expect([five, fifty, fr]).toEqual([2, 2, 3]);
  });

  it('GraphQL product: two statements, three in a second locale', async () => {
    const own = await pageStatements(() => graphql(t.app, shop.publicKey, productQuery, { slug }));
    const fr = await pageStatements(() => graphql(t.app, shop.publicKey, productQuery, { slug, locale: 'fr' }));
    // the product found by its slug; the product with its relations; in French, their translations
    expect([own, fr]).toEqual([2, 3]);
  });

  it('GraphQL prices each product once: every price and stock field of a page comes from its rows’ statement', async () => {
    const five = await pageStatements(() => graphql(t.app, shop.publicKey, pricedQuery, { first: 5 }));
    const fifty = await pageStatements(() => graphql(t.app, shop.publicKey, pricedQuery, { first: 50 }));
    expect([five, fifty]).toEqual([2, 2]);
  });
});

type Read = (key: string) => Promise<{ status: number; raw?: string }>;

// Each read with what it costs read before at the version, then the first time after a price change
// (its key and the store's facts are kept: the write replaced the catalogue version alone), then on
// a key's first request in this process (its row comes with the store's facts, in one statement).
const firstReads: [string, Read, { atVersion: number; afterWrite: number; firstOfKey: number }][] = [
  // the page's keys and its cards; after the write, the total too; a new key adds its statement
  ['REST product list', (key) => get(t.app, '/v1/store/products?per_page=50', key), { atVersion: 2, afterWrite: 3, firstOfKey: 4 }],
  // the translations are joined into the cards
  ['REST product list in French', (key) => get(t.app, '/v1/store/products?per_page=50&locale=fr', key), { atVersion: 2, afterWrite: 3, firstOfKey: 4 }],
  // the settling check, the keys, the cards; after the write, the rewrite of the changed product's shopper price (shopper-price-column.ts) and the total
  ['REST product list by price', (key) => get(t.app, '/v1/store/products?per_page=50&sort=price_low', key), { atVersion: 3, afterWrite: 5, firstOfKey: 5 }],
  ['REST product page', (key) => get(t.app, `/v1/store/products/${slug}`, key), { atVersion: 1, afterWrite: 1, firstOfKey: 2 }],
  ['REST product page in French', (key) => get(t.app, `/v1/store/products/${slug}?locale=fr`, key), { atVersion: 1, afterWrite: 1, firstOfKey: 2 }],
  // the page's keys and its rows (in French, their translations too); a new key adds its statement
  ['GraphQL products', (key) => graphql(t.app, key, productsQuery, { first: 50 }), { atVersion: 2, afterWrite: 2, firstOfKey: 3 }],
  ['GraphQL products in French', (key) => graphql(t.app, key, productsQuery, { first: 50, locale: 'fr' }), { atVersion: 3, afterWrite: 3, firstOfKey: 4 }],
  ['GraphQL product', (key) => graphql(t.app, key, productQuery, { slug }), { atVersion: 2, afterWrite: 2, firstOfKey: 3 }],
  ['GraphQL product in French', (key) => graphql(t.app, key, productQuery, { slug, locale: 'fr' }), { atVersion: 3, afterWrite: 3, firstOfKey: 4 }],
];

describe('a catalogue page with RESPONSE_CACHE_MB=0, after a write and on a key’s first request', () => {
  it.each(firstReads)('%s', async (_, read, figures) => {
    const atVersion = await pageStatements(() => read(shop.publicKey));
    await changePrice();
    const afterWrite = await statementsFor(() => read(shop.publicKey));
    // A key made by an operator: a write of the store's facts, so nothing of the store is kept either.
    const key = await makeKey(t.database, { store: shop.store.slug, kind: 'public', origins: ['*'] });
    const firstOfKey = await statementsFor(() => read(key));
    expect({ atVersion, afterWrite, firstOfKey }).toEqual(figures);
  });

  it('keeps the key and the store’s facts across an operator’s catalogue write too, which leaves prices settled', async () => {
    const list = () => get(t.app, '/v1/store/products?per_page=50', shop.publicKey);
    const byPrice = () => get(t.app, '/v1/store/products?per_page=50&sort=price_low', shop.publicKey);
    await pageStatements(list);
    await pageStatements(byPrice);
    await replaceVersions();
    // the settling check, which finds nothing to rewrite, the total, the keys, the cards; then the list's keys and cards, its total kept
    expect([await statementsFor(byPrice), await statementsFor(list)]).toEqual([4, 2]);
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
