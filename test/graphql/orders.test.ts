import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '../../src/generated/prisma/client.js';
import { statusLabels } from '../../src/domain/orders/order-states.js';
import { createProduct } from '../support/catalog.js';
import { signInCustomer, type SignedInCustomer } from '../support/customers.js';
import { get, graphql } from '../support/http.js';
import { makeKey, makeStore, type TestStore } from '../support/stores.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let shop: TestStore;
let other: TestStore;
let tea: Product;
let mug: Product;

type Headers = Record<string, string>;
const ERRORS = 'userErrors { field code message }';
const ORDER = `id number status statusLabel paymentStatus paymentMethod deliveryMethod
  subtotal { amount currencyCode } discountTotal { amount } deliveryFee { amount } total { amount } couponCode itemsCount
  lines { productId title variantId variantTitle variantOptionValues { name value } quantity basePrice { amount } unitPrice { amount } discountedAmount { amount } total { amount } properties }
  timeline { status title description at }
  deliveryAddress { label address lat lng countryCode state stateId recipientName recipientPhone }
  pickupAddress note payLink createdAt`;
const CHECKOUT = `mutation ($input: CheckoutInput!) { checkoutComplete(input: $input) { order { ${ORDER} } created ${ERRORS} } }`;
const UPSERT = `mutation ($input: CartUpsertInput!) { cartUpsert(input: $input) { cart { id } ${ERRORS} } }`;
const ADDRESS = `mutation ($input: SavedAddressInput!) { addressCreate(input: $input) { address { id } ${ERRORS} } }`;
const MY_ORDERS = `query ($first: Int, $after: String, $status: OrderListStatus) {
  customer { orders(first: $first, after: $after, status: $status) { edges { node { number total { amount } } } pageInfo { hasNextPage endCursor } } } }`;
const MY_ORDER = `query ($id: String!) { customer { order(id: $id) { id number status } } }`;

const chicago = { label: 'Office', address: '1 N State St, Chicago', lat: 41.8781, lng: -87.6298 };
const guest = { name: 'Grace Guest', email: 'grace@guest.test' };
const run = (query: string, variables: Record<string, unknown>, headers: Headers, key = shop.publicKey) => graphql(t.app, key, query, variables, headers);
const session = (): Headers => ({ 'x-cart-session': randomUUID() });
const fillCart = async (headers: Headers, lines: { productId: string; quantity: number }[], store = shop) => {
  const res = await run(UPSERT, { input: { lines } }, headers, store.publicKey);
  expect(res.body.data.cartUpsert.userErrors).toEqual([]);
  return res.body.data.cartUpsert.cart.id as string;
};
const checkout = async (input: Record<string, unknown>, headers: Headers, key = shop.publicKey) => {
  const res = await run(CHECKOUT, { input }, headers, key);
  expect(res.body.errors, res.raw).toBeUndefined();
  return res.body.data.checkoutComplete;
};
const ordersOf = (store = shop) => t.database.prisma.order.count({ where: { storeId: store.store.id } });
const stockOf = async (product: Product) => (await t.database.prisma.product.findUniqueOrThrow({ where: { id: product.id } })).stock;
const money = (amount: string) => ({ amount });
/** Accounts are platform-wide: a phone of this run's own, ending in the digits a masked one keeps. */
const phoneEnding = (last4: string) => `+1${String(Math.floor(Math.random() * 900_000) + 100_000)}${last4}`;
/** The region the test data set places the Chicago point in. */
const illinois = async () => (await t.database.prisma.region.findFirstOrThrow({ where: { kind: 'state', name: 'Illinois' } })).id;

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
        id: row.uid,
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
    const rest = await get(t.app, `/v1/store/orders/${order.id}`, shop.publicKey, ada.auth);
    expect(order.payLink).toMatch(new RegExp(`^http://bazaar\\.test/pay/test/${order.id}/[\\w-]+$`));
    expect(order.payLink).toBe(rest.body.data.pay_link);
    const row = await t.database.prisma.order.findUniqueOrThrow({ where: { uid: order.id } });
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
          message: 'The cart changed since the shopper saw it (price or availability): show the cart again, then check out.',
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

describe('customer orders', () => {
  let carol: SignedInCustomer;
  const numbers: string[] = [];

  beforeAll(async () => {
    carol = await signInCustomer(t.database, shop.store, { firstName: 'Carol', lastName: 'Buyer' });
    for (const [product, paymentMethod] of [
      [tea, 'ONLINE'],
      [mug, 'CASH'],
      [mug, 'CASH'],
    ] as const) {
      await fillCart(carol.auth, [{ productId: product.id, quantity: 1 }]);
      numbers.unshift((await checkout({ deliveryMethod: 'DELIVERY', address: chicago, paymentMethod }, carol.auth)).order.number);
    }
  });

  it('lists the viewer’s orders newest first, walked by cursor', async () => {
    const seen: string[] = [];
    let after: string | null = null;
    do {
      const res: { body: any } = await run(MY_ORDERS, { first: 2, after }, carol.auth);
      const { edges, pageInfo } = res.body.data.customer.orders;
      seen.push(...edges.map((e: { node: { number: string } }) => e.node.number));
      after = pageInfo.hasNextPage ? pageInfo.endCursor : null;
    } while (after);
    expect(seen).toEqual(numbers);
    const all = await run(MY_ORDERS, {}, carol.auth);
    expect(all.body.data.customer.orders.edges.map((e: { node: { total: { amount: string } } }) => e.node.total.amount)).toEqual(['12.00', '12.00', '16.50']);
  });

  it('filters by the storefront status', async () => {
    await t.database.prisma.order.updateMany({ where: { storeId: shop.store.id, number: Number(numbers[0]) }, data: { status: 'completed' } });
    const numbersOf = async (status: string) =>
      (await run(MY_ORDERS, { status }, carol.auth)).body.data.customer.orders.edges.map((e: { node: { number: string } }) => e.node.number);
    expect(await numbersOf('COMPLETED')).toEqual([numbers[0]]);
    expect(await numbersOf('PENDING')).toEqual([numbers[1], numbers[2]]);
    expect(await numbersOf('DELIVERED')).toEqual([]);
  });

  it('reads one order by number or uuid; another customer’s, or another store’s, is null', async () => {
    const byNumber = (await run(MY_ORDER, { id: numbers[2]! }, carol.auth)).body.data.customer.order;
    expect(byNumber).toEqual({ id: expect.any(String), number: numbers[2], status: 'PENDING_PAYMENT' });
    expect((await run(MY_ORDER, { id: byNumber.id.toUpperCase() }, carol.auth)).body.data.customer.order).toEqual(byNumber);
    const dave = await signInCustomer(t.database, shop.store);
    for (const id of [byNumber.id, numbers[2]!]) {
      expect((await run(MY_ORDER, { id }, dave.auth)).body.data).toEqual({ customer: { order: null } });
    }
    expect((await run(MY_ORDER, { id: 'not-an-order' }, carol.auth)).body.data).toEqual({ customer: { order: null } });
    const elsewhere = await signInCustomer(t.database, other.store, { id: carol.account.id });
    expect((await run(MY_ORDER, { id: byNumber.id }, elsewhere.auth, other.publicKey)).body.data).toEqual({ customer: { order: null } });
    expect((await run(MY_ORDERS, {}, dave.auth)).body.data.customer.orders).toEqual({ edges: [], pageInfo: { hasNextPage: false, endCursor: null } });
  });

  it('needs a customer token', async () => {
    const res = await run(MY_ORDERS, {}, {});
    expect(res.body.data).toBeNull();
    expect(res.body.errors[0].extensions.code).toBe('customer_token_required');
  });
});

describe('merchant orders', () => {
  let store: TestStore;
  let reader: string;
  let contactReader: string;
  let dan: SignedInCustomer;
  let danOrder: { id: number; uid: string };
  let guestOrder: { id: number; uid: string };

  const ORDERS = `query ($first: Int, $after: String, $sortBy: MerchantOrderSortField, $sortOrder: SortOrder, $updatedAfter: DateTime,
      $paymentStatus: OrderPaymentStatus, $deliveryMethod: DeliveryMethod, $customerUid: UUID) {
    merchant { orders(first: $first, after: $after, sortBy: $sortBy, sortOrder: $sortOrder, updatedAfter: $updatedAfter,
      paymentStatus: $paymentStatus, deliveryMethod: $deliveryMethod, customerUid: $customerUid) {
      edges { node { id } } pageInfo { hasNextPage endCursor } } } }`;
  const ORDER_READ = `query ($id: String!) { merchant { order(id: $id) {
    id uid number status paymentStatus paymentMethod deliveryMethod fulfillmentStatus cancelReason channel
    subtotal { amount currencyCode } discountTotal { amount } shippingTotal { amount } taxTotal { amount } total { amount } couponCode
    customer { id uid name email phone } shippingAddress { address recipientName recipientPhone }
    lines { title quantity unitPrice { amount } total { amount } } note metafields metadata createdAt updatedAt paidAt fulfilledAt } } }`;
  const idsOf = (res: { body: any }) => res.body.data.merchant.orders.edges.map((e: { node: { id: number } }) => e.node.id);
  const contactOf = async (key: string, id: string) => {
    const { customer, shippingAddress } = (await graphql(t.app, key, ORDER_READ, { id })).body.data.merchant.order;
    return { customer, shippingAddress };
  };

  beforeAll(async () => {
    store = await makeStore(t.database, { name: 'Merchant Shop' });
    reader = await makeKey(t.database, { store: store.store.slug, kind: 'private', scopes: ['merchant-orders-read'] });
    contactReader = await makeKey(t.database, {
      store: store.store.slug,
      kind: 'private',
      scopes: ['merchant-orders-read', 'merchant-customers-contact-read'],
    });
    const pot = await createProduct(t.database, store.store, { title: 'Pot', price: '30.00', stock: 9 });
    dan = await signInCustomer(t.database, store.store, {
      firstName: 'Dan',
      lastName: 'Doe',
      email: `dan-${randomUUID().slice(0, 8)}@shop.test`,
      phone: phoneEnding('0177'),
    });
    await fillCart(dan.auth, [{ productId: pot.id, quantity: 2 }], store);
    const placed = await checkout({ deliveryMethod: 'DELIVERY', address: chicago, paymentMethod: 'CASH', note: 'Back door' }, dan.auth, store.publicKey);
    danOrder = await t.database.prisma.order.findUniqueOrThrow({ where: { uid: placed.order.id } });
    const headers = session();
    await fillCart(headers, [{ productId: pot.id, quantity: 1 }], store);
    const address = { ...chicago, recipientName: 'Gil Gift', recipientPhone: '+13125550199' };
    const gift = await checkout({ deliveryMethod: 'DELIVERY', address, paymentMethod: 'CASH', contact: guest }, headers, store.publicKey);
    guestOrder = await t.database.prisma.order.findUniqueOrThrow({ where: { uid: gift.order.id } });
  });

  it('reads an order by id or uuid, the customer’s contact and the recipient’s phone masked without the contact scope', async () => {
    const row = await t.database.prisma.order.findUniqueOrThrow({ where: { id: danOrder.id } });
    for (const id of [String(danOrder.id), danOrder.uid]) {
      const res = await graphql(t.app, reader, ORDER_READ, { id });
      expect(res.body.errors).toBeUndefined();
      expect(res.body.data.merchant.order).toEqual({
        id: danOrder.id,
        uid: danOrder.uid,
        number: String(row.number),
        status: 'PLACED',
        paymentStatus: 'PENDING',
        paymentMethod: 'CASH',
        deliveryMethod: 'DELIVERY',
        fulfillmentStatus: 'unfulfilled',
        cancelReason: null,
        channel: 'web',
        subtotal: { amount: '60.00', currencyCode: 'USD' },
        discountTotal: money('0.00'),
        shippingTotal: money('0.00'),
        taxTotal: money('0.00'),
        total: money('60.00'),
        couponCode: null,
        customer: { id: dan.customer.id, uid: dan.customer.uid, name: 'Dan Doe', email: 'd***@shop.test', phone: '+1******0177' },
        shippingAddress: { address: chicago.address, recipientName: 'Dan Doe', recipientPhone: '+1******0177' },
        lines: [{ title: 'Pot', quantity: 2, unitPrice: money('30.00'), total: money('60.00') }],
        note: 'Back door',
        metafields: {},
        metadata: {},
        createdAt: row.createdAt.toISOString(),
        updatedAt: row.updatedAt.toISOString(),
        paidAt: null,
        fulfilledAt: null,
      });
    }
    expect(await contactOf(contactReader, danOrder.uid)).toEqual({
      customer: { id: dan.customer.id, uid: dan.customer.uid, name: 'Dan Doe', email: dan.account.email, phone: dan.account.phone },
      shippingAddress: { address: chicago.address, recipientName: 'Dan Doe', recipientPhone: dan.account.phone },
    });
    expect(await contactOf(reader, guestOrder.uid)).toEqual({
      customer: null,
      shippingAddress: { address: chicago.address, recipientName: 'Gil Gift', recipientPhone: '+1******0199' },
    });
    expect((await contactOf(contactReader, guestOrder.uid)).shippingAddress.recipientPhone).toBe('+13125550199');
  });

  it('lists the store’s orders newest first, filtered and sorted as REST', async () => {
    expect(idsOf(await graphql(t.app, reader, ORDERS))).toEqual([guestOrder.id, danOrder.id]);
    expect(idsOf(await graphql(t.app, reader, ORDERS, { sortBy: 'TOTAL', sortOrder: 'DESC' }))).toEqual([danOrder.id, guestOrder.id]);
    expect(idsOf(await graphql(t.app, reader, ORDERS, { customerUid: dan.customer.uid }))).toEqual([danOrder.id]);
    expect(idsOf(await graphql(t.app, reader, ORDERS, { paymentStatus: 'PAID' }))).toEqual([]);
    expect(idsOf(await graphql(t.app, reader, ORDERS, { deliveryMethod: 'PICKUP' }))).toEqual([]);
    expect(idsOf(await graphql(t.app, reader, ORDERS, { updatedAfter: '2020-01-01T00:00:00Z' }))).toEqual([danOrder.id, guestOrder.id]);
    const first = await graphql(t.app, reader, ORDERS, { first: 1 });
    expect(first.body.data.merchant.orders.pageInfo.hasNextPage).toBe(true);
    const rest = await get(t.app, `/api/v1/merchant/orders?starting_after=${first.body.data.merchant.orders.pageInfo.endCursor}`, reader);
    expect(rest.body.data.map((o: { id: number }) => o.id)).toEqual([danOrder.id]);
  });

  it('names a bad combination of arguments', async () => {
    const res = await graphql(t.app, reader, ORDERS, { updatedAfter: '2020-01-01T00:00:00Z', sortBy: 'TOTAL' });
    expect(res.body.errors[0].extensions).toMatchObject({ code: 'validation_failed', errors: { sortBy: [expect.any(String)] } });
    expect((await graphql(t.app, reader, ORDERS, { first: 101 })).body.errors[0].extensions).toMatchObject({
      code: 'validation_failed',
      errors: { first: ['must be between 1 and 100'] },
    });
  });

  it('answers not_found for another store’s order', async () => {
    const theirs = await t.database.prisma.order.findFirstOrThrow({ where: { storeId: shop.store.id } });
    for (const id of [String(theirs.id), theirs.uid]) {
      const res = await graphql(t.app, reader, ORDER_READ, { id });
      expect(res.body.errors[0]).toMatchObject({ message: 'Order not found.', path: ['merchant', 'order'], extensions: { code: 'not_found' } });
    }
    expect(idsOf(await graphql(t.app, store.privateKey, ORDERS))).toEqual([guestOrder.id, danOrder.id]);
  });

  it('needs merchant-orders-read', async () => {
    const customersOnly = await makeKey(t.database, { store: store.store.slug, kind: 'private', scopes: ['merchant-customers-read'] });
    for (const [query, variables, path] of [
      [ORDERS, {}, ['merchant', 'orders']],
      [ORDER_READ, { id: danOrder.uid }, ['merchant', 'order']],
    ] as const) {
      const res = await graphql(t.app, customersOnly, query, variables);
      expect(res.body.errors[0]).toMatchObject({ path, extensions: { code: 'insufficient_scope' } });
      expect(res.body.errors[0].message).toContain('merchant-orders-read');
    }
  });
});
