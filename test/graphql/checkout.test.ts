import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '../../src/generated/prisma/client.js';
import { statusLabels } from '../../src/domain/orders/order-states.js';
import { session } from '../support/cart.js';
import { createProduct } from '../support/catalog.js';
import { signInCustomer } from '../support/customers.js';
import { CHECKOUT, ERRORS, completeCheckout, fillCart as fill, guest, money, phoneEnding } from '../support/graphql-orders.js';
import { get, graphql } from '../support/http.js';
import { chicago, type Headers } from '../support/orders.js';
import { makeStore, type TestStore } from '../support/stores.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { illinoisId } from '../support/shipping.js';

let t: TestApp;
let shop: TestStore;
let other: TestStore;
let tea: Product;
let mug: Product;

const ADDRESS = `mutation ($input: SavedAddressInput!) { addressCreate(input: $input) { address { id } ${ERRORS} } }`;

const run = (query: string, variables: Record<string, unknown>, headers: Headers, key = shop.publicKey) => graphql(t.app, key, query, variables, headers);
const fillCart = (headers: Headers, lines: { productId: string; quantity: number }[], store = shop) => fill(t.app, store, headers, lines);
const checkout = (input: Record<string, unknown>, headers: Headers, key = shop.publicKey) => completeCheckout(t.app, key, input, headers);
const ordersOf = (store = shop) => t.database.prisma.order.count({ where: { storeId: store.store.id } });
const stockOf = async (product: Product) => (await t.database.prisma.product.findUniqueOrThrow({ where: { id: product.id } })).stock;
/** The region the test data set places the Chicago point in. */
const illinois = () => illinoisId(t.database);

beforeAll(async () => {
  t = await startTestApp();
  shop = await makeStore(t.database, { name: 'Orders Shop' });
  other = await makeStore(t.database);
  await t.database.prisma.store.update({ where: { id: shop.store.id }, data: { deliveryFee: '4.00', address: '5 Market St' } });
  tea = await createProduct(t.database, shop.store, { title: 'Green Tea', price: '12.50', stock: 50 });
  mug = await createProduct(t.database, shop.store, { title: 'Mug', price: '8.00', stock: 50 });
  await t.database.prisma.coupon.createMany({
    data: [
      { storeId: shop.store.id, code: 'SAVE5', codeKey: 'SAVE5', title: 'Five off', discountType: 'fixed', discountValue: '5' },
      {
        storeId: shop.store.id,
        code: 'OLD',
        codeKey: 'OLD',
        title: 'Gone',
        discountType: 'fixed',
        discountValue: '5',
        expiresAt: new Date('2020-01-01T00:00:00Z'),
      },
    ],
  });
});
afterAll(() => t.close());

describe('checkoutComplete', () => {
  it('places a guest’s order from the session cart: catalogue prices, the delivery fee, the contact as recipient, stock taken, the cart closed', async () => {
    const headers = session();
    const cartId = await fillCart(headers, [
      { productId: tea.id, quantity: 2 },
      { productId: mug.id, quantity: 1 },
    ]);
    const teaBefore = await stockOf(tea);
    const payload = await checkout(
      { cartId, deliveryMethod: 'DELIVERY', address: chicago, paymentMethod: 'CASH', contact: guest, note: 'Ring twice' },
      headers,
    );
    const row = await t.database.prisma.order.findFirstOrThrow({ where: { cartId }, include: { items: { orderBy: { position: 'asc' } } } });
    const line = (product: Product, quantity: number, unit: string, total: string) => ({
      productId: product.id,
      title: product.title,
      variantId: null,
      variantTitle: null,
      variantOptionValues: [],
      quantity,
      basePrice: money(unit),
      unitPrice: money(unit),
      discountedAmount: money('0.00'),
      total: money(total),
      properties: {},
    });
    expect(payload).toEqual({
      created: true,
      userErrors: [],
      order: {
        uuid: row.uid,
        number: String(row.number),
        status: 'PLACED',
        statusLabel: 'Order placed',
        paymentStatus: 'PENDING',
        paymentMethod: 'CASH',
        deliveryMethod: 'DELIVERY',
        subtotal: { amount: '33.00', currencyCode: 'USD' },
        discountTotal: money('0.00'),
        deliveryFee: money('4.00'),
        total: money('37.00'),
        couponCode: null,
        itemsCount: 3,
        lines: [line(tea, 2, '12.50', '25.00'), line(mug, 1, '8.00', '8.00')],
        timeline: [{ status: 'PLACED', title: 'Order placed', description: statusLabels.placed.description, at: row.createdAt.toISOString() }],
        deliveryAddress: {
          label: 'Office',
          address: chicago.address,
          lat: chicago.lat,
          lng: chicago.lng,
          countryCode: 'US',
          state: 'Illinois',
          stateId: await illinois(),
          recipientName: 'Grace Guest',
          recipientPhone: null,
        },
        pickupAddress: null,
        note: 'Ring twice',
        payLink: null,
        createdAt: row.createdAt.toISOString(),
      },
    });
    expect(row.contact).toEqual({ name: 'Grace Guest', email: 'grace@guest.test', phone: null });
    expect(await stockOf(tea)).toBe(teaBefore - 2);
    expect((await run('{ cart { id } }', {}, headers)).body.data).toEqual({ cart: null });
  });

  it('answers the same order, created false, when the same cart is checked out again, and writes nothing more', async () => {
    const headers = session();
    const cartId = await fillCart(headers, [{ productId: mug.id, quantity: 1 }]);
    const input = { cartId, deliveryMethod: 'DELIVERY', address: chicago, paymentMethod: 'CASH', contact: guest };
    const first = await checkout(input, headers);
    const count = await ordersOf();
    const again = await checkout(input, headers);
    expect(again).toEqual({ ...first, created: false });
    expect(await ordersOf()).toBe(count);
  });

  it('places a customer’s online order to a saved address, with the account as recipient and the pay link REST answers', async () => {
    const phone = phoneEnding('0161');
    const ada = await signInCustomer(t.database, shop.store, { phone });
    const saved = await run(ADDRESS, { input: chicago }, ada.auth);
    const addressId = saved.body.data.addressCreate.address.id;
    await fillCart(ada.auth, [{ productId: tea.id, quantity: 1 }]);
    const payload = await checkout({ deliveryMethod: 'DELIVERY', addressId, paymentMethod: 'ONLINE' }, ada.auth);
    expect(payload.userErrors).toEqual([]);
    const { order } = payload;
    expect(order).toMatchObject({
      status: 'PENDING_PAYMENT',
      statusLabel: 'Awaiting payment',
      paymentStatus: 'PENDING',
      paymentMethod: 'ONLINE',
      total: money('16.50'),
      deliveryAddress: { label: 'Office', state: 'Illinois', recipientName: 'Ada Shopper', recipientPhone: phone },
    });
    const rest = await get(t.app, `/v1/store/orders/${order.uuid}`, shop.publicKey, ada.auth);
    expect(order.payLink).toMatch(new RegExp(`^http://bazaar\\.test/pay/test/${order.uuid}/[\\w-]+$`));
    expect(order.payLink).toBe(rest.body.data.pay_link);
    const row = await t.database.prisma.order.findUniqueOrThrow({ where: { uid: order.uuid } });
    expect([row.customerId, row.contact]).toEqual([ada.customer.id, null]);
  });

  it('answers bad input as userErrors under the input’s field names, and writes nothing', async () => {
    const headers = session();
    await fillCart(headers, [{ productId: mug.id, quantity: 1 }]);
    const count = await ordersOf();
    const base = { deliveryMethod: 'DELIVERY', address: chicago, paymentMethod: 'CASH', contact: guest };
    const refusal = async (input: Record<string, unknown>, who = headers) => (await checkout(input, who)).userErrors;
    expect(await refusal({ ...base, contact: undefined })).toEqual([
      {
        field: 'input.contact',
        code: 'validation_failed',
        message: 'is required for a guest checkout: send contact.name and contact.email or contact.phone, or sign in',
      },
    ]);
    expect(await refusal({ ...base, contact: { name: 'No way to reach' } })).toEqual([
      { field: 'input.contact', code: 'validation_failed', message: 'needs an email or a phone number so the store can reach the shopper' },
    ]);
    expect(await refusal({ ...base, contact: { name: 'Bad', email: 'not-an-email' } })).toEqual([
      { field: 'input.contact.email', code: 'validation_failed', message: 'must be an email address' },
    ]);
    expect(await refusal({ ...base, address: undefined })).toEqual([
      { field: 'input.address', code: 'validation_failed', message: 'is required for delivery: send address_id (a saved address) or address' },
    ]);
    expect(await refusal({ ...base, address: { ...chicago, lat: 91 } })).toEqual([
      { field: 'input.address.lat', code: 'validation_failed', message: 'must be between -90 and 90' },
    ]);
    expect(await refusal({ ...base, address: undefined, addressId: randomUUID() })).toEqual([
      { field: 'input.addressId', code: 'validation_failed', message: 'needs a signed-in customer; a guest sends address instead' },
    ]);
    expect(await refusal({ ...base, deliveryMethod: 'PICKUP' })).toEqual([
      { field: 'input.deliveryMethod', code: 'delivery_unavailable', message: 'Orders Shop does not offer pickup; choose delivery.' },
    ]);
    expect(await refusal(base, {})).toEqual([
      {
        field: 'X-Cart-Session',
        code: 'validation_failed',
        message: 'Missing session token for anonymous cart: send X-Cart-Session (or session_token), or sign in.',
      },
    ]);
    expect(await refusal(base, session())).toEqual([{ field: null, code: 'cart_empty', message: 'There is no open cart to check out: add items first.' }]);
    const notAnEnum = await run(CHECKOUT, { input: { ...base, paymentMethod: 'CARD' } }, headers);
    expect(notAnEnum.body.errors[0].message).toContain('"CARD"');
    expect(await ordersOf()).toBe(count);
  });

  it('refuses a changed cart with cart_changed and a coupon it cannot take with its code, then places the order with a good coupon', async () => {
    const store = await makeStore(t.database, { name: 'Jam Shop' });
    const jam = await createProduct(t.database, store.store, { title: 'Jam', price: '5.00', stock: 5 });
    await t.database.prisma.coupon.create({
      data: { storeId: store.store.id, code: 'JAM1', codeKey: 'JAM1', title: 'One off', discountType: 'fixed', discountValue: '1' },
    });
    await t.database.prisma.coupon.create({
      data: { storeId: store.store.id, code: 'GONE', codeKey: 'GONE', title: 'Gone', discountType: 'fixed', discountValue: '1', usageLimit: 1, usedCount: 1 },
    });
    const headers = session();
    const cartId = await fillCart(headers, [{ productId: jam.id, quantity: 2 }], store);
    await t.database.prisma.product.update({ where: { id: jam.id }, data: { price: '6.00', priceMin: '6.00', priceMax: '6.00' } });
    const input = { cartId, deliveryMethod: 'DELIVERY', address: chicago, paymentMethod: 'CASH', contact: guest };
    expect(await checkout(input, headers, store.publicKey)).toEqual({
      order: null,
      created: null,
      userErrors: [
        {
          field: null,
          code: 'cart_changed',
          message: 'The cart changed since the shopper saw it (its lines, a price or availability): show the cart again, then check out.',
        },
      ],
    });
    expect((await checkout({ ...input, couponCode: 'NOPE' }, headers, store.publicKey)).userErrors).toEqual([
      { field: 'input.couponCode', code: 'coupon_invalid', message: 'is not a valid code at this store' },
    ]);
    expect((await checkout({ ...input, couponCode: 'GONE' }, headers, store.publicKey)).userErrors).toEqual([
      { field: 'input.couponCode', code: 'coupon_usage_limit_reached', message: 'has been used as many times as it may be' },
    ]);
    expect(await stockOf(jam)).toBe(5);
    expect(await ordersOf(store)).toBe(0);
    const placed = await checkout({ ...input, couponCode: 'jam1' }, headers, store.publicKey);
    expect(placed.userErrors).toEqual([]);
    expect(placed.order).toMatchObject({
      subtotal: money('12.00'),
      discountTotal: money('1.00'),
      total: money('11.00'),
      couponCode: 'JAM1',
      lines: [{ quantity: 2, unitPrice: money('6.00'), discountedAmount: money('1.00'), total: money('11.00') }],
    });
    expect(await stockOf(jam)).toBe(3);
  });

  it('does not reach another store’s cart, and answers an expired coupon of this store', async () => {
    const headers = session();
    await fillCart(headers, [{ productId: mug.id, quantity: 1 }]);
    const input = { deliveryMethod: 'DELIVERY', address: chicago, paymentMethod: 'CASH', contact: guest };
    expect((await checkout(input, headers, other.publicKey)).userErrors).toEqual([
      { field: null, code: 'cart_empty', message: 'There is no open cart to check out: add items first.' },
    ]);
    expect((await checkout({ ...input, couponCode: 'OLD' }, headers)).userErrors).toEqual([
      { field: 'input.couponCode', code: 'coupon_invalid', message: 'has expired' },
    ]);
    expect((await checkout({ ...input, couponCode: 'SAVE5' }, headers)).order).toMatchObject({ couponCode: 'SAVE5', total: money('7.00') });
  });
});
