import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCategory, createProduct } from '../support/catalog.js';
import { call, get, graphql } from '../support/http.js';
import { makeKey, makeStore, type TestStore } from '../support/stores.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let shop: TestStore;
let other: TestStore;
const day = (n: number) => new Date(Date.UTC(2026, 3, 1 + n));

beforeAll(async () => {
  t = await startTestApp();
  shop = await makeStore(t.database, { name: 'Graph Shop', locales: ['en', 'fr'] });
  other = await makeStore(t.database);
  const hats = await createCategory(t.database, shop.store, 'Hats');
  await createProduct(t.database, shop.store, {
    title: 'Wool Beanie',
    slug: 'wool-beanie',
    price: '15.00',
    compareAtPrice: '20.00',
    category: hats,
    createdAt: day(1),
    translations: { fr: { title: 'Bonnet en laine' } },
  });
  await createProduct(t.database, shop.store, {
    title: 'Straw Hat',
    slug: 'straw-hat',
    category: hats,
    createdAt: day(2),
    options: { Size: ['S', 'L'] },
    variants: [
      { title: 'S', optionValues: { Size: 'S' }, price: '30.00', stock: 2 },
      { title: 'L', optionValues: { Size: 'L' }, price: '35.00', stock: 0 },
      { title: 'XL', optionValues: { Size: 'XL' }, price: '1.00', isActive: false },
    ],
  });
  await createProduct(t.database, shop.store, { title: 'Secret Cap', slug: 'secret-cap', published: false, createdAt: day(3) });
  await createProduct(t.database, other.store, { title: 'Other Hat', slug: 'other-hat' });
});
afterAll(() => t.close());

const listQuery = `query($first: Int, $after: String, $last: Int, $before: String, $sort: ProductSort, $locale: String) {
  products(first: $first, after: $after, last: $last, before: $before, sort: $sort, locale: $locale) {
    edges { cursor node { slug title } }
    pageInfo { hasNextPage hasPreviousPage startCursor endCursor }
  }
}`;

const slugs = (body: any) => body.data.products.edges.map((e: any) => e.node.slug);

describe('query shop and locales', () => {
  it('answers the key’s store', async () => {
    const res = await graphql(t.app, shop.publicKey, '{ shop { id name slug currencyCode locales { code isPrimary pathPrefix } } locales { code } }');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      data: {
        shop: {
          id: shop.store.id,
          name: 'Graph Shop',
          slug: shop.store.slug,
          currencyCode: 'USD',
          locales: [
            { code: 'en', isPrimary: true, pathPrefix: '' },
            { code: 'fr', isPrimary: false, pathPrefix: '/fr' },
          ],
        },
        locales: [{ code: 'en' }, { code: 'fr' }],
      },
    });
  });
});

describe('query products', () => {
  it('lists shopper-visible products as a connection', async () => {
    const res = await graphql(t.app, shop.publicKey, listQuery, { first: 10 });
    expect(slugs(res.body)).toEqual(['straw-hat', 'wool-beanie']);
    expect(res.body.data.products.pageInfo).toMatchObject({ hasNextPage: false, hasPreviousPage: false });
  });

  it('pages forwards with first/after and backwards with last/before', async () => {
    const first = await graphql(t.app, shop.publicKey, listQuery, { first: 1 });
    expect(slugs(first.body)).toEqual(['straw-hat']);
    expect(first.body.data.products.pageInfo.hasNextPage).toBe(true);
    const second = await graphql(t.app, shop.publicKey, listQuery, { first: 1, after: first.body.data.products.pageInfo.endCursor });
    expect(slugs(second.body)).toEqual(['wool-beanie']);
    expect(second.body.data.products.pageInfo).toMatchObject({ hasNextPage: false, hasPreviousPage: true });
    const back = await graphql(t.app, shop.publicKey, listQuery, { last: 1, before: second.body.data.products.pageInfo.startCursor });
    expect(slugs(back.body)).toEqual(['straw-hat']);
    const lastTwo = await graphql(t.app, shop.publicKey, listQuery, { last: 2 });
    expect(slugs(lastTwo.body)).toEqual(['straw-hat', 'wool-beanie']);
  });

  it('shares cursors with the REST list', async () => {
    const rest = await get(t.app, '/v1/store/products?per_page=1', shop.publicKey);
    const res = await graphql(t.app, shop.publicKey, listQuery, { first: 5, after: rest.body.next_cursor });
    expect(slugs(res.body)).toEqual(['wool-beanie']);
    const gql = await graphql(t.app, shop.publicKey, listQuery, { first: 1 });
    const back = await get(t.app, `/v1/store/products?starting_after=${encodeURIComponent(gql.body.data.products.pageInfo.endCursor)}`, shop.publicKey);
    expect(back.body.data.map((p: any) => p.slug)).toEqual(['wool-beanie']);
  });

  it('refuses a cursor from another sort with extensions.code starting_after_invalid', async () => {
    const first = await graphql(t.app, shop.publicKey, listQuery, { first: 1 });
    const res = await graphql(t.app, shop.publicKey, listQuery, { first: 1, sort: 'PRICE_LOW', after: first.body.data.products.pageInfo.endCursor });
    expect(res.body.data).toBeNull();
    expect(res.body.errors[0].extensions).toMatchObject({ code: 'starting_after_invalid', request_id: res.headers['x-request-id'] });
  });

  it('refuses first above 100 with validation_failed', async () => {
    const res = await graphql(t.app, shop.publicKey, listQuery, { first: 101 });
    expect(res.body.errors[0].extensions).toMatchObject({ code: 'validation_failed', errors: { first: ['must be between 1 and 100'] } });
  });

  it('localizes titles with locale', async () => {
    const res = await graphql(t.app, shop.publicKey, listQuery, { first: 5, locale: 'fr' });
    expect(res.body.data.products.edges.map((e: any) => e.node.title)).toEqual(['Straw Hat', 'Bonnet en laine']);
  });

  it('prices as paid, with variants a shopper can buy', async () => {
    const res = await graphql(
      t.app,
      shop.publicKey,
      `
        {
          products(first: 5) {
            edges {
              node {
                slug
                price {
                  amount
                  currencyCode
                }
                compareAtPrice {
                  amount
                }
                priceRange {
                  min {
                    amount
                  }
                  max {
                    amount
                  }
                }
                hasVariants
                inStock
                totalStock
                category {
                  name
                }
                options {
                  name
                  values
                }
                variants {
                  title
                  price {
                    amount
                  }
                  inStock
                  quantity
                }
              }
            }
          }
        }
      `,
    );
    expect(res.body.data.products.edges.map((e: any) => e.node)).toEqual([
      {
        slug: 'straw-hat',
        price: { amount: '30.00', currencyCode: 'USD' },
        compareAtPrice: null,
        priceRange: { min: { amount: '30.00' }, max: { amount: '35.00' } },
        hasVariants: true,
        inStock: true,
        totalStock: 2,
        category: { name: 'Hats' },
        options: [{ name: 'Size', values: ['S', 'L'] }],
        variants: [
          { title: 'S', price: { amount: '30.00' }, inStock: true, quantity: 2 },
          { title: 'L', price: { amount: '35.00' }, inStock: false, quantity: 0 },
        ],
      },
      {
        slug: 'wool-beanie',
        price: { amount: '15.00', currencyCode: 'USD' },
        compareAtPrice: { amount: '20.00' },
        priceRange: { min: { amount: '15.00' }, max: { amount: '15.00' } },
        hasVariants: false,
        inStock: true,
        totalStock: 5,
        category: { name: 'Hats' },
        options: [],
        variants: [],
      },
    ]);
  });
});

describe('query product', () => {
  it('finds a product by slug or id', async () => {
    const bySlug = await graphql(t.app, shop.publicKey, '{ product(slug: "wool-beanie") { id title } }');
    expect(bySlug.body.data.product.title).toBe('Wool Beanie');
    const byId = await graphql(t.app, shop.publicKey, `{ product(id: "${bySlug.body.data.product.id}", locale: "fr") { title } }`);
    expect(byId.body.data.product.title).toBe('Bonnet en laine');
  });

  it.each(['secret-cap', 'other-hat', 'nothing'])('answers null for %s', async (slug) => {
    const res = await graphql(t.app, shop.publicKey, `{ product(slug: "${slug}") { id } }`);
    expect(res.body).toEqual({ data: { product: null } });
  });
});

describe('authentication on /graphql', () => {
  it('answers 401 client_key_required without a key', async () => {
    const res = await graphql(t.app, undefined, '{ shop { id } }');
    expect(res.status).toBe(401);
    expect(res.body.errors[0]).toMatchObject({
      message: 'Send your API key in the X-Client-Key header.',
      extensions: { code: 'client_key_required', request_id: res.headers['x-request-id'] },
    });
  });

  it('answers 401 invalid_client_key for an unknown key', async () => {
    const res = await graphql(t.app, 'pk_live_nope', '{ shop { id } }');
    expect(res.status).toBe(401);
    expect(res.body.errors[0].extensions.code).toBe('invalid_client_key');
  });

  it('checks the Origin of public keys', async () => {
    const key = await makeKey(t.database, { store: shop.store.slug, kind: 'public', origins: ['https://shop.example'] });
    const res = await graphql(t.app, key, '{ shop { id } }', {}, { origin: 'https://evil.example' });
    expect(res.status).toBe(403);
    expect(res.body.errors[0].extensions.code).toBe('origin_not_allowed');
  });
});

describe('GraphiQL', () => {
  it('serves GraphiQL from Bazaar itself, with no CDN', async () => {
    const res = await call(t.app, { method: 'GET', url: '/graphql', headers: { accept: 'text/html' } });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.raw).toContain('renderYogaGraphiQL');
    expect(res.raw).not.toMatch(/<script[^>]+src="https?:|<link[^>]+href="https?:/);
    expect(res.raw).toContain('query Products');
  });

  it('opens with the demo store’s public key in its headers, and never a private key', async () => {
    const demo = await startTestApp({}, { database: t.database, demoPublicKey: shop.publicKey });
    try {
      const res = await call(demo.app, { method: 'GET', url: '/graphql', headers: { accept: 'text/html' } });
      expect(res.raw).toContain(shop.publicKey);
      expect(res.raw).not.toContain(shop.privateKey);
      expect(res.raw).not.toMatch(/sk_(live|test)_[A-Za-z0-9_-]{20}/);
    } finally {
      await demo.close();
    }
  });
});
