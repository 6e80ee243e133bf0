import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Category } from '../../../src/generated/prisma/client.js';
import { createCategory, createProduct } from '../../support/catalog.js';
import { expectValidation } from '../../support/failure.js';
import { get } from '../../support/http.js';
import { makeStore, type TestStore } from '../../support/stores.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';

let t: TestApp;
let shop: TestStore;
let other: TestStore;
let shoes: Category;
let sneakers: Category;
const day = (n: number) => new Date(Date.UTC(2026, 0, 1 + n));

beforeAll(async () => {
  t = await startTestApp();
  shop = await makeStore(t.database, { locales: ['en', 'fr', 'de'] });
  other = await makeStore(t.database);
  await t.database.prisma.storeLocale.updateMany({ where: { storeId: shop.store.id, code: 'de' }, data: { published: false } });
  shoes = await createCategory(t.database, shop.store, 'Shoes');
  sneakers = await createCategory(t.database, shop.store, 'Sneakers', shoes);
  await createProduct(t.database, shop.store, {
    title: 'Canvas Tote',
    slug: 'canvas-tote',
    price: '25.00',
    compareAtPrice: '30.00',
    salesCount: 5,
    createdAt: day(1),
    translations: { fr: { title: 'Sac en toile' } },
  });
  await createProduct(t.database, shop.store, {
    title: 'Leather Boot',
    slug: 'leather-boot',
    price: '120.00',
    category: shoes,
    salesCount: 50,
    createdAt: day(2),
  });
  await createProduct(t.database, shop.store, {
    title: 'Runner Sneaker',
    slug: 'runner-sneaker',
    category: sneakers,
    createdAt: day(3),
    salesCount: 20,
    videoUrl: 'https://video.test/runner.mp4',
    options: { Size: ['40', '41'] },
    variants: [
      { title: '40', optionValues: { Size: '40' }, price: '80.00', stock: 0 },
      { title: '41', optionValues: { Size: '41' }, price: '95.00', compareAtPrice: '99.00', stock: 4 },
    ],
  });
  await createProduct(t.database, shop.store, { title: 'Hidden Draft', slug: 'hidden-draft', status: 'draft', createdAt: day(4) });
  await createProduct(t.database, shop.store, { title: 'Unpublished Hat', slug: 'unpublished-hat', published: false, createdAt: day(5) });
  await createProduct(t.database, shop.store, { title: 'Deleted Scarf', slug: 'deleted-scarf', deleted: true, createdAt: day(6) });
  await createProduct(t.database, shop.store, { title: 'Sold Out Sock', slug: 'sold-out-sock', price: '5.00', stock: 0, createdAt: day(7) });
  await createProduct(t.database, other.store, { title: 'Other Store Lamp', slug: 'other-lamp', createdAt: day(8) });
});
afterAll(() => t.close());

const slugs = (body: { data: { slug: string }[] }) => body.data.map((p) => p.slug);

describe('GET /v1/store/products', () => {
  it('lists shopper-visible products of the key’s store, newest first, with page-mode pagination', async () => {
    const res = await get(t.app, '/v1/store/products', shop.publicKey);
    expect(res.status).toBe(200);
    expect(slugs(res.body)).toEqual(['sold-out-sock', 'runner-sneaker', 'leather-boot', 'canvas-tote']);
    expect(res.body).toMatchObject({
      status: 'success',
      has_more: false,
      next_cursor: null,
      meta: { pagination: { current_page: 1, last_page: 1, per_page: 20, total: 4 } },
    });
    expect(res.headers['content-language']).toBe('en');
  });

  it('presents the product card with final prices and stock', async () => {
    const res = await get(t.app, '/v1/store/products?keyword=runner', shop.publicKey);
    const card = res.body.data[0];
    expect(card).toMatchObject({
      shop_id: shop.store.id,
      title: 'Runner Sneaker',
      slug: 'runner-sneaker',
      currency: 'USD',
      price: 80,
      discount_price: 80,
      compare_at_price: null,
      is_price_from: true,
      price_range: { min: 80, max: 95 },
      has_variants: true,
      video_url: 'https://video.test/runner.mp4',
      inventory: { in_stock: true, tracking: true, quantity: 4 },
      variant_summary: { count: 2, min_price: 80, max_price: 95, total_stock: 4, tracks_inventory: true, in_stock: true },
      variants_count: 2,
      created_at: '2026-01-04 00:00:00',
      shop: { id: shop.store.id, slug: shop.store.slug },
    });
    expect(Object.keys(card.media.image_variants)).toEqual(['thumb', 'card', 'card2x', 'view', 'wa', 'original']);
    expect(card.media.image_variants.thumb).toEqual({ url: expect.stringContaining('size=thumb'), w: null, h: null });
  });

  it('shows a compare-at price only above the price, and sold-out stock', async () => {
    const res = await get(t.app, '/v1/store/products?sort=price_low', shop.publicKey);
    const bySlug = Object.fromEntries(res.body.data.map((p: { slug: string }) => [p.slug, p]));
    expect(bySlug['canvas-tote']).toMatchObject({ price: 25, compare_at_price: 30, is_price_from: false, price_range: null });
    expect(bySlug['sold-out-sock'].inventory).toEqual({ in_stock: false, tracking: true, quantity: 0 });
  });

  it.each([
    ['latest', ['sold-out-sock', 'runner-sneaker', 'leather-boot', 'canvas-tote']],
    ['popular', ['leather-boot', 'runner-sneaker', 'canvas-tote', 'sold-out-sock']],
    ['price_low', ['sold-out-sock', 'canvas-tote', 'runner-sneaker', 'leather-boot']],
    ['price_high', ['leather-boot', 'runner-sneaker', 'canvas-tote', 'sold-out-sock']],
  ])('sorts by %s', async (sort, expected) => {
    const res = await get(t.app, `/v1/store/products?sort=${sort}`, shop.publicKey);
    expect(slugs(res.body)).toEqual(expected);
  });

  it('filters by category slug or id, including subcategories', async () => {
    expect(slugs((await get(t.app, `/v1/store/products?category_slug=${shoes.slug}`, shop.publicKey)).body)).toEqual(['runner-sneaker', 'leather-boot']);
    expect(slugs((await get(t.app, `/v1/store/products?category_id=${sneakers.pId}`, shop.publicKey)).body)).toEqual(['runner-sneaker']);
    expect(slugs((await get(t.app, `/v1/store/products?category_id=${sneakers.id}`, shop.publicKey)).body)).toEqual(['runner-sneaker']);
  });

  it('answers 422 for a category that is not in the store', async () => {
    const res = await get(t.app, '/v1/store/products?category_slug=nope', shop.publicKey);
    expect(res.status).toBe(422);
    expect(res.body.error).toMatchObject({ code: 'validation_failed', field: 'category_slug' });
  });

  it('filters by keyword (case-insensitive, wildcards literal) and by has_video', async () => {
    expect(slugs((await get(t.app, '/v1/store/products?keyword=LEATHER', shop.publicKey)).body)).toEqual(['leather-boot']);
    expect(slugs((await get(t.app, '/v1/store/products?keyword=%25', shop.publicKey)).body)).toEqual([]);
    expect(slugs((await get(t.app, '/v1/store/products?has_video=true', shop.publicKey)).body)).toEqual(['runner-sneaker']);
    expect(slugs((await get(t.app, '/v1/store/products?has_video=0', shop.publicKey)).body)).toHaveLength(3);
  });

  it('filters by in_stock, the card’s own in_stock', async () => {
    expect(slugs((await get(t.app, '/v1/store/products?in_stock=true', shop.publicKey)).body)).toEqual(['runner-sneaker', 'leather-boot', 'canvas-tote']);
    expect(slugs((await get(t.app, '/v1/store/products?in_stock=0', shop.publicKey)).body)).toEqual(['sold-out-sock']);
    expect((await get(t.app, '/v1/store/products?in_stock=maybe', shop.publicKey)).body.error).toMatchObject({ code: 'validation_failed', field: 'in_stock' });
  });

  it('pages by number with current_page and last_page, and hands over a cursor', async () => {
    const first = await get(t.app, '/v1/store/products?per_page=3', shop.publicKey);
    expect(first.body).toMatchObject({ has_more: true, meta: { pagination: { current_page: 1, last_page: 2, per_page: 3, total: 4 } } });
    const second = await get(t.app, '/v1/store/products?per_page=3&page=2', shop.publicKey);
    expect(slugs(second.body)).toEqual(['canvas-tote']);
    expect(second.body).toMatchObject({ has_more: false, next_cursor: null, meta: { pagination: { current_page: 2, last_page: 2 } } });
    const walked = await get(t.app, `/v1/store/products?limit=3&starting_after=${encodeURIComponent(first.body.next_cursor)}`, shop.publicKey);
    expect(slugs(walked.body)).toEqual(['canvas-tote']);
    expect(walked.body.meta).toBeUndefined();
  });

  it('answers 304 to If-None-Match with the ETag of the same page', async () => {
    const first = await get(t.app, '/v1/store/products?per_page=2', shop.publicKey);
    expect(first.body.next_cursor).not.toBeNull();
    const again = await get(t.app, '/v1/store/products?per_page=2', shop.publicKey, { 'if-none-match': String(first.headers.etag) });
    expect(again.status).toBe(304);
    const otherPage = await get(t.app, '/v1/store/products?per_page=2&page=2', shop.publicKey, { 'if-none-match': String(first.headers.etag) });
    expect(otherPage.status).toBe(200);
  });

  it('ignores parameters that only GraphQL connections have', async () => {
    const plain = await get(t.app, '/v1/store/products', shop.publicKey);
    const res = await get(t.app, '/v1/store/products?from_end=true&before=x&keyset=1', shop.publicKey);
    expect(res.status).toBe(200);
    expect(slugs(res.body)).toEqual(slugs(plain.body));
  });

  it('walks every row exactly once by cursor', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `&starting_after=${encodeURIComponent(cursor)}` : '';
      const res = await get(t.app, `/v1/store/products?sort=popular&per_page=1${query}`, shop.publicKey);
      seen.push(...slugs(res.body));
      cursor = res.body.has_more ? res.body.next_cursor : null;
    } while (cursor);
    expect(seen).toEqual(['leather-boot', 'runner-sneaker', 'canvas-tote', 'sold-out-sock']);
  });

  describe('cursor rules', () => {
    const cursorFor = async (query: string) => (await get(t.app, `/v1/store/products?per_page=1&${query}`, shop.publicKey)).body.next_cursor as string;

    it('answers 422 starting_after_invalid for a tampered cursor', async () => {
      const cursor = await cursorFor('sort=latest');
      const tampered = `${cursor.slice(0, -2)}${cursor.endsWith('AA') ? 'BB' : 'AA'}`;
      const res = await get(t.app, `/v1/store/products?starting_after=${encodeURIComponent(tampered)}`, shop.publicKey);
      expect(res.status).toBe(422);
      expect(res.body.error_code).toBe('starting_after_invalid');
    });

    it('answers 422 when the filters or the sort changed', async () => {
      const cursor = await cursorFor('sort=latest');
      for (const changed of ['sort=popular', 'keyword=boot', 'has_video=true']) {
        const res = await get(t.app, `/v1/store/products?${changed}&starting_after=${encodeURIComponent(cursor)}`, shop.publicKey);
        expect(res.status).toBe(422);
        expect(res.body.error_code).toBe('starting_after_invalid');
      }
    });

    it('answers 422 for a cursor of another store or another list', async () => {
      await createProduct(t.database, other.store, { title: 'Other Two' });
      const foreign = (await get(t.app, '/v1/store/products?per_page=1', other.publicKey)).body.next_cursor;
      const res = await get(t.app, `/v1/store/products?starting_after=${encodeURIComponent(foreign)}`, shop.publicKey);
      expect(res.body.error_code).toBe('starting_after_invalid');
      const merchant = (await get(t.app, '/api/v1/merchant/products?limit=1', shop.privateKey)).body.next_cursor;
      const crossList = await get(t.app, `/v1/store/products?starting_after=${encodeURIComponent(merchant)}`, shop.publicKey);
      expect(crossList.body.error_code).toBe('starting_after_invalid');
    });

    it('answers 422 when starting_after comes with page', async () => {
      const cursor = await cursorFor('sort=latest');
      const res = await get(t.app, `/v1/store/products?page=1&starting_after=${encodeURIComponent(cursor)}`, shop.publicKey);
      expect(res.status).toBe(422);
      expect(res.body.error).toMatchObject({ code: 'validation_failed', field: 'starting_after' });
    });

    it('stops page mode at page 50 with page_too_deep', async () => {
      expect((await get(t.app, '/v1/store/products?page=50', shop.publicKey)).status).toBe(200);
      const res = await get(t.app, '/v1/store/products?page=51', shop.publicKey);
      expect(res.status).toBe(422);
      expect(res.body.error_code).toBe('page_too_deep');
    });

    it('caps per_page at 100', async () => {
      expect((await get(t.app, '/v1/store/products?per_page=100', shop.publicKey)).status).toBe(200);
      const res = await get(t.app, '/v1/store/products?per_page=101', shop.publicKey);
      expect(res.status).toBe(422);
      expect(res.body.errors).toEqual({ per_page: ['must be at most 100'] });
    });
  });

  describe('locale', () => {
    it('answers in a published locale and says so in Content-Language', async () => {
      const res = await get(t.app, '/v1/store/products?locale=fr&sort=price_low', shop.publicKey);
      expect(res.headers['content-language']).toBe('fr');
      expect(res.body.data.find((p: { slug: string }) => p.slug === 'canvas-tote').title).toBe('Sac en toile');
      expect(res.body.data.find((p: { slug: string }) => p.slug === 'leather-boot').title).toBe('Leather Boot');
    });

    it.each(['de', 'xx', ''])('falls back to the primary locale for %j', async (code) => {
      const res = await get(t.app, `/v1/store/products?locale=${code}`, shop.publicKey);
      expect(res.headers['content-language']).toBe('en');
    });
  });
});

describe('GET /v1/store/products/{slug}', () => {
  it('answers the detail payload: card fields plus gallery, options, variants and category', async () => {
    const res = await get(t.app, '/v1/store/products/runner-sneaker', shop.publicKey);
    expect(res.status).toBe(200);
    expect(res.headers['content-language']).toBe('en');
    const data = res.body.data;
    expect(data).toMatchObject({ slug: 'runner-sneaker', price: 80, has_variants: true, in_stock: true });
    expect(data.options).toEqual([{ name: 'Size', position: 0, values: ['40', '41'] }]);
    expect(
      data.variants.map((v: { title: string; price: number; compare_at_price: number | null; in_stock: boolean; quantity: number }) => [
        v.title,
        v.price,
        v.compare_at_price,
        v.in_stock,
        v.quantity,
      ]),
    ).toEqual([
      ['40', 80, null, false, 0],
      ['41', 95, 99, true, 4],
    ]);
    expect(data.category).toEqual({ id: sneakers.id, p_id: sneakers.pId, name: 'Sneakers', slug: sneakers.slug, parent_id: shoes.id });
    expect(data.images[0]).toMatchObject({ is_primary: true, width: 1600, height: 1200 });
    expect(Object.keys(data.images[0].image_variants)).toHaveLength(6);
  });

  it('localizes the detail', async () => {
    const res = await get(t.app, '/v1/store/products/canvas-tote?locale=fr', shop.publicKey);
    expect(res.body.data.title).toBe('Sac en toile');
    expect(res.headers['content-language']).toBe('fr');
  });

  it.each(['hidden-draft', 'unpublished-hat', 'deleted-scarf', 'other-lamp', 'no-such-thing'])('answers 404 not_found for %s', async (slug) => {
    const res = await get(t.app, `/v1/store/products/${slug}`, shop.publicKey);
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ status: 'failed', error_code: 'not_found', message: 'Product not found.', data: null });
  });

  it('refuses a slug or locale PostgreSQL cannot hold (a NUL) as invalid', async () => {
    expectValidation(await get(t.app, '/v1/store/products/a%00b', shop.publicKey), 'slug');
    expectValidation(await get(t.app, '/v1/store/products/canvas-tote?locale=%00', shop.publicKey), 'locale');
  });
});
