import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product, Variant } from '../../../src/generated/prisma/client.js';
import { createProduct } from '../../support/catalog.js';
import { signInCustomer, type SignedInCustomer } from '../../support/customers.js';
import { createDiscount } from '../../support/discounts.js';
import { expectFailure, expectValidation } from '../../support/failure.js';
import { call, get } from '../../support/http.js';
import { makeStore, type TestStore } from '../../support/stores.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';
import { illinoisZone } from '../../support/shipping.js';

let t: TestApp;
let shop: TestStore;
let other: TestStore;
let tea: Product;
let mug: Product;
let shirt: Product;
let small: Variant;

type Headers = Record<string, string>;
const chicago = { label: 'Office', address: '1 N State St, Chicago', lat: 41.8781, lng: -87.6298 };
const guest = { name: 'Grace Guest', email: 'grace@guest.test' };

const post = (url: string, body: unknown, headers: Headers = {}, key = shop.publicKey) =>
  call(t.app, { method: 'POST', url, key, headers: { 'content-type': 'application/json', ...headers }, payload: JSON.stringify(body) });
const session = (): Headers => ({ 'x-cart-session': randomUUID() });
const fillCart = async (headers: Headers, lines: { item_id: string; quantity: number; variant_id?: string; price?: number }[], store = shop) => {
  const res = await post('/v1/store/cart', { vendor_id: store.store.id, cart_items: lines }, headers, store.publicKey);
  expect(res.status, res.raw).toBe(200);
  return res.body.data as { id: string };
};
const checkout = (body: Record<string, unknown>, headers: Headers, key = shop.publicKey) => post('/v1/store/checkout', body, headers, key);
const stockOf = async (product: Product) => (await t.database.prisma.product.findUniqueOrThrow({ where: { id: product.id } })).stock;
const ordersOf = (store = shop) => t.database.prisma.order.count({ where: { storeId: store.store.id } });
/** The orders/create event of one order. */
const createdEventOf = async (orderUid: string) => {
  const events = await t.database.prisma.outboxEvent.findMany({ where: { storeId: shop.store.id, topic: 'orders/create' } });
  return events.find((e) => (e.payload as { uid: string }).uid === orderUid)!;
};

beforeAll(async () => {
  t = await startTestApp();
  shop = await makeStore(t.database, { name: 'Checkout Shop' });
  other = await makeStore(t.database);
  await t.database.prisma.store.update({ where: { id: shop.store.id }, data: { deliveryFee: '4.00', address: '5 Market St' } });
  tea = await createProduct(t.database, shop.store, { title: 'Green Tea', price: '12.50', stock: 50 });
  mug = await createProduct(t.database, shop.store, { title: 'Mug', price: '8.00', stock: 50 });
  shirt = await createProduct(t.database, shop.store, {
    title: 'Shirt',
    options: { Size: ['S'] },
    variants: [{ title: 'S', optionValues: { Size: 'S' }, price: '20.00', stock: 4 }],
  });
  small = (await t.database.prisma.variant.findMany({ where: { productId: shirt.id } }))[0]!;
});
afterAll(() => t.close());

describe('POST /v1/store/checkout', () => {
  it('turns a guest cart into an order: catalogue prices, the flat delivery fee, stock taken, the cart closed, orders/create written', async () => {
    const headers = session();
    const cart = await fillCart(headers, [
      { item_id: tea.id, quantity: 2, price: 0.01 },
      { item_id: shirt.id, variant_id: small.id, quantity: 1 },
    ]);
    const teaBefore = await stockOf(tea);
    const res = await checkout(
      { cart_id: cart.id, delivery_method: 'delivery', address: chicago, payment_method: 'cash', contact: guest, note: 'Ring twice' },
      headers,
    );
    expect(res.status, res.raw).toBe(201);
    const order = res.body.data;
    expect(order).toMatchObject({
      title: 'Green Tea + 1 more',
      currency: 'USD',
      total_price: 45,
      delivery_fee: 4,
      grand_total: 49,
      payment_status: 'pending',
      status: 'placed',
      payment_method: 'cash',
      delivery_method: 'delivery',
      stage: 0,
      items_count: 3,
      payment_link: null,
      viewer_type: 'customer',
      delivery_address: { label: 'Office', address: chicago.address, state: 'Illinois', name: 'Grace Guest', phone: null },
      vendor: { id: shop.store.id, name: 'Checkout Shop' },
    });
    expect(order.order_no).toMatch(/^\d{4,}$/);
    expect(order.items.map((i: Record<string, unknown>) => [i.title, i.quantity, i.unit_price, i.total_price])).toEqual([
      ['Green Tea', 2, 12.5, 25],
      ['Shirt', 1, 20, 20],
    ]);
    expect(order.amount_summary.items.map((i: { key: string; amount: number }) => [i.key, i.amount])).toEqual([
      ['subtotal', 45],
      ['delivery_fee', 4],
      ['grand_total', 49],
    ]);
    expect(order.timeline).toEqual([{ title: 'Order placed', description: expect.any(String), time: order.created_at }]);
    expect(await stockOf(tea)).toBe(teaBefore - 2);
    expect((await t.database.prisma.variant.findUniqueOrThrow({ where: { id: small.id } })).stock).toBe(3);
    expect((await get(t.app, '/v1/store/cart', shop.publicKey, headers)).body.data).toEqual([]);
    expect((await createdEventOf(order.id)).payload).toMatchObject({
      uid: order.id,
      order_number: order.order_no,
      total: '49.00',
      subtotal: '45.00',
      customer: null,
    });
    const ledger = await t.database.prisma.inventoryAdjustment.findFirstOrThrow({ where: { productId: tea.id, reason: 'sold' } });
    expect(ledger).toMatchObject({ delta: -2, reference: `#${order.order_no}` });
  });

  it('answers the same order with 200 when the same cart is checked out again, and writes nothing more', async () => {
    const headers = session();
    const cart = await fillCart(headers, [{ item_id: mug.id, quantity: 1 }]);
    const body = { cart_id: cart.id, delivery_method: 'delivery', address: chicago, payment_method: 'cash', contact: guest };
    const first = await checkout(body, headers);
    const count = await ordersOf();
    const again = await checkout(body, headers);
    expect(again.status).toBe(200);
    expect(again.body.data.id).toBe(first.body.data.id);
    expect(await ordersOf()).toBe(count);
  });

  it('replays the stored answer for the same Idempotency-Key', async () => {
    const shopper = session();
    const headers = { ...shopper, 'idempotency-key': randomUUID() };
    const cart = await fillCart(shopper, [{ item_id: mug.id, quantity: 1 }]);
    const body = { cart_id: cart.id, delivery_method: 'delivery', address: chicago, payment_method: 'cash', contact: guest };
    const first = await checkout(body, headers);
    const replay = await checkout(body, headers);
    expect(replay.status).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.raw).toBe(first.raw);
  });

  it('numbers orders per store, increasing', async () => {
    const numbers: number[] = [];
    for (let i = 0; i < 2; i++) {
      const headers = session();
      await fillCart(headers, [{ item_id: mug.id, quantity: 1 }]);
      const res = await checkout({ delivery_method: 'delivery', address: chicago, payment_method: 'cash', contact: guest }, headers);
      numbers.push(Number(res.body.data.order_no));
    }
    expect(numbers[1]).toBe(numbers[0]! + 1);
  });

  it('applies the live automatic discount to the line and the totals', async () => {
    const store = await makeStore(t.database);
    const cake = await createProduct(t.database, store.store, { title: 'Cake', price: '10.00', stock: 5 });
    await createDiscount(t.database, store.store, { title: 'Cake day', type: 'percentage', value: '20', productIds: [cake.id], isPublished: true });
    const headers = session();
    await fillCart(headers, [{ item_id: cake.id, quantity: 3 }], store);
    const res = await checkout({ delivery_method: 'delivery', address: chicago, payment_method: 'cash', contact: guest }, headers, store.publicKey);
    expect(res.status, res.raw).toBe(201);
    expect(res.body.data.items[0]).toMatchObject({ base_unit_price: 10, unit_price: 8, total_price: 24, discounted_amount: 6 });
    expect(res.body.data).toMatchObject({ total_price: 24, grand_total: 24 });
    const order = await t.database.prisma.order.findFirstOrThrow({ where: { storeId: store.store.id } });
    expect([order.subtotal.toFixed(2), order.discountTotal.toFixed(2), order.total.toFixed(2)]).toEqual(['30.00', '6.00', '24.00']);
  });

  it('refuses a cart whose price changed since the shopper saw it with 409 cart_changed, lists the change, and takes the new price next time', async () => {
    const store = await makeStore(t.database);
    const jam = await createProduct(t.database, store.store, { title: 'Jam', price: '5.00', stock: 5 });
    const headers = session();
    const cart = await fillCart(headers, [{ item_id: jam.id, quantity: 1 }], store);
    await t.database.prisma.product.update({ where: { id: jam.id }, data: { price: '6.00', priceMin: '6.00', priceMax: '6.00' } });
    const body = { cart_id: cart.id, delivery_method: 'delivery', address: chicago, payment_method: 'cash', contact: guest };
    expectFailure(await checkout(body, headers, store.publicKey), 409, 'cart_changed');
    const shown = (await get(t.app, '/v1/store/cart', store.publicKey, headers)).body.data[0];
    expect(shown.validation_errors).toEqual([expect.objectContaining({ code: 'price_changed', old_value: 5, new_value: 6 })]);
    expect(await ordersOf(store)).toBe(0);
    const res = await checkout(body, headers, store.publicKey);
    expect(res.status).toBe(201);
    expect(res.body.data.grand_total).toBe(6);
  });

  it('refuses lines no longer in stock with cart_changed and leaves stock and cart as they were', async () => {
    const store = await makeStore(t.database);
    const rare = await createProduct(t.database, store.store, { title: 'Rare', price: '5.00', stock: 3 });
    const headers = session();
    await fillCart(headers, [{ item_id: rare.id, quantity: 3 }], store);
    await t.database.prisma.product.update({ where: { id: rare.id }, data: { stock: 2 } });
    expectFailure(await checkout({ delivery_method: 'pickup', payment_method: 'cash', contact: guest }, headers, store.publicKey), 409, 'cart_changed');
    expect(await stockOf(rare)).toBe(2);
    expect((await get(t.app, '/v1/store/cart', store.publicKey, headers)).body.data).toHaveLength(1);
  });

  it('answers 422 cart_empty with no open cart, and 422 on the owner rule without session or token', async () => {
    expectFailure(await checkout({ delivery_method: 'delivery', address: chicago, payment_method: 'cash', contact: guest }, session()), 422, 'cart_empty');
    expectValidation(await checkout({ delivery_method: 'delivery', address: chicago, payment_method: 'cash', contact: guest }, {}), 'session_token');
  });

  it('asks a guest for a contact, and delivery for an address', async () => {
    const headers = session();
    await fillCart(headers, [{ item_id: mug.id, quantity: 1 }]);
    expectValidation(await checkout({ delivery_method: 'delivery', address: chicago, payment_method: 'cash' }, headers), 'contact');
    expectValidation(
      await checkout({ delivery_method: 'delivery', address: chicago, payment_method: 'cash', contact: { name: 'No way to reach' } }, headers),
      'contact',
    );
    expectValidation(await checkout({ delivery_method: 'delivery', payment_method: 'cash', contact: guest }, headers), 'address');
    expectValidation(await checkout({ delivery_method: 'drone', payment_method: 'cash', contact: guest }, headers), 'delivery_method');
    expectValidation(await checkout({ delivery_method: 'pickup', payment_method: 'card', contact: guest }, headers), 'payment_method');
    expectValidation(
      await checkout({ delivery_method: 'delivery', address: { ...chicago, lat: 91 }, payment_method: 'cash', contact: guest }, headers),
      'address.lat',
    );
    expectValidation(await checkout({ delivery_method: 'pickup', payment_method: 'cash', contact: guest, surprise: 1 }, headers), 'surprise');
  });

  it('refuses pickup where the store does not offer it, and prices pickup at 0 where it does', async () => {
    const headers = session();
    await fillCart(headers, [{ item_id: mug.id, quantity: 1 }]);
    expectFailure(await checkout({ delivery_method: 'pickup', payment_method: 'cash', contact: guest }, headers), 422, 'delivery_unavailable');
    const store = await makeStore(t.database, { name: 'Pickup Shop' });
    await t.database.prisma.store.update({ where: { id: store.store.id }, data: { pickupEnabled: true, address: '9 Mill Lane', deliveryFee: '7.00' } });
    const cup = await createProduct(t.database, store.store, { title: 'Cup', price: '3.00', stock: 5 });
    const mine = session();
    await fillCart(mine, [{ item_id: cup.id, quantity: 1 }], store);
    const res = await checkout({ delivery_method: 'pickup', payment_method: 'cash', contact: guest }, mine, store.publicKey);
    expect(res.status, res.raw).toBe(201);
    expect(res.body.data).toMatchObject({ delivery_fee: 0, grand_total: 3, delivery_address: null, pickup_address: '9 Mill Lane', delivery_method: 'pickup' });
  });

  it('prices delivery by the shipping zone that reaches the address, and refuses an address no zone reaches', async () => {
    const store = await makeStore(t.database);
    await illinoisZone(t.database, store.store, { baseRate: '3.00', perKgRate: '1.50' });
    const boxed = await createProduct(t.database, store.store, {
      title: 'Boxed',
      options: { Size: ['L'] },
      variants: [{ title: 'L', optionValues: { Size: 'L' }, price: '10.00', stock: 9 }],
    });
    const large = (await t.database.prisma.variant.findFirstOrThrow({ where: { productId: boxed.id } }))!;
    await t.database.prisma.variant.update({ where: { id: large.id }, data: { weight: '2.000' } });
    const headers = session();
    await fillCart(headers, [{ item_id: boxed.id, variant_id: large.id, quantity: 2 }], store);
    const miami = { label: 'Beach', address: 'Ocean Dr, Miami', lat: 25.7617, lng: -80.1918 };
    expectFailure(
      await checkout({ delivery_method: 'delivery', address: miami, payment_method: 'cash', contact: guest }, headers, store.publicKey),
      422,
      'delivery_unavailable',
    );
    const res = await checkout({ delivery_method: 'delivery', address: chicago, payment_method: 'cash', contact: guest }, headers, store.publicKey);
    expect(res.status, res.raw).toBe(201);
    // 3.00 + 1.50 × 4 kg
    expect(res.body.data).toMatchObject({ delivery_fee: 9, grand_total: 29 });
    expect(res.body.data.earliest_delivery_time).not.toBeNull();
  });

  it('refuses a store that is not taking orders, and a cart under its minimum order', async () => {
    const store = await makeStore(t.database);
    const pen = await createProduct(t.database, store.store, { title: 'Pen', price: '2.00', stock: 9 });
    const headers = session();
    await fillCart(headers, [{ item_id: pen.id, quantity: 1 }], store);
    const body = { delivery_method: 'delivery', address: chicago, payment_method: 'cash', contact: guest };
    await t.database.prisma.store.update({ where: { id: store.store.id }, data: { minOrderPrice: '5.00' } });
    expectFailure(await checkout(body, headers, store.publicKey), 422, 'minimum_order_not_met');
    await t.database.prisma.store.update({ where: { id: store.store.id }, data: { disableOrder: true } });
    expectFailure(await checkout(body, headers, store.publicKey), 409, 'store_not_accepting_orders');
    expect(await ordersOf(store)).toBe(0);
  });

  it('takes coupon_code: null as no coupon', async () => {
    const headers = session();
    await fillCart(headers, [{ item_id: mug.id, quantity: 1 }]);
    const res = await checkout({ delivery_method: 'delivery', address: chicago, payment_method: 'cash', contact: guest, coupon_code: null }, headers);
    expect(res.status, res.raw).toBe(201);
    expect(res.body.data).toMatchObject({ total_price: 8, grand_total: 12 });
    expect(await t.database.prisma.order.findUniqueOrThrow({ where: { uid: res.body.data.id }, select: { couponCode: true } })).toEqual({ couponCode: null });
  });

  it('refuses a store outside its opening hours with store_closed, unless it takes preorders', async () => {
    const store = await makeStore(t.database, { name: 'Night Owl' });
    const pen = await createProduct(t.database, store.store, { title: 'Pen', price: '2.00', stock: 9 });
    // Hours that start an hour from now, in UTC, so the store is closed now whatever the time of day.
    const hhmm = (minutesAhead: number) => new Date(Date.now() + minutesAhead * 60_000).toISOString().slice(11, 16);
    const opens = hhmm(60);
    await t.database.prisma.store.update({
      where: { id: store.store.id },
      data: { timezone: 'UTC', openTime: opens, closeTime: hhmm(120), pickupEnabled: true },
    });
    const info = await get(t.app, '/v1/store/info', store.publicKey);
    expect(info.body.data.is_open).toBe(false);
    const headers = session();
    await fillCart(headers, [{ item_id: pen.id, quantity: 1 }], store);
    const body = { delivery_method: 'pickup', payment_method: 'cash', contact: guest };
    expectFailure(
      await checkout(body, headers, store.publicKey),
      409,
      'store_closed',
      `Night Owl is closed now and takes no orders before it opens (Opens at ${opens}).`,
    );
    expect(await ordersOf(store)).toBe(0);
    await t.database.prisma.store.update({ where: { id: store.store.id }, data: { preorderEnabled: true } });
    const res = await checkout(body, headers, store.publicKey);
    expect(res.status, res.raw).toBe(201);
    expect(await ordersOf(store)).toBe(1);
  });

  it('does not reach another store’s cart', async () => {
    const headers = session();
    await fillCart(headers, [{ item_id: mug.id, quantity: 1 }]);
    expectFailure(
      await checkout({ delivery_method: 'delivery', address: chicago, payment_method: 'cash', contact: guest }, headers, other.publicKey),
      422,
      'cart_empty',
    );
  });
});

describe('POST /v1/store/checkout signed in', () => {
  let ada: SignedInCustomer;

  beforeAll(async () => {
    ada = await signInCustomer(t.database, shop.store, { phone: `+1201555${String(Math.floor(Math.random() * 9000) + 1000)}` });
  });

  it('delivers to a saved address, records the customer on the order and counts their orders', async () => {
    const saved = await post('/v1/store/addresses', chicago, ada.auth);
    expect(saved.status, saved.raw).toBe(201);
    await fillCart(ada.auth, [{ item_id: tea.id, quantity: 1 }]);
    const res = await checkout({ delivery_method: 'delivery', address_id: saved.body.data.id, payment_method: 'cash' }, ada.auth);
    expect(res.status, res.raw).toBe(201);
    expect(res.body.data).toMatchObject({
      created_by_id: ada.customer.uid,
      delivery_address: { label: 'Office', state: 'Illinois', name: 'Ada Shopper', phone: ada.account.phone },
    });
    expect((await t.database.prisma.customer.findUniqueOrThrow({ where: { id: ada.customer.id } })).ordersCount).toBe(1);
    expect((await createdEventOf(res.body.data.id)).payload).toMatchObject({
      customer: { id: ada.customer.id, name: 'Ada Shopper', email: ada.account.email },
    });
  });

  it('answers 404 for a saved address that is not the shopper’s', async () => {
    const bob = await signInCustomer(t.database, shop.store);
    const hers = await post('/v1/store/addresses', chicago, ada.auth);
    await fillCart(bob.auth, [{ item_id: tea.id, quantity: 1 }]);
    expectFailure(
      await checkout({ delivery_method: 'delivery', address_id: hers.body.data.id, payment_method: 'cash' }, bob.auth),
      404,
      'not_found',
      'Saved address not found.',
    );
  });
});

describe('POST /v1/store/checkout with PAYMENT_PROVIDER=none', () => {
  it('refuses online payment with 422 payment_method_unavailable, takes cash, and serves no test pay page', async () => {
    const bare = await startTestApp({ PAYMENT_PROVIDER: 'none' }, { database: t.database });
    try {
      const store = await makeStore(t.database);
      const cup = await createProduct(t.database, store.store, { title: 'Cup', price: '3.00', stock: 5 });
      const headers = session();
      const send = (url: string, body: unknown) =>
        call(bare.app, {
          method: 'POST',
          url,
          key: store.publicKey,
          headers: { 'content-type': 'application/json', ...headers },
          payload: JSON.stringify(body),
        });
      await send('/v1/store/cart', { vendor_id: store.store.id, cart_items: [{ item_id: cup.id, quantity: 1 }] });
      const online = await send('/v1/store/checkout', { delivery_method: 'delivery', address: chicago, payment_method: 'online', contact: guest });
      expectFailure(online, 422, 'payment_method_unavailable', 'Test ' + store.store.slug + ' takes no online payment here: choose cash.');
      const cash = await send('/v1/store/checkout', { delivery_method: 'delivery', address: chicago, payment_method: 'cash', contact: guest });
      expect(cash.status, cash.raw).toBe(201);
      expect((await bare.app.inject({ method: 'GET', url: `/pay/test/${cash.body.data.id}/anything` })).statusCode).toBe(404);
    } finally {
      await bare.close();
    }
  });
});
