import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '../../../src/generated/prisma/client.js';
import { createProduct } from '../../support/catalog.js';
import { createDiscount } from '../../support/discounts.js';
import { expectFailure, expectValidation } from '../../support/failure.js';
import { get } from '../../support/http.js';
import { makeStore, type TestStore } from '../../support/stores.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';
import { MERCHANT, send } from '../../support/writes.js';

// GET /v1/store/collections (the tree) and GET /v1/store/collections/{collection}/products.

let t: TestApp;
let shop: TestStore;
let other: TestStore;
let tied: Product[];
const run = randomUUID().slice(0, 8);
const slug = (name: string) => `${name}-${run}`;
const sameInstant = new Date('2026-01-01T00:00:00.000Z');

beforeAll(async () => {
  t = await startTestApp({ RATE_LIMIT_MERCHANT: '0', RATE_LIMIT_STOREFRONT: '0' });
  shop = await makeStore(t.database, { locales: ['en', 'fr'] });
  other = await makeStore(t.database);
  tied = [];
  // Equal price, popularity and creation time: only the tie-breaker orders them.
  for (let i = 0; i < 7; i += 1) {
    tied.push(
      await createProduct(t.database, shop.store, {
        title: `Chair ${i} ${run}`,
        price: '20.00',
        createdAt: sameInstant,
        stock: i % 3 === 0 ? 0 : 5,
        options: { Colour: [i % 2 ? 'Red' : 'Blue'], Size: [i < 4 ? 'S' : 'M'] },
      }),
    );
  }
  const hidden = await createProduct(t.database, shop.store, { title: `Hidden ${run}`, published: false });
  const res = await send(t.app, shop.privateKey, 'POST', '/collections/bulk', {
    collections: [
      { name: 'Chairs', slug: slug('chairs'), position: 1, product_ids: [...tied.map((p) => p.id), hidden.id] },
      {
        name: 'All chairs',
        slug: slug('smart'),
        position: 0,
        mode: 'smart',
        rules: {
          match: 'all',
          rules: [
            { kind: 'title_contains', text: `chair` },
            { kind: 'title_contains', text: run },
          ],
        },
      },
      { name: 'Kids', slug: slug('kids'), parent_slug: slug('chairs'), product_ids: [tied[0]!.id] },
      { name: 'Empty', slug: slug('empty') },
      { name: 'Backstage', slug: slug('backstage'), storefront: false, product_ids: [tied[1]!.id] },
    ],
  });
  expect(res.status, res.raw).toBe(200);
  await t.database.prisma.translation.create({
    data: { storeId: shop.store.id, resourceType: 'collection', resourceId: res.body.data.collections[0].id, locale: 'fr', fields: { name: 'Chaises' } },
  });
  await send(t.app, other.privateKey, 'POST', '/collections/bulk', { collections: [{ name: 'Theirs', slug: slug('theirs') }] });
});
afterAll(() => t.close());

const list = (query = '') => get(t.app, `/v1/store/collections${query}`, shop.publicKey);
const productsOf = (collection: string, query = '') => get(t.app, `/v1/store/collections/${collection}/products${query}`, shop.publicKey);
const idsOf = (res: { body: { data: { id: string }[] } }) => res.body.data.map((p) => p.id);

async function walk(collection: string, query: string, size: number, between?: (page: number) => Promise<void>) {
  const seen: string[] = [];
  let cursor: string | null = null;
  let page = 0;
  do {
    const res = await productsOf(collection, `?${query}&per_page=${size}${cursor ? `&starting_after=${cursor}` : ''}`);
    expect(res.status, res.raw).toBe(200);
    seen.push(...idsOf(res));
    cursor = res.body.next_cursor;
    expect(res.body.has_more).toBe(cursor !== null);
    page += 1;
    if (between) await between(page);
  } while (cursor);
  return seen;
}

describe('GET /store/collections', () => {
  it('answers the tree: top level with children nested, counts of shopper-visible products, empty ones left out', async () => {
    const res = await list();
    expect(res.status, res.raw).toBe(200);
    const rows = await t.database.prisma.collection.findMany({ where: { storeId: shop.store.id } });
    const row = (s: string) => rows.find((r) => r.slug === slug(s))!;
    const node = (s: string, name: string, mode: string, count: number, children: unknown[] = [], parent: string | null = null) => ({
      id: row(s).id,
      name,
      slug: slug(s),
      description: null,
      image: null,
      image_variants: null,
      featured: false,
      parent_id: parent,
      mode,
      products_count: count,
      children,
    });
    expect(res.body).toEqual({
      status: 'success',
      message: 'Collections',
      data: [node('smart', 'All chairs', 'smart', 7), node('chairs', 'Chairs', 'manual', 7, [node('kids', 'Kids', 'manual', 1, [], row('chairs').id)])],
      has_more: false,
      next_cursor: null,
      meta: [],
    });
  });

  it('filters by mode, storefront and include_empty, and answers in the locale', async () => {
    expect((await list('?mode=smart')).body.data.map((c: { slug: string }) => c.slug)).toEqual([slug('smart')]);
    expect((await list('?mode=manual')).body.data.map((c: { slug: string }) => c.slug)).toEqual([slug('chairs')]);
    expect((await list('?storefront=false')).body.data.map((c: { slug: string }) => c.slug)).toEqual([slug('backstage')]);
    expect((await list('?include_empty=true')).body.data.map((c: { slug: string }) => c.slug)).toEqual([slug('smart'), slug('empty'), slug('chairs')]);
    const fr = await list('?locale=fr');
    expect(fr.headers['content-language']).toBe('fr');
    expect(fr.body.data[1].name).toBe('Chaises');
  });

  it.each([
    ['mode=odd', 'mode'],
    ['include_empty=maybe', 'include_empty'],
    ['storefront=2', 'storefront'],
  ])('refuses %s', async (query, field) => {
    expectValidation(await list(`?${query}`), field);
  });

  it("never shows another store's collections", async () => {
    const theirs = await get(t.app, '/v1/store/collections?include_empty=true', other.publicKey);
    expect(theirs.body.data.map((c: { slug: string }) => c.slug)).toEqual([slug('theirs')]);
  });
});

describe('GET /store/collections/{collection}/products', () => {
  it("answers cards in the merchant's order by id, integer id or slug, leaving hidden products out", async () => {
    const row = await t.database.prisma.collection.findFirstOrThrow({ where: { storeId: shop.store.id, slug: slug('chairs') } });
    for (const ref of [row.id, String(row.pId), row.slug]) {
      const res = await productsOf(ref, '?per_page=50');
      expect(res.status, res.raw).toBe(200);
      expect(idsOf(res)).toEqual(tied.map((p) => p.id));
      expect(res.body).toMatchObject({ status: 'success', message: 'Collection products', has_more: false, next_cursor: null });
      expect(res.body.data[0]).toMatchObject({ id: tied[0]!.id, title: tied[0]!.title, price: 20, shop_id: shop.store.id });
    }
  });

  it('walks every sort by cursor, one product at a time, meeting each product exactly once despite ties', async () => {
    for (const collection of [slug('chairs'), slug('smart')]) {
      for (const sort of ['merchant', 'newest', 'price_low', 'price_high', 'popular', 'in_stock']) {
        const seen = await walk(collection, `sort=${sort}`, 2);
        expect(seen.length, `${collection} ${sort}`).toBe(7);
        expect(new Set(seen)).toEqual(new Set(tied.map((p) => p.id)));
      }
    }
  });

  it('in_stock sorts in-stock products first, each part in the default order; the in_stock filter keeps one side', async () => {
    const inStock = tied.filter((_, i) => i % 3 !== 0).map((p) => p.id);
    const out = tied.filter((_, i) => i % 3 === 0).map((p) => p.id);
    expect(idsOf(await productsOf(slug('chairs'), '?sort=in_stock'))).toEqual([...inStock, ...out]);
    expect(idsOf(await productsOf(slug('chairs'), '?in_stock=true'))).toEqual(inStock);
    expect(idsOf(await productsOf(slug('chairs'), '?in_stock=false'))).toEqual(out);
  });

  it.each(['merchant', 'newest', 'price_low', 'price_high', 'popular', 'in_stock'])(
    'meets each product exactly once, sort %s, while products are added to a smart collection during the walk',
    async (sort) => {
      const all = await productsOf(slug('smart'), `?sort=${sort}&per_page=50`);
      expect(all.body.has_more).toBe(false);
      const before = idsOf(all);
      const added: string[] = [];
      // One product that sorts ahead of the cursor and one behind it, whatever the sort.
      const addBoth = async (page: number) => {
        const first = { price: '1.00', createdAt: new Date('2020-01-01T00:00:00Z'), salesCount: 0, stock: 0 };
        const last = { price: '99.00', createdAt: new Date(), salesCount: 1000, stock: 5 };
        for (const [name, spec] of [
          ['early', first],
          ['late', last],
        ] as const)
          added.push((await createProduct(t.database, shop.store, { title: `Chair ${sort} ${name} ${page} ${run}`, ...spec })).id);
      };
      const seen = await walk(slug('smart'), `sort=${sort}`, 3, async (page) => {
        if (page <= 2) await addBoth(page);
      });
      expect(new Set(seen).size, sort).toBe(seen.length);
      expect(seen, sort).toEqual(expect.arrayContaining(before));
      expect(
        seen.filter((id) => !before.includes(id)).every((id) => added.includes(id)),
        sort,
      ).toBe(true);
      // Of the two added after the first page, the one that sorts behind the cursor is met (the
      // other too when it ties with the cursor's row and its tie-breaker falls behind).
      expect(added.slice(0, 2).filter((id) => seen.includes(id)).length, sort).toBeGreaterThanOrEqual(1);
    },
  );

  it('filters by keyword and by attributes: one attribute ORs its values, attributes AND', async () => {
    expect(idsOf(await productsOf(slug('chairs'), `?keyword=chair 3`))).toEqual([tied[3]!.id]);
    const red = tied.filter((_, i) => i % 2).map((p) => p.id);
    expect(idsOf(await productsOf(slug('chairs'), '?attributes[]=colour:red'))).toEqual(red);
    expect(idsOf(await productsOf(slug('chairs'), '?attributes=Colour:Red,Colour:Blue'))).toEqual(tied.map((p) => p.id));
    expect(idsOf(await productsOf(slug('chairs'), '?attributes[]=colour:red&attributes[]=size:m'))).toEqual([tied[5]!.id]);
    expect(idsOf(await productsOf(slug('chairs'), '?attributes[]=colour:green'))).toEqual([]);
  });

  it('binds its cursor to the filters and sort', async () => {
    const first = await productsOf(slug('chairs'), '?per_page=2');
    expectFailure(await productsOf(slug('chairs'), `?per_page=2&sort=newest&starting_after=${first.body.next_cursor}`), 422, 'starting_after_invalid');
    expectFailure(await productsOf(slug('smart'), `?per_page=2&starting_after=${first.body.next_cursor}`), 422, 'starting_after_invalid');
  });

  it.each([
    ['per_page=51', 'per_page'],
    ['per_page=0', 'per_page'],
    ['limit=x', 'limit'],
    ['sort=cheap', 'sort'],
    ['in_stock=perhaps', 'in_stock'],
    [`keyword=${'k'.repeat(101)}`, 'keyword'],
    ['attributes[]=colour', 'attributes.0'],
  ])('refuses %s', async (query, field) => {
    expectValidation(await productsOf(slug('chairs'), `?${query}`), field);
  });

  it("answers 404 for another store's collection and for an unknown one", async () => {
    const theirs = await t.database.prisma.collection.findFirstOrThrow({ where: { storeId: other.store.id } });
    expectFailure(await productsOf(theirs.id), 404, 'not_found', 'Collection not found.');
    expectFailure(await productsOf(slug('theirs')), 404, 'not_found', 'Collection not found.');
    expectFailure(await productsOf('nope'), 404, 'not_found', 'Collection not found.');
  });
});

describe('a discount_applies smart collection', () => {
  // Its members are exactly the products whose cards show a discount: the rule reads the offers
  // shopper prices are made of, not every live discount.
  let deals: TestStore;
  let products: Product[];
  const dealsOf = () => get(t.app, `/v1/store/collections/${slug('deals')}/products?per_page=50`, deals.publicKey);
  const merchantCount = async () => {
    const res = await get(t.app, `${MERCHANT}/collections`, deals.privateKey);
    expect(res.status, res.raw).toBe(200);
    return res.body.data.find((c: { slug: string }) => c.slug === slug('deals')).products_count;
  };

  beforeAll(async () => {
    deals = await makeStore(t.database);
    products = [];
    for (const title of ['Kettle', 'Teapot', 'Mug', 'Cup']) products.push(await createProduct(t.database, deals.store, { title, price: '30.00' }));
    const res = await send(t.app, deals.privateKey, 'POST', '/collections/bulk', {
      collections: [{ name: 'Deals', slug: slug('deals'), mode: 'smart', rules: { match: 'all', rules: [{ kind: 'discount_applies' }] } }],
    });
    expect(res.status, res.raw).toBe(200);
  });

  it('leaves out products that only a coupon or an order-level condition discounts', async () => {
    await createDiscount(t.database, deals.store, { title: 'Code only, everything', value: '20', autoApply: false });
    await createDiscount(t.database, deals.store, { title: 'Spend 100, save 10%', value: '10', minimumOrderAmount: '100.00' });
    await createDiscount(t.database, deals.store, { title: 'Code only kettle', value: '20', productIds: [products[0]!.id], autoApply: false });
    await createDiscount(t.database, deals.store, { title: 'Big basket teapot', value: '20', productIds: [products[1]!.id], minimumOrderAmount: '50.00' });
    await createDiscount(t.database, deals.store, { title: 'Buy three mugs', value: '20', productIds: [products[2]!.id], minimumQuantity: 3 });
    await createDiscount(t.database, deals.store, { title: 'Used up cup', value: '20', productIds: [products[3]!.id], maxUsageTotal: 1, usageCount: 1 });
    const res = await dealsOf();
    expect(res.status, res.raw).toBe(200);
    expect(res.body).toMatchObject({ data: [], has_more: false, next_cursor: null });
    expect(await merchantCount()).toBe(0);
    const tree = await get(t.app, '/v1/store/collections', deals.publicKey);
    expect(tree.body.data).toEqual([]);
  });

  it('holds the products a live automatic discount targets, and every card shows that discount', async () => {
    await createDiscount(t.database, deals.store, { title: 'Teapot and mug week', value: '10', productIds: [products[1]!.id, products[2]!.id] });
    const res = await dealsOf();
    expect(res.status, res.raw).toBe(200);
    expect(idsOf(res).sort()).toEqual([products[1]!.id, products[2]!.id].sort());
    for (const card of res.body.data) {
      expect(card).toMatchObject({ price: 30, discount_price: 27, discount: { title: 'Teapot and mug week', amount: 3, final_price: 27 } });
      expect(card.discounts.map((d: { title: string }) => d.title)).toEqual(['Teapot and mug week']);
    }
    expect(await merchantCount()).toBe(2);
    const tree = await get(t.app, '/v1/store/collections', deals.publicKey);
    expect(tree.body.data.map((c: { slug: string; products_count: number }) => [c.slug, c.products_count])).toEqual([[slug('deals'), 2]]);
  });
});
