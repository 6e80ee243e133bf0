import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '../../../src/generated/prisma/client.js';
import { createProduct, type ProductSpec } from '../../support/catalog.js';
import { createDiscount } from '../../support/discounts.js';
import { expectFailure, expectValidation } from '../../support/failure.js';
import { get } from '../../support/http.js';
import { defineMetafield } from '../../support/custom-data.js';
import { makeKey, makeStore, type TestStore } from '../../support/stores.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';

// Merchant spec, Products and images: GET /storefront/search — keyword 2-100 characters,
// case-sensitive, % and _ as wildcards; in_stock; a metafield filter map of at most 5 entries;
// the storefront sorts; limit 1-100 and starting_after; shopper-visible products at storefront prices.

let t: TestApp;
let shop: TestStore;
let other: TestStore;
const salesOf = new Map<string, number>();

const day = (n: number) => new Date(Date.UTC(2026, 0, n));

async function product(store: TestStore, spec: ProductSpec, metafields?: Record<string, unknown>): Promise<Product> {
  const created = await createProduct(t.database, store.store, spec);
  if (store === shop) salesOf.set(spec.title, spec.salesCount ?? 0);
  if (!metafields) return created;
  return t.database.prisma.product.update({ where: { id: created.id }, data: { metafields: metafields as object } });
}

beforeAll(async () => {
  t = await startTestApp({ RATE_LIMIT_MERCHANT: '0' });
  shop = await makeStore(t.database);
  other = await makeStore(t.database);
  await defineMetafield(t.database, shop, 'custom.material', 'text');
  await defineMetafield(t.database, shop, 'custom.size', 'number');
  await defineMetafield(t.database, shop, 'custom.eco', 'boolean');
  for (let i = 0; i < 5; i += 1) await defineMetafield(t.database, shop, `custom.k${i}`, 'text');
  await product(
    shop,
    { title: 'Red Lamp', price: '30.00', salesCount: 5, createdAt: day(1) },
    { 'custom.material': 'wool', 'custom.size': 12, 'custom.eco': true },
  );
  await product(shop, { title: 'red lamp', price: '10.00', salesCount: 1, createdAt: day(2) }, { 'custom.material': 'cotton' });
  await product(shop, { title: 'Rod Lamp', price: '20.00', salesCount: 9, stock: 0, createdAt: day(3) }, { 'custom.material': 'wool' });
  await product(shop, { title: 'R%d sign', price: '40.00', salesCount: 3, createdAt: day(4) });
  await product(shop, { title: 'Reed Lamp', price: '20.00', salesCount: 9, createdAt: day(5) });
  await product(shop, { title: 'a\\b lamp', price: '15.00', salesCount: 0, createdAt: day(6) });
  await product(shop, { title: 'Red Hidden', published: false, createdAt: day(7) }, { 'custom.material': 'wool' });
  await product(shop, { title: 'Red Draft', status: 'draft', createdAt: day(8) }, { 'custom.material': 'wool' });
  await product(shop, { title: 'Red Deleted', deleted: true, createdAt: day(9) }, { 'custom.material': 'wool' });
  await product(other, { title: 'Red Lamp', createdAt: day(10) }, { 'custom.material': 'wool' });
});
afterAll(() => t.close());

const search = (query: string, key = shop.privateKey) => get(t.app, `/api/v1/merchant/storefront/search?${query}`, key);

async function titles(query: string): Promise<string[]> {
  const res = await search(query);
  expect(res.status, res.raw).toBe(200);
  return res.body.data.map((card: { title: string }) => card.title);
}

const visible = ['Red Lamp', 'red lamp', 'Rod Lamp', 'R%d sign', 'Reed Lamp', 'a\\b lamp'];

describe('GET /storefront/search keyword', () => {
  it('is case-sensitive and matches anywhere in the title', async () => {
    expect(await titles('keyword=Red')).toEqual(['Red Lamp']);
    expect(await titles('keyword=red')).toEqual(['red lamp']);
    expect((await titles('keyword=amp')).sort()).toEqual(['Red Lamp', 'Reed Lamp', 'Rod Lamp', 'a\\b lamp', 'red lamp'].sort());
  });

  it('takes _ as any one character and % as any run of characters', async () => {
    expect((await titles('keyword=R_d')).sort()).toEqual(['R%d sign', 'Red Lamp', 'Rod Lamp'].sort());
    expect((await titles(`keyword=${encodeURIComponent('R%Lamp')}`)).sort()).toEqual(['Red Lamp', 'Reed Lamp', 'Rod Lamp'].sort());
    expect((await titles(`keyword=${encodeURIComponent('%%')}`)).sort()).toEqual([...visible].sort());
  });

  it('takes everything else literally, the backslash included', async () => {
    expect(await titles(`keyword=${encodeURIComponent('a\\b')}`)).toEqual(['a\\b lamp']);
    expect(await titles(`keyword=${encodeURIComponent('\\b')}`)).toEqual(['a\\b lamp']);
    expect(await titles(`keyword=${encodeURIComponent('a\\')}`)).toEqual(['a\\b lamp']);
    expect(await titles(`keyword=${encodeURIComponent('(.*)')}`)).toEqual([]);
  });

  it('answers 422 naming keyword below 2 or above 100 characters, and accepts both bounds', async () => {
    expectValidation(await search('keyword=R'), 'keyword');
    expectValidation(await search(`keyword=${'k'.repeat(101)}`), 'keyword');
    expect((await search('keyword=Re')).status).toBe(200);
    expect((await search(`keyword=${'k'.repeat(100)}`)).status).toBe(200);
  });

  it('never shows an unpublished, draft or deleted product, nor another store’s', async () => {
    expect(await titles('keyword=Red')).toEqual(['Red Lamp']);
    expect((await titles('limit=100')).sort()).toEqual([...visible].sort());
    const res = await search('keyword=Red', other.privateKey);
    expect(res.body.data.map((c: { shop_id: string }) => c.shop_id)).toEqual([other.store.id]);
  });
});

describe('GET /storefront/search filters', () => {
  it('in_stock keeps products a shopper can buy now, or only those they cannot', async () => {
    expect(await titles('in_stock=false')).toEqual(['Rod Lamp']);
    expect((await titles('in_stock=true&limit=100')).sort()).toEqual(visible.filter((v) => v !== 'Rod Lamp').sort());
  });

  it('metafields[namespace.key]=value matches the stored value read as its definition types it: text, number or boolean', async () => {
    expect((await titles('metafields[custom.material]=wool')).sort()).toEqual(['Red Lamp', 'Rod Lamp']);
    expect(await titles('metafields[custom.size]=12')).toEqual(['Red Lamp']);
    expect(await titles('metafields[custom.eco]=true')).toEqual(['Red Lamp']);
    expect(await titles('metafields[custom.material]=wool&metafields[custom.size]=12&in_stock=true&keyword=Lamp')).toEqual(['Red Lamp']);
    expect(await titles('metafields[custom.material]=wool&metafields[custom.size]=13')).toEqual([]);
    expect(await titles('metafields[custom.material]=Wool')).toEqual([]);
  });

  it('answers 422 naming metafields past 5 filters', async () => {
    const six = Array.from({ length: 6 }, (_, i) => `metafields[custom.k${i}]=v`).join('&');
    expectValidation(await search(six), 'metafields');
    const five = Array.from({ length: 5 }, (_, i) => `metafields[custom.k${i}]=v`).join('&');
    expect((await search(five)).status).toBe(200);
  });

  it('answers 422 naming the filter for a key that is not namespace.key, a repeated filter or a bare metafields', async () => {
    expectValidation(await search('metafields[nodot]=x'), 'metafields[nodot]');
    expectValidation(await search('metafields[a.b]=x&metafields[a.b]=y'), 'metafields[a.b]');
    expectValidation(await search('metafields=x'), 'metafields');
  });
});

describe('GET /storefront/search sorts and pages', () => {
  type Card = { title: string; price: string; created_at: string };
  const nonDecreasing = (values: (number | string)[]) => values.every((v, i) => i === 0 || values[i - 1]! <= v);

  async function walk(sort: string, size: number): Promise<Card[]> {
    const cards: Card[] = [];
    let cursor: string | null = null;
    do {
      const res = await search(`sort=${sort}&limit=${size}${cursor ? `&starting_after=${encodeURIComponent(cursor)}` : ''}`);
      expect(res.status, res.raw).toBe(200);
      cards.push(...res.body.data);
      cursor = res.body.next_cursor;
      expect(res.body.has_more).toBe(cursor !== null);
    } while (cursor);
    return cards;
  }

  it.each([
    ['latest', (cards: Card[]) => nonDecreasing(cards.map((c) => c.created_at).reverse())],
    ['popular', (cards: Card[]) => nonDecreasing(cards.map((c) => salesOf.get(c.title)!).reverse())],
    ['price_low', (cards: Card[]) => nonDecreasing(cards.map((c) => Number(c.price)))],
    ['price_high', (cards: Card[]) => nonDecreasing(cards.map((c) => Number(c.price)).reverse())],
  ])('%s is monotonic, and walking by 2 gives the one-page order with no row skipped or repeated', async (sort, monotonic) => {
    const whole = (await search(`sort=${sort}&limit=100`)).body.data as Card[];
    expect(whole.map((c) => c.title).sort()).toEqual([...visible].sort());
    expect(monotonic(whole)).toBe(true);
    expect((await walk(sort, 2)).map((c) => c.title)).toEqual(whole.map((c) => c.title));
  });

  it('binds the cursor to its filters and sort', async () => {
    const first = await search('keyword=Lamp&limit=1');
    expect(first.body.next_cursor).toEqual(expect.any(String));
    const cursor = encodeURIComponent(first.body.next_cursor);
    expectFailure(await search(`keyword=Lam&limit=1&starting_after=${cursor}`), 422, 'starting_after_invalid');
    expectFailure(await search(`keyword=Lamp&sort=popular&limit=1&starting_after=${cursor}`), 422, 'starting_after_invalid');
    expectFailure(await search(`keyword=Lamp&in_stock=true&limit=1&starting_after=${cursor}`), 422, 'starting_after_invalid');
    expect((await search(`keyword=Lamp&limit=1&starting_after=${cursor}`)).status).toBe(200);
  });

  it('answers 422 naming limit outside 1-100', async () => {
    expectValidation(await search('limit=0'), 'limit');
    expectValidation(await search('limit=101'), 'limit');
  });
});

describe('GET /storefront/search answer', () => {
  it('is the storefront product card GET /v1/store/products answers, with its money as merchant money', async () => {
    const res = await search('keyword=Red');
    // The storefront's keyword is case-insensitive: its dearest match is the same Red Lamp.
    const storefront = await get(t.app, '/v1/store/products?keyword=Red%20Lamp&sort=price_high&per_page=1', shop.publicKey);
    const [card] = storefront.body.data;
    const asString = (n: number) => n.toFixed(2);
    const merchantCard = {
      ...card,
      price: asString(card.price),
      discount_price: asString(card.discount_price),
      variant_summary: { ...card.variant_summary, min_price: asString(card.variant_summary.min_price), max_price: asString(card.variant_summary.max_price) },
    };
    expect(res.body).toEqual({ status: 'success', message: 'Products', data: [merchantCard], has_more: false, next_cursor: null });
    expect(res.body.data[0]).toMatchObject({ title: 'Red Lamp', price: '30.00', currency: 'USD' });
    expect(res.headers['content-language']).toBe('en');
  });

  it('gives every amount as a 2-decimal string: prices, the range, the summary and the discounts', async () => {
    // Merchant spec: "Money is given as decimal strings in the currency's major unit with 2 decimals".
    const sale = await makeStore(t.database);
    const lamp = await createProduct(t.database, sale.store, {
      title: 'Sale Lamp',
      price: '18',
      compareAtPrice: '25',
      options: { Size: ['S', 'L'] },
      variants: [
        { title: 'S', optionValues: { Size: 'S' }, price: '18', compareAtPrice: '25' },
        { title: 'L', optionValues: { Size: 'L' }, price: '24.5' },
      ],
    });
    await createDiscount(t.database, sale.store, { title: 'Tenth off', value: '10', productIds: [lamp.id] });
    const res = await get(t.app, '/api/v1/merchant/storefront/search?keyword=Sale', sale.privateKey);
    expect(res.status, res.raw).toBe(200);
    const [card] = res.body.data;
    expect(card).toMatchObject({
      price: '18.00',
      discount_price: '16.20',
      compare_at_price: '25.00',
      price_range: { min: '18.00', max: '24.50' },
      discount: { title: 'Tenth off', type: 'percentage', value: '10.00', amount: '1.80', final_price: '16.20' },
      discounts: [{ title: 'Tenth off', value: '10.00', amount: '1.80', final_price: '16.20' }],
      variant_summary: { min_price: '18.00', max_price: '24.50' },
    });
  });

  it('needs merchant-items-read', async () => {
    const key = await makeKey(t.database, { store: shop.store.slug, kind: 'private', scopes: ['merchant-items-detail'] });
    expectFailure(await search('keyword=Red', key), 403, 'insufficient_scope');
  });
});
