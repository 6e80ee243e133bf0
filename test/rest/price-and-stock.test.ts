import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get } from '../support/http.js';
import { createStockCases, stockCases } from '../support/stock-cases.js';
import { makeStore, type TestStore } from '../support/stores.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

// Issue 5: one rule for price and stock. The storefront card, the product detail and the merchant
// product say the same of every product, including inactive variants and untracked lines.

let t: TestApp;
let shop: TestStore;
let ids: Map<string, { id: string; pId: number }>;

beforeAll(async () => {
  t = await startTestApp();
  shop = await makeStore(t.database);
  ids = await createStockCases(t.database, shop.store);
});
afterAll(() => t.close());

async function cards() {
  const res = await get(t.app, '/v1/store/products?per_page=100', shop.publicKey);
  expect(res.status).toBe(200);
  return new Map(res.body.data.map((card: { slug: string }) => [card.slug, card]));
}

async function merchantProducts() {
  const res = await get(t.app, '/api/v1/merchant/products?limit=100', shop.privateKey);
  expect(res.status).toBe(200);
  return new Map(res.body.data.map((product: { slug: string }) => [product.slug, product]));
}

describe.each(stockCases)('$slug', ({ slug, verdict }) => {
  it('shows shoppers the rule’s price, stock and variants on the card', async () => {
    const card = (await cards()).get(slug);
    expect(card).toMatchObject({
      price: verdict.price,
      has_variants: verdict.hasVariants,
      variants_count: verdict.variantCount,
      inventory: { in_stock: verdict.inStock, tracking: verdict.tracksInventory, quantity: verdict.quantity },
      variant_summary: { count: verdict.variantCount, total_stock: verdict.quantity, tracks_inventory: verdict.tracksInventory, in_stock: verdict.inStock },
    });
  });

  it('shows the same on the product detail, with only the variants that count', async () => {
    const res = await get(t.app, `/v1/store/products/${slug}`, shop.publicKey);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ price: verdict.price, has_variants: verdict.hasVariants, in_stock: verdict.inStock });
    expect(res.body.data.variants).toHaveLength(verdict.variantCount);
  });

  it('shows the merchant the same stock, variants and buyability, in the list and the single read', async () => {
    const listed = (await merchantProducts()).get(slug);
    const single = await get(t.app, `/api/v1/merchant/products/${ids.get(slug)!.pId}`, shop.privateKey);
    for (const product of [listed, single.body.data]) {
      expect(product).toMatchObject({
        storefront_price: verdict.price.toFixed(2),
        has_variants: verdict.hasVariants,
        in_stock: verdict.inStock,
        stock: verdict.stock,
      });
    }
  });
});

describe('the merchant list’s stored columns follow the same rule', () => {
  it('filters stock_status by what the product says of itself', async () => {
    const res = await get(t.app, '/api/v1/merchant/products?limit=100&stock_status=out_of_stock', shop.privateKey);
    expect(res.body.data.map((p: { slug: string }) => p.slug).sort()).toEqual(
      stockCases
        .filter((c) => !c.verdict.inStock)
        .map((c) => c.slug)
        .sort(),
    );
    for (const product of res.body.data) expect(product.in_stock).toBe(false);
  });

  it('sorts by stock in the order of the stock it shows', async () => {
    const res = await get(t.app, '/api/v1/merchant/products?limit=100&sort_by=stock&sort_order=desc', shop.privateKey);
    const shown = res.body.data.map((p: { stock: number }) => p.stock);
    expect(shown).toEqual([...shown].sort((a, b) => b - a));
    expect(shown).toEqual(stockCases.map((c) => c.verdict.stock).sort((a, b) => b - a));
  });
});

describe('discounts and add-ons the foundation does not run', () => {
  it('answer no discount on every card: the discounted price is the price', async () => {
    for (const card of (await cards()).values()) {
      const { price, discount_price, discount, discounts, has_addons } = card as Record<string, unknown>;
      expect({ discount_price, discount, discounts, has_addons }).toEqual({ discount_price: price, discount: null, discounts: [], has_addons: false });
    }
  });

  it('answer no live discount in the store information', async () => {
    const res = await get(t.app, '/v1/store/info', shop.publicKey);
    expect(res.body.data.discounts).toEqual([]);
  });
});
