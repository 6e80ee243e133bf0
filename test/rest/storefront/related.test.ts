import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '../../../src/generated/prisma/client.js';
import { createCategory, createProduct } from '../../support/catalog.js';
import { expectFailure, expectValidation } from '../../support/failure.js';
import { get, graphql } from '../../support/http.js';
import { makeStore, type TestStore } from '../../support/stores.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';

// GET /store/products/{slug}/related, the detail's collections, and their GraphQL fields.

let t: TestApp;
let shop: TestStore;
let other: TestStore;
let boot: Product;
const slugs: Record<string, string> = {};

beforeAll(async () => {
  t = await startTestApp();
  shop = await makeStore(t.database);
  other = await makeStore(t.database);
  const shoes = await createCategory(t.database, shop.store, 'Shoes');
  const hats = await createCategory(t.database, shop.store, 'Hats');
  const kidsShoes = await createCategory(t.database, shop.store, 'Kids shoes', shoes);
  boot = await createProduct(t.database, shop.store, { title: 'Boot', category: shoes });
  const made = async (title: string, spec: Parameters<typeof createProduct>[2] = { title }) => {
    const product = await createProduct(t.database, shop.store, { ...spec, title });
    slugs[title] = product.slug;
    return product;
  };
  const both = await made('Both ways', { title: '', category: shoes, salesCount: 1 });
  await made('Shoe best seller', { title: '', category: shoes, salesCount: 50 });
  await made('Shoe', { title: '', category: shoes, salesCount: 2 });
  const hat = await made('Hat in a shared collection', { title: '', category: hats, salesCount: 9 });
  await made('Kids shoe', { title: '', category: kidsShoes, salesCount: 99 });
  await made('Hidden shoe', { title: '', category: shoes, published: false });
  const hiddenOnly = await made('Hat in hidden collection', { title: '', category: hats });
  const summer = await t.database.prisma.collection.create({ data: { storeId: shop.store.id, name: 'Summer', slug: 'summer', position: 2 } });
  const staff = await t.database.prisma.collection.create({ data: { storeId: shop.store.id, name: 'Staff picks', slug: 'staff-picks', position: 1 } });
  const hidden = await t.database.prisma.collection.create({ data: { storeId: shop.store.id, name: 'Hidden', slug: 'hidden', storefront: false } });
  const member = (collectionId: string, productId: string) => ({ storeId: shop.store.id, collectionId, productId });
  await t.database.prisma.collectionProduct.createMany({
    data: [
      member(summer.id, boot.id),
      member(staff.id, boot.id),
      member(hidden.id, boot.id),
      member(summer.id, both.id),
      member(staff.id, hat.id),
      member(hidden.id, hiddenOnly.id),
    ],
  });
  for (let i = 0; i < 15; i += 1) await createProduct(t.database, other.store, { title: `Elsewhere ${i}`, category: shoes });
});
afterAll(() => t.close());

describe('GET /store/products/{slug}/related', () => {
  it('lists related products both ways first, then best sellers; never itself, hidden products or subcategories', async () => {
    const res = await get(t.app, `/v1/store/products/${boot.slug}/related`, shop.publicKey);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'success', has_more: false, next_cursor: null });
    expect(res.body.data.map((c: { slug: string }) => c.slug)).toEqual([
      slugs['Both ways'],
      slugs['Shoe best seller'],
      slugs['Hat in a shared collection'],
      slugs['Shoe'],
    ]);
    expect(res.body.data[0]).toMatchObject({ discount_price: expect.any(Number), discounts: [] });
  });

  it('answers 404 for an unknown slug and for another store’s product', async () => {
    expect((await get(t.app, '/v1/store/products/no-such-thing/related', shop.publicKey)).status).toBe(404);
    expect((await get(t.app, `/v1/store/products/${boot.slug}/related`, other.publicKey)).status).toBe(404);
  });

  it.each([
    ['a path climb', '..%2F..%2Fetc%2Fpasswd'],
    ['SQL', "boot'%20OR%201=1--"],
    ['a wildcard', '%25'],
  ])('answers 404 not_found for %s as the slug', async (_, slug) => {
    expectFailure(await get(t.app, `/v1/store/products/${slug}/related`, shop.publicKey), 404, 'not_found', 'Product not found.');
  });

  it('answers a NUL byte in the slug or the locale with 422 naming it: NUL is never storable text', async () => {
    expectValidation(await get(t.app, '/v1/store/products/%00/related', shop.publicKey), 'slug');
    expectValidation(await get(t.app, `/v1/store/products/${boot.slug}/related?locale=%00`, shop.publicKey), 'locale');
  });

  it('answers a 5000-character slug with 404, and a broken escape with 400, before any lookup', async () => {
    expectFailure(await get(t.app, `/v1/store/products/${'s'.repeat(5000)}/related`, shop.publicKey), 404, 'not_found', 'No record has an id this long.');
    expectFailure(
      await get(t.app, '/v1/store/products/%E0%A4%A/related', shop.publicKey),
      400,
      'bad_request',
      'The request URL is not valid (check its percent-encoding).',
    );
  });

  it.each([
    ['a 2048-character locale', `locale=${'x'.repeat(2048)}`],
    ['a path climb', 'locale=../../etc'],
    ['two locales', 'locale=en&locale=fr'],
    ['a locale list', 'locale[]=en'],
  ])('falls back to the primary locale for %s, as every storefront read does', async (_, query) => {
    const res = await get(t.app, `/v1/store/products/${boot.slug}/related?${query}`, shop.publicKey);
    expect(res.status, res.raw).toBe(200);
    expect(res.headers['content-language']).toBe('en');
    expect(res.body.data).toHaveLength(4);
  });

  it('keeps to twelve cards', async () => {
    const many = await makeStore(t.database);
    const cat = await createCategory(t.database, many.store, 'Bulk');
    const first = await createProduct(t.database, many.store, { title: 'First', category: cat });
    for (let i = 0; i < 14; i += 1) await createProduct(t.database, many.store, { title: `Bulk ${i}`, category: cat });
    const res = await get(t.app, `/v1/store/products/${first.slug}/related`, many.publicKey);
    expect(res.body.data).toHaveLength(12);
  });
});

describe('the product’s collections', () => {
  it('lists the storefront manual collections it is in, in the merchant order, on REST and GraphQL', async () => {
    const detail = await get(t.app, `/v1/store/products/${boot.slug}`, shop.publicKey);
    expect(detail.body.data.collections).toEqual([
      { id: expect.any(String), name: 'Staff picks', slug: 'staff-picks' },
      { id: expect.any(String), name: 'Summer', slug: 'summer' },
    ]);
    const res = await graphql(
      t.app,
      shop.publicKey,
      `
        query ($slug: String!) {
          product(slug: $slug) {
            collections {
              name
              slug
            }
            related {
              slug
            }
          }
        }
      `,
      {
        slug: boot.slug,
      },
    );
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.product.collections.map((c: { slug: string }) => c.slug)).toEqual(['staff-picks', 'summer']);
    expect(res.body.data.product.related.map((p: { slug: string }) => p.slug)).toEqual([
      slugs['Both ways'],
      slugs['Shoe best seller'],
      slugs['Hat in a shared collection'],
      slugs['Shoe'],
    ]);
  });
});
