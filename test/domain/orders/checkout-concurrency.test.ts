import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '../../../src/generated/prisma/client.js';
import { defaultDatabaseLimits } from '../../../src/platform/database/database-limits.js';
import { createProduct } from '../../support/catalog.js';
import { signInCustomer } from '../../support/customers.js';
import { call, type Call } from '../../support/http.js';
import { makeStore, type TestStore } from '../../support/stores.js';
import { openTestDatabase, startTestApp, type TestApp } from '../../support/test-app.js';

let t: TestApp;

type Headers = Record<string, string>;
const guest = { name: 'Racer', email: 'racer@guest.test' };
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

const post = (shop: TestStore, url: string, body: unknown, headers: Headers) =>
  call(t.app, { method: 'POST', url, key: shop.publicKey, headers: { 'content-type': 'application/json', ...headers }, payload: JSON.stringify(body) });

/** `count` shoppers, each with a cart of `quantity` units of the product, ready to check out. */
async function shoppers(shop: TestStore, product: Product, count: number, quantity = 1): Promise<Headers[]> {
  const all = Array.from({ length: count }, () => ({ 'x-cart-session': randomUUID() }));
  for (const headers of all) {
    const res = await post(shop, '/v1/store/cart', { vendor_id: shop.store.id, cart_items: [{ item_id: product.id, quantity }] }, headers);
    expect(res.status, res.raw).toBe(200);
  }
  return all;
}

/** A guest's pickup checkout, paid in cash. */
const guestCheckout = (shop: TestStore, headers: Headers, extra: Record<string, unknown> = {}) =>
  post(shop, '/v1/store/checkout', { delivery_method: 'pickup', payment_method: 'cash', contact: guest, ...extra }, headers);

const checkoutAll = (shop: TestStore, all: Headers[], extra: Record<string, unknown> = {}) =>
  Promise.all(all.map((headers) => guestCheckout(shop, headers, extra)));

const codes = (answers: Call[]) => answers.map((r) => (r.status === 201 ? 'placed' : (r.body.error_code as string)));
const tally = (values: string[]) => values.reduce<Record<string, number>>((n, v) => ({ ...n, [v]: (n[v] ?? 0) + 1 }), {});

beforeAll(async () => {
  // Hundreds of shoppers share one test key here, and every checkout waits its turn for a
  // transaction: neither the per-key rate limit nor shedding load (transaction-gate.test.ts) is
  // what is under test.
  const limits = defaultDatabaseLimits(!process.env.TEST_DATABASE_URL);
  const database = await openTestDatabase({ ...limits, transactions: { ...limits.transactions, waiting: 1_000, waitMs: 120_000 } });
  t = await startTestApp({ RATE_LIMIT_STOREFRONT: '100000' }, { database });
});
afterAll(async () => {
  await t.close();
  await t.database.close();
});

async function pickupShop(): Promise<TestStore> {
  const shop = await makeStore(t.database);
  await t.database.prisma.store.update({ where: { id: shop.store.id }, data: { pickupEnabled: true } });
  return shop;
}

describe('concurrent checkouts of one product', () => {
  // PGlite runs one transaction at a time, so the race is real only on PostgreSQL; the embedded run keeps a small one.
  const racers = onPostgres ? 200 : 20;
  const units = onPostgres ? 10 : 5;

  it(`sell exactly the ${units} units in stock to ${racers} carts, refuse the rest with a clear code, and never go below zero`, async () => {
    const shop = await pickupShop();
    const scarce = await createProduct(t.database, shop.store, { title: 'Scarce', price: '9.00', stock: units });
    const all = await shoppers(shop, scarce, racers);
    const answers = await checkoutAll(shop, all);
    const outcome = tally(codes(answers));
    expect(outcome.placed).toBe(units);
    expect(Object.keys(outcome).sort()).toEqual(expect.arrayContaining(['placed']));
    for (const code of Object.keys(outcome)) expect(['placed', 'out_of_stock', 'cart_changed']).toContain(code);
    expect(answers.every((r) => r.status === 201 || r.status === 409)).toBe(true);
    const after = await t.database.prisma.product.findUniqueOrThrow({ where: { id: scarce.id } });
    expect(after.stock).toBe(0);
    expect(after.inStock).toBe(false);
    const sold = await t.database.prisma.orderItem.aggregate({ where: { productId: scarce.id }, _sum: { quantity: true } });
    expect(sold._sum.quantity).toBe(units);
    const numbers = (await t.database.prisma.order.findMany({ where: { storeId: shop.store.id }, select: { number: true } })).map((o) => o.number).sort();
    expect(numbers).toEqual(Array.from({ length: units }, (_, i) => 1001 + i));
    const ledger = await t.database.prisma.inventoryAdjustment.findMany({ where: { productId: scarce.id, reason: 'sold' } });
    expect(ledger).toHaveLength(units);
    expect(Math.min(...ledger.map((l) => l.quantityAfter))).toBe(0);
    expect(await t.database.prisma.outboxEvent.count({ where: { storeId: shop.store.id, topic: 'orders/create' } })).toBe(units);
  });

  it('places one order when the same cart is checked out many times at once', async () => {
    const shop = await pickupShop();
    const plenty = await createProduct(t.database, shop.store, { title: 'Plenty', price: '2.00', stock: 100 });
    const [headers] = await shoppers(shop, plenty, 1);
    const answers = await checkoutAll(
      shop,
      Array.from({ length: 8 }, () => headers!),
    );
    const ids = new Set(answers.filter((r) => r.status === 201 || r.status === 200).map((r) => r.body.data.id));
    expect(ids.size).toBe(1);
    expect(answers.filter((r) => r.status === 201)).toHaveLength(1);
    expect(await t.database.prisma.order.count({ where: { storeId: shop.store.id } })).toBe(1);
    expect((await t.database.prisma.product.findUniqueOrThrow({ where: { id: plenty.id } })).stock).toBe(99);
  });
});

describe('concurrent checkouts of one cart, naming it by cart_id', () => {
  // Retries of one checkout (a double click, a client retrying after a timeout) wait for the first, then answer its order.
  it.each([3, 10])('answer the one order to all %i: 201 to the first, 200 to the others; stock and coupon counted once', async (count) => {
    const shop = await pickupShop();
    const jam = await createProduct(t.database, shop.store, { title: 'Jam', price: '4.00', stock: 50 });
    const coupon = await t.database.prisma.coupon.create({
      data: { storeId: shop.store.id, code: 'JAM10', codeKey: 'JAM10', title: 'Jam', discountType: 'percentage', discountValue: '10', usageLimit: 100 },
    });
    const headers = { 'x-cart-session': randomUUID() };
    const cart = await post(shop, '/v1/store/cart', { vendor_id: shop.store.id, cart_items: [{ item_id: jam.id, quantity: 2 }] }, headers);
    expect(cart.status, cart.raw).toBe(200);
    const same = Array.from({ length: count }, () => headers);
    const answers = await checkoutAll(shop, same, { cart_id: cart.body.data.id, coupon_code: 'JAM10' });
    expect(answers.map((r) => r.status).sort((a, b) => a - b)).toEqual([...Array.from({ length: count - 1 }, () => 200), 201]);
    const placed = answers.find((r) => r.status === 201)!;
    expect(placed.body.message).toBe('Order placed');
    for (const follower of answers.filter((r) => r.status === 200)) {
      expect(follower.body).toEqual({ ...placed.body, message: 'This cart was already ordered' });
    }
    expect(await t.database.prisma.order.count({ where: { storeId: shop.store.id } })).toBe(1);
    expect((await t.database.prisma.product.findUniqueOrThrow({ where: { id: jam.id } })).stock).toBe(48);
    expect(await t.database.prisma.inventoryAdjustment.count({ where: { productId: jam.id, reason: 'sold' } })).toBe(1);
    expect((await t.database.prisma.coupon.findUniqueOrThrow({ where: { id: coupon.id } })).usedCount).toBe(1);
    expect(await t.database.prisma.couponRedemption.count({ where: { couponId: coupon.id } })).toBe(1);
    expect(await t.database.prisma.outboxEvent.count({ where: { storeId: shop.store.id, topic: 'orders/create' } })).toBe(1);
  });
});

describe('a line added while the cart is checked out', () => {
  // Whichever comes first, nothing is lost: the order holds exactly the lines whose stock it took, and a line that
  // landed after the cart was found and validated refuses the checkout with cart_changed, the cart still open with it.
  it('is in the order, or refuses it with cart_changed, or goes to a new cart; never left behind in the closed cart', async () => {
    const shop = await pickupShop();
    const bread = await createProduct(t.database, shop.store, { title: 'Bread', price: '3.00', stock: 100 });
    const butter = await createProduct(t.database, shop.store, { title: 'Butter', price: '2.00', stock: 100 });
    const rounds = onPostgres ? 20 : 3;
    for (let round = 0; round < rounds; round++) {
      const [headers] = await shoppers(shop, bread, 1);
      const [placed, added] = await Promise.all([
        guestCheckout(shop, headers!),
        post(shop, '/v1/store/cart/items', { product_id: butter.id, quantity: 1 }, headers!),
      ]);
      expect(added.status, added.raw).toBe(200);
      expect([201, 409]).toContain(placed.status);
      if (placed.status === 409) {
        expect(placed.body.error_code).toBe('cart_changed');
        continue;
      }
      const order = await t.database.prisma.order.findUniqueOrThrow({ where: { uid: placed.body.data.id }, include: { items: true } });
      const closed = await t.database.prisma.cartItem.findMany({ where: { cartId: order.cartId! } });
      expect(order.items.map((i) => [i.productId, i.quantity]).sort()).toEqual(closed.map((i) => [i.productId, i.quantity]).sort());
    }
    const sold = async (productId: string) =>
      (await t.database.prisma.orderItem.aggregate({ where: { productId }, _sum: { quantity: true } }))._sum.quantity ?? 0;
    for (const product of [bread, butter]) {
      expect((await t.database.prisma.product.findUniqueOrThrow({ where: { id: product.id } })).stock).toBe(100 - (await sold(product.id)));
    }
  });
});

describe('automatic discounts at checkout', () => {
  it('never give more uses than max_usage_total, however many checkouts race for the last ones', async () => {
    const shop = await pickupShop();
    const cake = await createProduct(t.database, shop.store, { title: 'Cake', price: '10.00', stock: 1000 });
    const sale = await t.database.prisma.discount.create({
      data: { storeId: shop.store.id, title: 'Two only', type: 'percentage', value: '50', productIds: [cake.id], isPublished: true, maxUsageTotal: 2 },
    });
    const all = await shoppers(shop, cake, onPostgres ? 20 : 6);
    const answers = await checkoutAll(shop, all);
    expect(answers.every((r) => r.status === 201 || (r.status === 409 && r.body.error_code === 'cart_changed'))).toBe(true);
    expect(await t.database.prisma.orderItem.count({ where: { discountId: sale.id } })).toBe(2);
    expect((await t.database.prisma.discount.findUniqueOrThrow({ where: { id: sale.id } })).usageCount).toBe(2);
  });
});

describe('coupons at checkout', () => {
  let shop: TestStore;
  let tea: Product;

  beforeAll(async () => {
    shop = await pickupShop();
    tea = await createProduct(t.database, shop.store, { title: 'Tea', price: '10.00', stock: 10_000 });
  });

  const coupon = (code: string, data: Record<string, unknown> = {}) =>
    t.database.prisma.coupon.create({
      data: { storeId: shop.store.id, code, codeKey: code.toUpperCase(), title: code, discountType: 'percentage', discountValue: '10', ...data },
    });

  it('takes a percentage off the lines, half-up to the cent, and records the redemption; the code is matched whatever its case', async () => {
    await coupon('TENOFF');
    const [headers] = await shoppers(shop, tea, 1, 3);
    const res = await post(shop, '/v1/store/checkout', { delivery_method: 'pickup', payment_method: 'cash', contact: guest, coupon_code: 'tenoff' }, headers!);
    expect(res.status, res.raw).toBe(201);
    expect(res.body.data).toMatchObject({ total_price: 27, grand_total: 27 });
    expect(res.body.data.items[0]).toMatchObject({ total_price: 27, discounted_amount: 3 });
    expect(res.body.data.amount_summary.items.find((i: { key: string }) => i.key === 'discount')).toEqual({
      key: 'discount',
      label: 'Discounts (TENOFF)',
      type: 'discount',
      amount: -3,
    });
    const stored = await t.database.prisma.coupon.findFirstOrThrow({ where: { storeId: shop.store.id, code: 'TENOFF' } });
    expect(stored.usedCount).toBe(1);
    expect(await t.database.prisma.couponRedemption.count({ where: { couponId: stored.id } })).toBe(1);
  });

  it('refuses an unknown, switched-off, future or expired code with 422 coupon_invalid, and writes nothing', async () => {
    await coupon('OFF', { isActive: false });
    await coupon('SOON', { startsAt: new Date(Date.now() + 86_400_000) });
    await coupon('PAST', { expiresAt: new Date(Date.now() - 1000) });
    for (const code of ['NOPE', 'OFF', 'SOON', 'PAST']) {
      const [headers] = await shoppers(shop, tea, 1);
      const res = await post(shop, '/v1/store/checkout', { delivery_method: 'pickup', payment_method: 'cash', contact: guest, coupon_code: code }, headers!);
      expect([res.status, res.body.error_code, Object.keys(res.body.error.errors ?? { coupon_code: 1 })]).toEqual([422, 'coupon_invalid', ['coupon_code']]);
    }
    expect(await t.database.prisma.order.count({ where: { storeId: shop.store.id, couponCode: { in: ['OFF', 'SOON', 'PAST'] } } })).toBe(0);
  });

  it('refuses a coupon under its minimum order or outside its products with 422 coupon_not_applicable', async () => {
    await coupon('BIG', { minimumOrderAmount: '100.00' });
    const other = await createProduct(t.database, shop.store, { title: 'Other', price: '1.00', stock: 5 });
    await coupon('OTHERONLY', { appliesTo: 'specific_products', targetProductIds: [other.id] });
    for (const code of ['BIG', 'OTHERONLY']) {
      const [headers] = await shoppers(shop, tea, 1);
      const res = await post(shop, '/v1/store/checkout', { delivery_method: 'pickup', payment_method: 'cash', contact: guest, coupon_code: code }, headers!);
      expect([res.status, res.body.error_code]).toEqual([422, 'coupon_not_applicable']);
    }
  });

  it('holds the total usage limit under concurrent checkouts, leaving the losers’ carts open', async () => {
    const limited = await coupon('FIRST3', { usageLimit: 3 });
    const all = await shoppers(shop, tea, onPostgres ? 30 : 8);
    const answers = await checkoutAll(shop, all, { coupon_code: 'FIRST3' });
    expect(tally(codes(answers))).toEqual({ placed: 3, coupon_usage_limit_reached: all.length - 3 });
    expect((await t.database.prisma.coupon.findUniqueOrThrow({ where: { id: limited.id } })).usedCount).toBe(3);
    const open = await t.database.prisma.cart.count({ where: { storeId: shop.store.id, status: 'open' } });
    expect(open).toBeGreaterThanOrEqual(all.length - 3);
  });

  it('holds the per-customer limit, and asks guests to sign in for it', async () => {
    await coupon('ONCEEACH', { usageLimitPerUser: 1 });
    const [guestHeaders] = await shoppers(shop, tea, 1);
    const refused = await guestCheckout(shop, guestHeaders!, { coupon_code: 'ONCEEACH' });
    expect([refused.status, refused.body.error_code]).toEqual([422, 'coupon_not_applicable']);
    // A customer has one open cart per store, and one cart checks out once: their uses come one after another.
    const ada = await signInCustomer(t.database, shop.store);
    const buy = async () => {
      await post(shop, '/v1/store/cart', { vendor_id: shop.store.id, cart_items: [{ item_id: tea.id, quantity: 1 }] }, ada.auth);
      return post(shop, '/v1/store/checkout', { delivery_method: 'pickup', payment_method: 'cash', coupon_code: 'ONCEEACH' }, ada.auth);
    };
    expect((await buy()).status).toBe(201);
    const again = await buy();
    expect([again.status, again.body.error_code]).toEqual([422, 'coupon_usage_limit_reached']);
    expect(await t.database.prisma.order.count({ where: { customerId: ada.customer.id, couponCode: 'ONCEEACH' } })).toBe(1);
  });

  it('spreads a coupon over tiny lines without taking any line below zero, and refuses one that reaches only free lines', async () => {
    const penny = await createProduct(t.database, shop.store, { title: 'Penny', price: '0.03', stock: 10 });
    const dime = await createProduct(t.database, shop.store, { title: 'Dime', price: '0.01', stock: 10 });
    const free = await createProduct(t.database, shop.store, { title: 'Free sample', price: '0.00', stock: 10 });
    await coupon('SIXCENTS', { discountType: 'fixed', discountValue: '0.06' });
    const headers = { 'x-cart-session': randomUUID() };
    await post(
      shop,
      '/v1/store/cart',
      {
        vendor_id: shop.store.id,
        cart_items: [
          { item_id: penny.id, quantity: 2 },
          { item_id: dime.id, quantity: 1 },
        ],
      },
      headers,
    );
    const res = await guestCheckout(shop, headers, { coupon_code: 'SIXCENTS' });
    expect(res.status, res.raw).toBe(201);
    const totals = res.body.data.items.map((i: { total_price: number }) => i.total_price);
    expect(totals.every((total: number) => total >= 0)).toBe(true);
    expect(res.body.data.grand_total).toBe(0.01);
    expect(Math.round(totals.reduce((a: number, b: number) => a + b, 0) * 100)).toBe(1);

    await coupon('FREEONLY', { appliesTo: 'specific_products', targetProductIds: [free.id] });
    const [sampler] = await shoppers(shop, free, 1);
    const refused = await guestCheckout(shop, sampler!, { coupon_code: 'FREEONLY' });
    expect([refused.status, refused.body.error_code]).toEqual([422, 'coupon_not_applicable']);
  });

  it('caps what one customer may save with capped_amount_per_user', async () => {
    await coupon('CAP5', { discountValue: '50', cappedAmountPerUser: '5.00' });
    const bo = await signInCustomer(t.database, shop.store);
    const buy = async () => {
      await post(shop, '/v1/store/cart', { vendor_id: shop.store.id, cart_items: [{ item_id: tea.id, quantity: 1 }] }, bo.auth);
      return post(shop, '/v1/store/checkout', { delivery_method: 'pickup', payment_method: 'cash', coupon_code: 'CAP5' }, bo.auth);
    };
    const first = await buy();
    expect(first.body.data).toMatchObject({ grand_total: 5 });
    const second = await buy();
    expect([second.status, second.body.error_code]).toEqual([422, 'coupon_usage_limit_reached']);
  });
});
