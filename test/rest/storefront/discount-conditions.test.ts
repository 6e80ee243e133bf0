import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '../../../src/generated/prisma/client.js';
import { createProduct } from '../../support/catalog.js';
import { get, graphql } from '../../support/http.js';
import { makeStore, type TestStore } from '../../support/stores.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';
import { send } from '../../support/writes.js';

// Issue 17, part 2: a discount created with minimum_order_amount 0 or minimum_quantity 1 has no
// order-level condition (integrations send them for "none"), so it lowers card prices like one
// without them. A minimum above those still depends on the basket and leaves cards alone.

let t: TestApp;
let shop: TestStore;
let zero: Product;
let one: Product;
let cent: Product;

const discount = async (title: string, product: Product, extra: Record<string, unknown>) => {
  const res = await send(t.app, shop.privateKey, 'POST', '/discounts', {
    title,
    type: 'percentage',
    value: '10',
    product_ids: [product.id],
    is_published: true,
    ...extra,
  });
  expect(res.status, res.raw).toBe(201);
};

beforeAll(async () => {
  t = await startTestApp();
  shop = await makeStore(t.database);
  zero = await createProduct(t.database, shop.store, { title: 'Zero Minimum Kettle', price: '50.00' });
  one = await createProduct(t.database, shop.store, { title: 'One Minimum Teapot', price: '30.00' });
  cent = await createProduct(t.database, shop.store, { title: 'Cent Minimum Cup', price: '10.00' });
  await discount('No minimum amount', zero, { minimum_order_amount: 0 });
  await discount('No minimum quantity', one, { minimum_quantity: 1 });
  await discount('A real minimum', cent, { minimum_order_amount: '0.01' });
  const res = await send(t.app, shop.privateKey, 'POST', '/collections/bulk', {
    collections: [{ name: 'Kitchen', slug: 'kitchen', product_ids: [zero.id, one.id, cent.id] }],
  });
  expect(res.status, res.raw).toBe(200);
});
afterAll(() => t.close());

const priceOf = (cards: { slug: string; discount_price: number }[]) => Object.fromEntries(cards.map((c) => [c.slug, c.discount_price]));
const expected = () => ({ [zero.slug]: 45, [one.slug]: 27, [cent.slug]: 10 });

describe('a discount with minimum_order_amount 0 or minimum_quantity 1', () => {
  it('lowers the product list’s cards, and one with a real minimum does not', async () => {
    const res = await get(t.app, '/v1/store/products', shop.publicKey);
    expect(priceOf(res.body.data)).toEqual(expected());
  });

  it('lowers the product detail', async () => {
    for (const [product, price] of [
      [zero, 45],
      [one, 27],
      [cent, 10],
    ] as const) {
      const res = await get(t.app, `/v1/store/products/${product.slug}`, shop.publicKey);
      expect([product.slug, res.body.data.discount_price]).toEqual([product.slug, price]);
    }
  });

  it('lowers the collection page’s cards', async () => {
    const res = await get(t.app, '/v1/store/collections/kitchen/products', shop.publicKey);
    expect(res.status, res.raw).toBe(200);
    expect(priceOf(res.body.data)).toEqual(expected());
  });

  it('lowers the GraphQL product prices', async () => {
    const res = await graphql(t.app, shop.publicKey, `{ products(first: 10) { edges { node { slug discountPrice { amount } } } } }`);
    expect(res.body.errors).toBeUndefined();
    const prices = Object.fromEntries(
      res.body.data.products.edges.map((e: { node: { slug: string; discountPrice: { amount: string } } }) => [e.node.slug, e.node.discountPrice.amount]),
    );
    expect(prices).toEqual({ [zero.slug]: '45.00', [one.slug]: '27.00', [cent.slug]: '10.00' });
  });
});
