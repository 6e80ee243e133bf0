import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '../../../src/generated/prisma/client.js';
import { createProduct } from '../../support/catalog.js';
import { createDiscount } from '../../support/discounts.js';
import { get, graphql } from '../../support/http.js';
import { makeStore, type TestStore } from '../../support/stores.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';
import { send } from '../../support/writes.js';

// Issue 17: "Collection product sorts price_low/price_high order by the price the card shows
// (discount_price, the final customer price), as the product list already does." The product
// list, collection products and promotion products, REST and GraphQL, walked a page at a time.

const start = new Date('2031-06-01T12:00:00Z');
let now = start.getTime();
let t: TestApp;
let shop: TestStore;
let products: Record<string, Product>;
let promotionId: string;

/** Slug → price before discounts; "sixty" is 35.00 off (shows 25.00) from the start. */
const prices = { ten: '10.00', twenty: '20.00', thirty: '30.00', forty: '40.00', fifty: '50.00', sixty: '60.00' };

beforeAll(async () => {
  t = await startTestApp({}, { clock: () => now });
  shop = await makeStore(t.database);
  products = {};
  for (const [slug, price] of Object.entries(prices)) products[slug] = await createProduct(t.database, shop.store, { title: slug, slug, price });
  const ids = Object.values(products).map((p) => p.id);
  await createDiscount(t.database, shop.store, { title: 'Sixty sale', type: 'fixed', value: '35.00', productIds: [products.sixty!.id] });
  // A live promotion that lowers no card (no auto_apply): its product list is the six, priced by the discount above.
  promotionId = (await createDiscount(t.database, shop.store, { title: 'All six', kind: 'promotion', autoApply: false, productIds: ids })).id;
  const res = await send(t.app, shop.privateKey, 'POST', '/collections/bulk', { collections: [{ name: 'Six', slug: 'six', product_ids: ids }] });
  expect(res.status, res.raw).toBe(200);
});
afterAll(() => t.close());

interface Card {
  slug: string;
  price: number;
  discount_price: number;
}

/** Walks a REST cursor list two cards a page. */
async function walkRest(path: string): Promise<Card[]> {
  const cards: Card[] = [];
  let cursor: string | null = null;
  do {
    const after: string = cursor ? `&starting_after=${encodeURIComponent(cursor)}` : '';
    const res = await get(t.app, `${path}&per_page=2${after}`, shop.publicKey);
    expect(res.status, res.raw).toBe(200);
    cards.push(...res.body.data);
    cursor = res.body.next_cursor;
  } while (cursor);
  return cards;
}

/** Walks the promotion's page-numbered list two cards a page. */
async function walkPromotionPages(sort: string): Promise<Card[]> {
  const cards: Card[] = [];
  for (let page = 1; ; page++) {
    const res = await get(t.app, `/v1/store/promotions/${promotionId}/products?sort=${sort}&per_page=2&page=${page}`, shop.publicKey);
    expect(res.status, res.raw).toBe(200);
    cards.push(...res.body.data);
    if (!res.body.has_more) return cards;
  }
}

const walks: Record<string, (sort: string) => Promise<Card[]>> = {
  'GET /v1/store/products': (sort) => walkRest(`/v1/store/products?sort=${sort}`),
  'GET /v1/store/collections/{collection}/products': (sort) => walkRest(`/v1/store/collections/six/products?sort=${sort}`),
  'GET /v1/store/promotions/{promotion}/products': walkPromotionPages,
};

interface Node {
  slug: string;
  discountPrice: { amount: string };
}

const connectionFields = 'edges { node { slug discountPrice { amount } } } pageInfo { hasNextPage endCursor }';
const graphqlLists: Record<string, string> = {
  products: `query($sort: ProductSort, $after: String) { list: products(sort: $sort, first: 2, after: $after) { ${connectionFields} } }`,
  'collection.products': `query($sort: CollectionProductSort, $after: String) { collection(slug: "six") { list: products(sort: $sort, first: 2, after: $after) { ${connectionFields} } } }`,
  'promotion.productsConnection': `query($sort: PromotionProductSort, $after: String, $promotion: String!) { promotion(id: $promotion) { list: productsConnection(sort: $sort, first: 2, after: $after) { ${connectionFields} } } }`,
};

async function walkGraphql(query: string, sort: string): Promise<Node[]> {
  const nodes: Node[] = [];
  let after: string | undefined;
  for (;;) {
    const res = await graphql(t.app, shop.publicKey, query, { sort, after, promotion: promotionId });
    expect(res.body.errors, res.raw).toBeUndefined();
    const list = (res.body.data.list ?? res.body.data.collection?.list ?? res.body.data.promotion?.list) as {
      edges: { node: Node }[];
      pageInfo: { hasNextPage: boolean; endCursor: string };
    };
    nodes.push(...list.edges.map((e) => e.node));
    if (!list.pageInfo.hasNextPage) return nodes;
    after = list.pageInfo.endCursor;
  }
}

const shown = (cards: Card[]) => cards.map((c) => [c.slug, c.discount_price]);

describe.each(Object.entries(walks))('%s, sorted by price', (_, walk) => {
  it('places a discounted product by the price its card shows, low to high, page by page', async () => {
    now = start.getTime();
    expect(shown(await walk('price_low'))).toEqual([
      ['ten', 10],
      ['twenty', 20],
      ['sixty', 25],
      ['thirty', 30],
      ['forty', 40],
      ['fifty', 50],
    ]);
  });

  it('orders high to low as low to high reversed', async () => {
    now = start.getTime();
    const low = (await walk('price_low')).map((c) => c.slug);
    expect((await walk('price_high')).map((c) => c.slug)).toEqual(low.reverse());
  });
});

describe.each(Object.entries(graphqlLists))('GraphQL %s, sorted by price', (_, query) => {
  it('walks the same order by endCursor', async () => {
    now = start.getTime();
    const nodes = await walkGraphql(query, 'PRICE_LOW');
    expect(nodes.map((n) => [n.slug, n.discountPrice.amount])).toEqual([
      ['ten', '10.00'],
      ['twenty', '20.00'],
      ['sixty', '25.00'],
      ['thirty', '30.00'],
      ['forty', '40.00'],
      ['fifty', '50.00'],
    ]);
    expect((await walkGraphql(query, 'PRICE_HIGH')).map((n) => n.slug)).toEqual(nodes.map((n) => n.slug).reverse());
  });
});

describe('the order follows every change of the shown price', () => {
  const order = async () => (await walkRest('/v1/store/products?sort=price_low')).map((c) => c.slug);

  it('moves a product when a scheduled discount starts and again when it ends, with no job', async () => {
    now = start.getTime();
    await createDiscount(t.database, shop.store, {
      title: 'Fifty hour',
      type: 'fixed',
      value: '28.00',
      productIds: [products.fifty!.id],
      validFrom: new Date(start.getTime() + 60_000),
      validUntil: new Date(start.getTime() + 120_000),
    });
    expect(await order()).toEqual(['ten', 'twenty', 'sixty', 'thirty', 'forty', 'fifty']);
    now = start.getTime() + 60_000;
    expect(await order()).toEqual(['ten', 'twenty', 'fifty', 'sixty', 'thirty', 'forty']);
    expect(shown(await walkRest('/v1/store/collections/six/products?sort=price_low')).slice(2, 4)).toEqual([
      ['fifty', 22],
      ['sixty', 25],
    ]);
    now = start.getTime() + 120_000;
    expect(await order()).toEqual(['ten', 'twenty', 'sixty', 'thirty', 'forty', 'fifty']);
  });

  it('moves a product whose price the merchant changes, and one whose discount the merchant unpublishes', async () => {
    now = start.getTime();
    const res = await send(t.app, shop.privateKey, 'PUT', `/products/${products.ten!.id}`, { price: 45 });
    expect(res.status, res.raw).toBe(200);
    expect(await order()).toEqual(['twenty', 'sixty', 'thirty', 'forty', 'ten', 'fifty']);
    await t.database.prisma.discount.updateMany({ where: { storeId: shop.store.id, title: 'Sixty sale' }, data: { isPublished: false } });
    expect(await order()).toEqual(['twenty', 'thirty', 'forty', 'ten', 'fifty', 'sixty']);
  });
});

describe('price-sorted reads racing price changes (PostgreSQL when TEST_DATABASE_URL is set)', () => {
  it('leave no product in the order of a price it no longer has', async () => {
    now = start.getTime();
    const reprice = async (slug: string, first: number, last: number) => {
      for (const price of [first, last]) expect((await send(t.app, shop.privateKey, 'PUT', `/products/${products[slug]!.id}`, { price })).status).toBe(200);
    };
    const reads = Array.from({ length: 8 }, () => get(t.app, '/v1/store/products?sort=price_low&per_page=100', shop.publicKey));
    await Promise.all([reprice('twenty', 5, 70), reprice('thirty', 6, 71), reprice('forty', 7, 72), ...reads]);
    expect(shown(await walkRest('/v1/store/products?sort=price_low'))).toEqual([
      ['ten', 45],
      ['fifty', 50],
      ['sixty', 60],
      ['twenty', 70],
      ['thirty', 71],
      ['forty', 72],
    ]);
  });
});
