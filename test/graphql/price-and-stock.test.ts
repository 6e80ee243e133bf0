import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get, graphql } from '../support/http.js';
import { createStockCases, stockCases } from '../support/stock-cases.js';
import { makeStore, type TestStore } from '../support/stores.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

// Issue 5: GraphQL's storefront and merchant products say what the REST faces say of price and stock.

let t: TestApp;
let shop: TestStore;
let ids: Map<string, { id: string; pId: number }>;

beforeAll(async () => {
  t = await startTestApp();
  shop = await makeStore(t.database);
  ids = await createStockCases(t.database, shop.store);
});
afterAll(() => t.close());

const storefrontQuery = `query($slug: String!) {
  product(slug: $slug) { price { amount } hasVariants inStock totalStock variants { title } }
}`;

const merchantQuery = `query($id: String!) {
  merchant { product(id: $id) { storefrontPrice { amount } stock } }
}`;

describe.each(stockCases)('$slug', ({ slug, verdict }) => {
  it('shows shoppers the rule’s price, stock and buyable variants', async () => {
    const res = await graphql(t.app, shop.publicKey, storefrontQuery, { slug });
    expect(res.body.errors).toBeUndefined();
    const { variants, ...product } = res.body.data.product;
    expect(product).toEqual({
      price: { amount: verdict.price.toFixed(2) },
      hasVariants: verdict.hasVariants,
      inStock: verdict.inStock,
      totalStock: verdict.quantity,
    });
    expect(variants).toHaveLength(verdict.variantCount);
  });

  it('shows the merchant the rule’s stock and the price shoppers pay', async () => {
    const res = await graphql(t.app, shop.privateKey, merchantQuery, { id: ids.get(slug)!.id });
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.merchant.product).toEqual({ storefrontPrice: { amount: verdict.price.toFixed(2) }, stock: verdict.stock });
  });
});

describe('products(filter: { inStock })', () => {
  const listed = async (inStock: boolean) => {
    const res = await graphql(
      t.app,
      shop.publicKey,
      `
        query ($inStock: Boolean) {
          products(first: 20, filter: { inStock: $inStock }) {
            edges {
              node {
                slug
              }
            }
          }
        }
      `,
      {
        inStock,
      },
    );
    expect(res.body.errors).toBeUndefined();
    return res.body.data.products.edges.map((e: { node: { slug: string } }) => e.node.slug).sort();
  };

  it('lists the products the stock rule calls in stock, or the others, as REST in_stock does', async () => {
    const expected = (inStock: boolean) =>
      stockCases
        .filter((c) => c.verdict.inStock === inStock)
        .map((c) => c.slug)
        .sort();
    expect(await listed(true)).toEqual(expected(true));
    expect(await listed(false)).toEqual(expected(false));
    expect(expected(false).length).toBeGreaterThan(0);
    const rest = await get(t.app, '/v1/store/products?in_stock=false', shop.publicKey);
    expect(rest.body.data.map((p: { slug: string }) => p.slug).sort()).toEqual(expected(false));
  });
});
