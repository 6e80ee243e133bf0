import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get } from '../../support/http.js';
import { createPriceSpreadCatalogue, expectedPriceOrder, expectMonotonic, type SpreadProduct } from '../../support/price-spread.js';
import { makeStore, type TestStore } from '../../support/stores.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';

// Issue 5: price sorts order by the price the card shows, not by a product's dearest variant.

let t: TestApp;
let shop: TestStore;
let catalogue: SpreadProduct[];

beforeAll(async () => {
  t = await startTestApp();
  shop = await makeStore(t.database);
  catalogue = await createPriceSpreadCatalogue(t.database, shop.store);
});
afterAll(() => t.close());

interface Card {
  slug: string;
  price: number;
}

const sorts = [
  ['price_low', 'asc'],
  ['price_high', 'desc'],
] as const;

async function walkByPage(sort: string): Promise<Card[]> {
  const cards: Card[] = [];
  let page = 1;
  let lastPage = 1;
  do {
    const res = await get(t.app, `/v1/store/products?sort=${sort}&per_page=4&page=${page}`, shop.publicKey);
    expect(res.status).toBe(200);
    cards.push(...res.body.data);
    lastPage = res.body.meta.pagination.last_page;
    page += 1;
  } while (page <= lastPage);
  return cards;
}

async function walkByCursor(sort: string): Promise<Card[]> {
  const cards: Card[] = [];
  let cursor: string | null = null;
  do {
    const after: string = cursor ? `&starting_after=${encodeURIComponent(cursor)}` : '';
    const res = await get(t.app, `/v1/store/products?sort=${sort}&per_page=4${after}`, shop.publicKey);
    expect(res.status).toBe(200);
    cards.push(...res.body.data);
    cursor = res.body.next_cursor;
  } while (cursor);
  return cards;
}

describe.each(sorts)('GET /v1/store/products?sort=%s', (sort, direction) => {
  it('walked by page number, shows monotonic prices, every product once, ties by product id', async () => {
    const cards = await walkByPage(sort);
    expectMonotonic(
      cards.map((c) => c.price),
      direction,
    );
    expect(cards.map((c) => c.slug)).toEqual(expectedPriceOrder(catalogue, direction));
  });

  it('walked by cursor, gives the same order as page numbers', async () => {
    const cards = await walkByCursor(sort);
    expectMonotonic(
      cards.map((c) => c.price),
      direction,
    );
    expect(cards.map((c) => c.slug)).toEqual(expectedPriceOrder(catalogue, direction));
  });

  it('continues a page-number walk by its next_cursor without skipping or repeating a product', async () => {
    const second = await get(t.app, `/v1/store/products?sort=${sort}&per_page=5&page=2`, shop.publicKey);
    const rest = await get(t.app, `/v1/store/products?sort=${sort}&per_page=100&starting_after=${encodeURIComponent(second.body.next_cursor)}`, shop.publicKey);
    expect([...second.body.data, ...rest.body.data].map((c: Card) => c.slug)).toEqual(expectedPriceOrder(catalogue, direction).slice(5));
  });
});

describe('price: high to low', () => {
  it('is exactly low to high reversed', async () => {
    const [low, high] = [await walkByCursor('price_low'), await walkByCursor('price_high')];
    expect(high.map((c) => c.slug)).toEqual(low.map((c) => c.slug).reverse());
  });

  it('places a product shown from 154 below 242.99, whatever its dearest variant costs', async () => {
    const prices = (await walkByPage('price_high')).map((c) => c.price);
    expect(prices.slice(prices.indexOf(250.95), prices.indexOf(154) + 1)).toEqual([250.95, 250, 242.99, 154]);
  });
});
