import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get, graphql } from '../support/http.js';
import { createPriceSpreadCatalogue, expectedPriceOrder, expectMonotonic, type SpreadProduct } from '../support/price-spread.js';
import { makeStore, type TestStore } from '../support/stores.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

// Issue 5: PRICE_LOW and PRICE_HIGH order by the price a product shows, like the REST list.

let t: TestApp;
let shop: TestStore;
let catalogue: SpreadProduct[];

beforeAll(async () => {
  t = await startTestApp();
  shop = await makeStore(t.database);
  catalogue = await createPriceSpreadCatalogue(t.database, shop.store);
});
afterAll(() => t.close());

const query = `query($sort: ProductSort, $first: Int, $after: String, $last: Int, $before: String) {
  products(sort: $sort, first: $first, after: $after, last: $last, before: $before) {
    edges { node { slug price { amount } } }
    pageInfo { hasNextPage hasPreviousPage startCursor endCursor }
  }
}`;

interface Node {
  slug: string;
  price: { amount: string };
}

async function page(variables: Record<string, unknown>) {
  const res = await graphql(t.app, shop.publicKey, query, variables);
  expect(res.body.errors).toBeUndefined();
  return res.body.data.products as {
    edges: { node: Node }[];
    pageInfo: { hasNextPage: boolean; hasPreviousPage: boolean; startCursor: string; endCursor: string };
  };
}

async function walkForwards(sort: string): Promise<Node[]> {
  const nodes: Node[] = [];
  let after: string | undefined;
  for (;;) {
    const { edges, pageInfo } = await page({ sort, first: 4, after });
    nodes.push(...edges.map((e) => e.node));
    if (!pageInfo.hasNextPage) return nodes;
    after = pageInfo.endCursor;
  }
}

async function walkBackwards(sort: string): Promise<Node[]> {
  const pages: Node[][] = [];
  let before: string | undefined;
  for (;;) {
    const { edges, pageInfo } = await page({ sort, last: 4, before });
    pages.unshift(edges.map((e) => e.node));
    if (!pageInfo.hasPreviousPage) return pages.flat();
    before = pageInfo.startCursor;
  }
}

describe.each([
  ['PRICE_LOW', 'price_low', 'asc'],
  ['PRICE_HIGH', 'price_high', 'desc'],
] as const)('products(sort: %s)', (sort, restSort, direction) => {
  it('walked forwards by endCursor, shows monotonic prices, every product once, ties by product id', async () => {
    const nodes = await walkForwards(sort);
    expectMonotonic(
      nodes.map((n) => Number(n.price.amount)),
      direction,
    );
    expect(nodes.map((n) => n.slug)).toEqual(expectedPriceOrder(catalogue, direction));
  });

  it('walked backwards from the end by startCursor, gives the same order', async () => {
    const nodes = await walkBackwards(sort);
    expectMonotonic(
      nodes.map((n) => Number(n.price.amount)),
      direction,
    );
    expect(nodes.map((n) => n.slug)).toEqual(expectedPriceOrder(catalogue, direction));
  });

  it('agrees with the REST list card for card, price for price', async () => {
    const rest = await get(t.app, `/v1/store/products?sort=${restSort}&per_page=100`, shop.publicKey);
    const nodes = await walkForwards(sort);
    expect(nodes.map((n) => [n.slug, Number(n.price.amount)])).toEqual(rest.body.data.map((c: { slug: string; price: number }) => [c.slug, c.price]));
  });
});
