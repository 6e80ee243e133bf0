import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product, Variant } from '../../../src/generated/prisma/client.js';
import { createProduct } from '../../support/catalog.js';
import { postJson } from '../../support/orders.js';
import { makeStore, type TestStore } from '../../support/stores.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';

// Issue 25: what a checkout costs in SQL statements, counted on the database client, so a change
// that adds a statement per order (or per line) shows here before it shows in the benchmark. The
// count leaves out the transaction's BEGIN, which the client does not report (its COMMIT it does).
//
// A guest's one-line pickup order of a product sold as itself, 9:
//   before the transaction (reads, all batched over the lines):
//     1 the cart, its lines and their products (one store statement, src/domain/carts/cart-rows.ts),
//     2 the products' variants (the request's loader: the lines' variants, the validation and the prices share it),
//     3 the store's live automatic discounts, 4 the app requirements of the products;
//   in it:
//     5 the cart closed (its lock: a second checkout of the cart waits here, then answers the first one's order),
//     (the sold products' categories, for their products/update events, before any product lock: none here),
//     6 the stock taken, one guarded UPDATE per stock item (`stock >= quantity`), the sales count with it,
//     7 one statement: the order number, the order, its lines, its timeline, the ledger's entries (coupon redemption),
//       and the sold products' variants and images, read under the products' locks (their derived columns, their events),
//     8 the events (orders/create, products/update), 9 COMMIT.
// Every checkout of a product queues on its row from 6 to COMMIT, and every checkout of the store on its order
// counter from 7: the fewer statements there, the more orders a store and a product take per second.
// Each more line of another product adds its stock UPDATE (6); a line of a variant adds the variant's
// guarded UPDATE, and its product's sales count once per product. A coupon, an automatic discount's use
// and a customer's order count add their own statements.

let t: TestApp;
let shop: TestStore;
let products: Product[];
let sized: { product: Product; variant: Variant }[];

beforeAll(async () => {
  t = await startTestApp({ RATE_LIMIT_STOREFRONT: '0' });
  shop = await makeStore(t.database, { profile: { pickupEnabled: true } });
  products = [];
  for (let i = 0; i < 3; i += 1) products.push(await createProduct(t.database, shop.store, { title: `Statement ${i}`, price: '20.00', stock: 50 }));
  sized = [];
  for (let i = 0; i < 3; i += 1) {
    const product = await createProduct(t.database, shop.store, {
      title: `Sized ${i}`,
      variants: [
        { title: 'S', optionValues: { Size: 'S' }, price: '10.00', stock: 50 },
        { title: 'L', optionValues: { Size: 'L' }, price: '12.00', stock: 50 },
      ],
    });
    sized.push({ product, variant: await t.database.prisma.variant.findFirstOrThrow({ where: { productId: product.id }, orderBy: { position: 'asc' } }) });
  }
});
afterAll(() => t.close());

type Line = { item_id: string; variant_id?: string; quantity: number };
const plain = (lines: number): Line[] => products.slice(0, lines).map((p) => ({ item_id: p.id, quantity: 1 }));
const ofVariants = (lines: number): Line[] =>
  sized.slice(0, lines).map(({ product, variant }) => ({ item_id: product.id, variant_id: variant.id, quantity: 1 }));

let carts = 0;
/** The statements of a new cart of `items`, and of its checkout. */
async function statements(items: Line[]) {
  const who = { 'x-cart-session': `statements-${(carts += 1)}-${Date.now()}` };
  const start = t.database.statementCount();
  const cart = await postJson(t.app, '/v1/store/cart', { vendor_id: shop.store.id, cart_items: items }, who, shop.publicKey);
  expect(cart.status, cart.raw).toBe(200);
  const before = t.database.statementCount();
  const order = await postJson(
    t.app,
    '/v1/store/checkout',
    { delivery_method: 'pickup', payment_method: 'cash', contact: { name: 'Ada', email: 'ada@example.com' } },
    who,
    shop.publicKey,
  );
  expect(order.status, order.raw).toBe(201);
  return { cart: before - start, checkout: t.database.statementCount() - before };
}

describe('POST /v1/store/checkout', () => {
  it('places a valid cart without writing its validation first: 9 statements for one line, one more per line', async () => {
    // The first request after the fixtures' writes reads the key and the store again; a warm-up keeps that out of the count.
    await statements(plain(1));
    const one = (await statements(plain(1))).checkout;
    const three = (await statements(plain(3))).checkout;
    // 45 and 64 while checkout recorded every validation, 35 and 56 while it re-read what it wrote (stock, the order),
    // 19 and 23 while the ledger was read line by line and the order written statement by statement,
    // 13 and 15 while the products' variants and images were read in two statements,
    // 12 and 14 while the cart, its lines and their products were three (Prisma's include),
    // 10 and 12 while the sold products' variants and images were read in a statement of their own.
    expect({ one, three }).toEqual({ one: 9, three: 11 });
    expect(three - one).toBeLessThanOrEqual(2 * 2);
  });

  it('takes two statements more per line of a variant of another product', async () => {
    const one = (await statements(ofVariants(1))).checkout;
    const three = (await statements(ofVariants(3))).checkout;
    expect({ one, three }).toEqual({ one: 10, three: 14 });
    expect(three - one).toBeLessThanOrEqual(2 * 2);
  });
});

describe('POST /v1/store/cart', () => {
  // The lines' products (1) and variants (2) and the store's live discounts (3) price the lines before the
  // transaction; then the open cart is looked for (4), made (5) and its lines written (6), COMMIT (7); the
  // answer's delivery options read the store's shipping zones (8). A cart made by this write is neither locked
  // again nor read back. 20 before, 24 when issue 25 was filed.
  it('makes a new cart of one line or of three in 8 statements', async () => {
    expect((await statements(plain(1))).cart).toBe(8);
    expect((await statements(plain(3))).cart).toBe(8);
  });
});
