import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '../../src/generated/prisma/client.js';
import { session } from '../support/cart.js';
import { createProduct } from '../support/catalog.js';
import { signInCustomer, type SignedInCustomer } from '../support/customers.js';
import { completeCheckout, fillCart as fill, guest, money, phoneEnding } from '../support/graphql-orders.js';
import { get, graphql } from '../support/http.js';
import { chicago, type Headers } from '../support/orders.js';
import { makeKey, makeStore, type TestStore } from '../support/stores.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let shop: TestStore;
let other: TestStore;
let tea: Product;
let mug: Product;

const MY_ORDERS = `query ($first: Int, $after: String, $status: OrderListStatus) {
  customer { orders(first: $first, after: $after, status: $status) { edges { node { number total { amount } } } pageInfo { hasNextPage endCursor } } } }`;
const MY_ORDER = `query ($id: String!) { customer { order(id: $id) { uuid number status } } }`;

const run = (query: string, variables: Record<string, unknown>, headers: Headers, key = shop.publicKey) => graphql(t.app, key, query, variables, headers);
const fillCart = (headers: Headers, lines: { productId: string; quantity: number }[], store = shop) => fill(t.app, store, headers, lines);
const checkout = (input: Record<string, unknown>, headers: Headers, key = shop.publicKey) => completeCheckout(t.app, key, input, headers);

beforeAll(async () => {
  t = await startTestApp();
  shop = await makeStore(t.database, { name: 'Orders Shop' });
  other = await makeStore(t.database);
  await t.database.prisma.store.update({ where: { id: shop.store.id }, data: { deliveryFee: '4.00', address: '5 Market St' } });
  tea = await createProduct(t.database, shop.store, { title: 'Green Tea', price: '12.50', stock: 50 });
  mug = await createProduct(t.database, shop.store, { title: 'Mug', price: '8.00', stock: 50 });
});
afterAll(() => t.close());

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
    expect(byNumber).toEqual({ uuid: expect.any(String), number: numbers[2], status: 'PENDING_PAYMENT' });
    expect((await run(MY_ORDER, { id: byNumber.uuid.toUpperCase() }, carol.auth)).body.data.customer.order).toEqual(byNumber);
    const dave = await signInCustomer(t.database, shop.store);
    for (const id of [byNumber.uuid, numbers[2]!]) {
      expect((await run(MY_ORDER, { id }, dave.auth)).body.data).toEqual({ customer: { order: null } });
    }
    expect((await run(MY_ORDER, { id: 'not-an-order' }, carol.auth)).body.data).toEqual({ customer: { order: null } });
    const elsewhere = await signInCustomer(t.database, other.store, { id: carol.account.id });
    expect((await run(MY_ORDER, { id: byNumber.uuid }, elsewhere.auth, other.publicKey)).body.data).toEqual({ customer: { order: null } });
    expect((await run(MY_ORDERS, {}, dave.auth)).body.data.customer.orders).toEqual({ edges: [], pageInfo: { hasNextPage: false, endCursor: null } });
  });

  it('answers an imported order’s delivery method', async () => {
    await t.database.prisma.order.updateMany({ where: { storeId: shop.store.id, number: Number(numbers[1]) }, data: { deliveryMethod: 'instore' } });
    const res = await run(`query ($id: String!) { customer { order(id: $id) { deliveryMethod pickupAddress } } }`, { id: numbers[1]! }, carol.auth);
    expect(res.body).toEqual({ data: { customer: { order: { deliveryMethod: 'INSTORE', pickupAddress: null } } } });
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
      edges { node { pId } } pageInfo { hasNextPage endCursor } } } }`;
  const ORDER_READ = `query ($id: String!) { merchant { order(id: $id) {
    pId uid number status paymentStatus paymentMethod deliveryMethod fulfillmentStatus cancelReason channel customChannel externalRef
    subtotal { amount currencyCode } discountTotal { amount } shippingTotal { amount } taxTotal { amount } total { amount } couponCode
    customer { id uid name email phone } shippingAddress { address recipientName recipientPhone }
    shipment { carrierName trackingNumber trackingUrl zoneName shippedAt estimatedDeliveryAt deliveredAt }
    lines { title quantity unitPrice { amount } total { amount } } note metafields metadata createdAt updatedAt paidAt fulfilledAt } } }`;
  const idsOf = (res: { body: any }) => res.body.data.merchant.orders.edges.map((e: { node: { pId: number } }) => e.node.pId);
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
    danOrder = await t.database.prisma.order.findUniqueOrThrow({ where: { uid: placed.order.uuid } });
    const headers = session();
    await fillCart(headers, [{ productId: pot.id, quantity: 1 }], store);
    const address = { ...chicago, recipientName: 'Gil Gift', recipientPhone: '+13125550199' };
    const gift = await checkout({ deliveryMethod: 'DELIVERY', address, paymentMethod: 'CASH', contact: guest }, headers, store.publicKey);
    guestOrder = await t.database.prisma.order.findUniqueOrThrow({ where: { uid: gift.order.uuid } });
  });

  it('reads an order by id or uuid, the customer’s contact and the recipient’s phone masked without the contact scope', async () => {
    const row = await t.database.prisma.order.findUniqueOrThrow({ where: { id: danOrder.id } });
    for (const id of [String(danOrder.id), danOrder.uid]) {
      const res = await graphql(t.app, reader, ORDER_READ, { id });
      expect(res.body.errors).toBeUndefined();
      expect(res.body.data.merchant.order).toEqual({
        pId: danOrder.id,
        uid: danOrder.uid,
        number: String(row.number),
        status: 'PLACED',
        paymentStatus: 'PENDING',
        paymentMethod: 'CASH',
        deliveryMethod: 'DELIVERY',
        fulfillmentStatus: 'unfulfilled',
        cancelReason: null,
        channel: 'web',
        customChannel: null,
        externalRef: null,
        subtotal: { amount: '60.00', currencyCode: 'USD' },
        discountTotal: money('0.00'),
        shippingTotal: money('0.00'),
        taxTotal: money('0.00'),
        total: money('60.00'),
        couponCode: null,
        customer: { id: dan.customer.id, uid: dan.customer.uid, name: 'Dan Doe', email: 'd***@shop.test', phone: '+1******0177' },
        shippingAddress: { address: chicago.address, recipientName: 'Dan Doe', recipientPhone: '+1******0177' },
        shipment: null,
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

  it('answers an imported order as REST does: shipping and instore, the outside channel and the shipment', async () => {
    const shippedAt = new Date('2026-03-02T10:00:00.000Z');
    const deliveredAt = new Date('2026-03-05T16:30:00.000Z');
    await t.database.prisma.order.update({
      where: { id: danOrder.id },
      data: {
        deliveryMethod: 'shipping',
        customChannel: 'Marketplace',
        externalRef: 'MP-4411',
        carrierName: 'Parcel Co',
        trackingNumber: 'PC123',
        trackingUrl: 'https://track.parcel.test/PC123',
        shippedAt,
        deliveredAt,
      },
    });
    await t.database.prisma.order.update({ where: { id: guestOrder.id }, data: { deliveryMethod: 'instore' } });
    const read = async (id: string) => {
      const res = await graphql(t.app, reader, ORDER_READ, { id });
      expect(res.body.errors).toBeUndefined();
      return res.body.data.merchant.order;
    };
    const shipped = await read(danOrder.uid);
    expect(shipped).toMatchObject({
      deliveryMethod: 'SHIPPING',
      customChannel: 'Marketplace',
      externalRef: 'MP-4411',
      shipment: {
        carrierName: 'Parcel Co',
        trackingNumber: 'PC123',
        trackingUrl: 'https://track.parcel.test/PC123',
        zoneName: null,
        shippedAt: shippedAt.toISOString(),
        estimatedDeliveryAt: null,
        deliveredAt: deliveredAt.toISOString(),
      },
    });
    const rest = (await get(t.app, `/api/v1/merchant/orders/${danOrder.id}`, reader)).body.data;
    expect(rest).toMatchObject({ delivery_method: 'shipping', custom_channel: 'Marketplace', external_ref: 'MP-4411' });
    expect(rest.shipment).toEqual({
      carrier_name: shipped.shipment.carrierName,
      tracking_number: shipped.shipment.trackingNumber,
      tracking_url: shipped.shipment.trackingUrl,
      zone_name: shipped.shipment.zoneName,
      shipped_at: shipped.shipment.shippedAt,
      estimated_delivery_at: shipped.shipment.estimatedDeliveryAt,
      delivered_at: shipped.shipment.deliveredAt,
    });
    expect(await read(guestOrder.uid)).toMatchObject({ deliveryMethod: 'INSTORE', customChannel: null, externalRef: null, shipment: null });
    expect(idsOf(await graphql(t.app, reader, ORDERS, { deliveryMethod: 'SHIPPING' }))).toEqual([danOrder.id]);
    expect(idsOf(await graphql(t.app, reader, ORDERS, { deliveryMethod: 'INSTORE' }))).toEqual([guestOrder.id]);
    expect(idsOf(await graphql(t.app, reader, ORDERS, { deliveryMethod: 'DELIVERY' }))).toEqual([]);
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
