import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCategory, createProduct } from '../support/catalog.js';
import { createDiscount } from '../support/discounts.js';
import { get, graphql } from '../support/http.js';
import { makeKey, makeStore, type TestStore } from '../support/stores.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { send } from '../support/writes.js';

// A collection or promotion page of cards costs the same SQL statements whatever its size, and
// discounts add none to it.

let t: TestApp;
let shop: TestStore;
let promotionId: string;
let lampId: string;

beforeAll(async () => {
  // What a page costs to build: the catalogue cache would answer a repeat with none (test/http/response-cache).
  t = await startTestApp({ RATE_LIMIT_MERCHANT: '0', RESPONSE_CACHE_MB: '0' });
  shop = await makeStore(t.database);
  const lamps = await createCategory(t.database, shop.store, 'Lamps');
  const ids: string[] = [];
  for (let i = 0; i < 50; i += 1) {
    const p = await createProduct(t.database, shop.store, {
      title: `Lamp ${i}`,
      category: lamps,
      images: 2,
      options: { Colour: [i % 2 ? 'Red' : 'Blue'] },
      variants: [{ title: i % 2 ? 'Red' : 'Blue', optionValues: { Colour: i % 2 ? 'Red' : 'Blue' }, price: '10.00' }],
    });
    ids.push(p.id);
  }
  lampId = ids[0]!;
  await send(t.app, shop.privateKey, 'POST', '/collections/bulk', {
    collections: [
      { name: 'Manual', slug: 'manual', product_ids: ids },
      { name: 'Smart', slug: 'smart', mode: 'smart', rules: { match: 'all', rules: [{ kind: 'title_contains', text: 'lamp' }] } },
      { name: 'Deals', slug: 'deals', mode: 'smart', rules: { match: 'all', rules: [{ kind: 'discount_applies' }] } },
    ],
  });
  await send(t.app, shop.privateKey, 'POST', '/collections/smart/products/pin', { product_ids: ids.slice(0, 3) });
  const promo = await createDiscount(t.database, shop.store, { kind: 'promotion', title: 'Lamps', categoryIds: [lamps.id] });
  promotionId = promo.id;
  // Several discounts over the same cards: matched in memory, so their number costs nothing.
  await createDiscount(t.database, shop.store, { title: 'Red lamps', value: '20', productIds: ids.filter((_, i) => i % 2) });
  await createDiscount(t.database, shop.store, { title: 'One off', type: 'fixed', value: '1.00', productIds: ids.slice(0, 10) });
  await createDiscount(t.database, shop.store, { title: 'Storewide', value: '5' });
});
afterAll(() => t.close());

/**
 * Switches the store's price-lowering discounts off (the promotion stays live, but as a page of
 * products only, `auto_apply` false) or on.
 */
async function setDiscounts(on: boolean) {
  await t.database.prisma.discount.updateMany({ where: { storeId: shop.store.id, kind: 'discount' }, data: { isActive: on } });
  await t.database.prisma.discount.update({ where: { id: promotionId }, data: { autoApply: on } });
}

/**
 * What a page costs once read before at the store's catalogue version: a key's first read in a
 * process keeps the store's locales and discounts and the collection (catalog-snapshot.ts) but not
 * its row, which its second keeps (src/auth/key-lookup.ts).
 */
async function warmed<T extends { status: number; raw: string }>(read: () => Promise<T>): Promise<{ res: T; count: number }> {
  await read();
  await read();
  const before = t.database.statementCount();
  const res = await read();
  return { res, count: t.database.statementCount() - before };
}

async function restStatements(path: string) {
  const { res, count } = await warmed(() => get(t.app, path, shop.publicKey));
  expect(res.status, res.raw).toBe(200);
  const cards: { discount: unknown; discounts: unknown[] }[] = res.body.data;
  return {
    count,
    cards: cards.length,
    discounted: cards.filter((c) => c.discount !== null && c.discounts.length).length,
  };
}

const card = 'id title discountPrice { amount } discount { id } discounts { id } images { id } variants { id } category { id }';
const graphqlPages = {
  collection: (slug: string) => (size: number) => `{ collection(slug: "${slug}") { products(first: ${size}) { edges { node { ${card} } } } facets { slug } } }`,
  promotion: () => (size: number) =>
    `{ promotion(id: "${promotionId}") { products(perPage: ${size}) { nodes { ${card} } } facets(filter: { attributes: ["colour:blue"] }) { slug } } }`,
};

async function graphqlStatements(query: string) {
  const { res, count } = await warmed(() => graphql(t.app, shop.publicKey, query));
  expect(res.body.errors, res.raw).toBeUndefined();
  const data = res.body.data.collection ?? res.body.data.promotion;
  const nodes: { discount: unknown; discounts: unknown[] }[] = data.products.edges
    ? data.products.edges.map((e: { node: unknown }) => e.node)
    : data.products.nodes;
  return {
    count,
    cards: nodes.length,
    discounted: nodes.filter((n) => n.discount !== null && n.discounts.length).length,
  };
}

// Each with what one page costs: one statement per run of its order, plus what its filters read;
// the runs read their products' keys, and one more statement reads the page's products: on REST a
// collection's has PostgreSQL write the cards (src/domain/catalog/shown-json.ts), a promotion's and
// GraphQL's read the rows with the relations their cards show (src/domain/catalog/shown-rows.ts).
const restPages: [string, string, number][] = [
  // the members with their products' keys, the cards
  ['a manual collection', '/v1/store/collections/manual/products?', 2],
  // the pinned members, then the other products the rules match, the cards
  ['a smart collection in the merchant order (pinned, then the rest)', '/v1/store/collections/smart/products?', 3],
  // the option index the attribute filter resolves against; the same two runs in stock, then out of stock; the cards
  ['a smart collection, in stock first, with an attribute filter', '/v1/store/collections/smart/products?sort=in_stock&attributes[]=colour:red&', 6],
  // the promotion, the option index of its products (for the filter and the facets), the page's keys, its rows
  ['a promotion with facets', `/v1/store/promotions/PROMO/products?attributes[]=colour:blue&`, 4],
];

describe('collection and promotion product pages', () => {
  it.each([...restPages, ['a discount_applies smart collection', '/v1/store/collections/deals/products?', 3] as const])(
    '%s costs the same statements for 5 and 50 cards',
    async (_, path, statements) => {
      const url = path.replace('PROMO', promotionId);
      const five = await restStatements(`${url}per_page=5`);
      const fifty = await restStatements(`${url}per_page=50`);
      expect(five.cards).toBe(5);
      expect(fifty.cards).toBeGreaterThan(5);
      expect([five.count, fifty.count]).toEqual([statements, statements]);
    },
  );

  it.each([
    // the two runs, the page's rows, and the facets' option index
    ['a smart collection', graphqlPages.collection('smart'), 4],
    ['a discount_applies smart collection', graphqlPages.collection('deals'), 4],
    // the promotion; for its products, the promotion, the option index, the page's keys and its rows; for its
    // facets, the option index alone
    ['a promotion', graphqlPages.promotion(), 6],
  ] as const)('%s costs the same statements for 5 and 50 cards on GraphQL, discounts and facets included', async (_, query, statements) => {
    const five = await graphqlStatements(query(5));
    const fifty = await graphqlStatements(query(50));
    expect(five.cards).toBe(5);
    expect(fifty.cards).toBeGreaterThan(5);
    expect([five.count, fifty.count]).toEqual([statements, statements]);
  });

  it('spends nothing on the discount_applies rule itself: it reads the offers the cards are priced with', async () => {
    const deals = await restStatements('/v1/store/collections/deals/products?sort=newest&per_page=50');
    const lamps = await restStatements('/v1/store/collections/smart/products?sort=newest&per_page=50');
    expect(deals.cards).toBe(50);
    expect(deals.count).toBe(lamps.count);
  });

  it('spends no statement of a page on discounts: they come with the store’s locales, read again only when one of them changes', async () => {
    const pages = [
      ...restPages.map(([name, path]) => [`REST ${name}`, () => restStatements(`${path.replace('PROMO', promotionId)}per_page=50`)] as const),
      ['GraphQL collection', () => graphqlStatements(graphqlPages.collection('smart')(50))] as const,
      ['GraphQL promotion', () => graphqlStatements(graphqlPages.promotion()(50))] as const,
    ];
    try {
      for (const [name, load] of pages) {
        await setDiscounts(false);
        const without = await load();
        await setDiscounts(true);
        const withDiscounts = await load();
        expect([without.cards, without.discounted], name).toEqual([withDiscounts.cards, 0]);
        expect(withDiscounts.discounted, name).toBe(withDiscounts.cards);
        expect(withDiscounts.count, name).toBe(without.count);
      }
    } finally {
      await setDiscounts(true);
    }
  });
});

describe('collection product pages, after a write and on a key’s first request', () => {
  let price = 10;
  const manualQuery = `{ collection(slug: "manual") { products(first: 50) { edges { node { ${card} } } } } }`;
  const reads: [
    string,
    (key: string) => Promise<{ status: number; raw: string; body: { errors?: unknown } }>,
    { atVersion: number; afterWrite: number; firstOfKey: number },
  ][] = [
    // the members with their products' keys, the cards; after a price change, the collection too; a new key adds its statement (with the store's facts)
    ['REST manual collection', (key) => get(t.app, '/v1/store/collections/manual/products?per_page=50', key), { atVersion: 2, afterWrite: 3, firstOfKey: 4 }],
    // its two runs, the cards; after the change, the collection too
    ['REST smart collection', (key) => get(t.app, '/v1/store/collections/smart/products?per_page=50', key), { atVersion: 3, afterWrite: 4, firstOfKey: 5 }],
    // the members with their products' keys, the page's rows; after the change, the collection too
    ['GraphQL manual collection', (key) => graphql(t.app, key, manualQuery), { atVersion: 2, afterWrite: 3, firstOfKey: 4 }],
  ];

  it.each(reads)('%s', async (_, read, figures) => {
    const counted = async (key: string) => {
      const before = t.database.statementCount();
      const res = await read(key);
      expect(res.status, res.raw).toBe(200);
      expect(res.body.errors, res.raw).toBeUndefined();
      return t.database.statementCount() - before;
    };
    const { count: atVersion } = await warmed(() => read(shop.publicKey));
    price += 1;
    expect((await send(t.app, shop.privateKey, 'PUT', `/products/${lampId}`, { price })).status).toBe(200);
    const afterWrite = await counted(shop.publicKey);
    const firstOfKey = await counted(await makeKey(t.database, { store: shop.store.slug, kind: 'public', origins: ['*'] }));
    expect({ atVersion, afterWrite, firstOfKey }).toEqual(figures);
  });
});
