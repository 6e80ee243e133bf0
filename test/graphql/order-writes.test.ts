import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '../../src/generated/prisma/client.js';
import { createProduct } from '../support/catalog.js';
import { signInCustomer, type SignedInCustomer } from '../support/customers.js';
import { graphql } from '../support/http.js';
import { freshPhone } from '../support/merchant-orders.js';
import { orderTopicsOf } from '../support/merchant-order-writes.js';
import { chicago, checkoutCart } from '../support/orders.js';
import { makeKey, makeStore, type TestStore } from '../support/stores.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

// Issue 21, GraphQL: the merchant order writes as mutations (orderUpdate, orderImport,
// orderStatusMove, orderRiderAssign, orderShipmentUpdate) over the REST routes' domain functions
// and schemas, behind the same scopes, mistakes as userErrors; the viewer's order shows the rider
// and the shipment beside its timeline.

let t: TestApp;
let shop: TestStore;
let other: TestStore;
let tea: Product;
let theirTea: Product;
let ada: SignedInCustomer;

const ERRORS = 'userErrors { field code message }';
const ORDER = 'pId uid status fulfillmentStatus customChannel externalRef total { amount } lines { id properties } metadata shipment { carrierName trackingNumber trackingUrl shippedAt deliveredAt }';

const UPDATE = `mutation ($id: String!, $input: OrderUpdateInput!) { orderUpdate(id: $id, input: $input) { order { ${ORDER} } ${ERRORS} } }`;
const IMPORT = `mutation ($input: OrderImportInput!) { orderImport(input: $input) { order { ${ORDER} } created ${ERRORS} } }`;
const MOVE = `mutation ($id: String!, $input: OrderStatusMoveInput!) { orderStatusMove(id: $id, input: $input) { order { ${ORDER} cancelReason } ${ERRORS} } }`;
const RIDER = `mutation ($id: String!, $input: OrderRiderAssignInput!) { orderRiderAssign(id: $id, input: $input) { order { ${ORDER} } ${ERRORS} } }`;
const SHIPMENT = `mutation ($id: String!, $input: OrderShipmentUpdateInput!) { orderShipmentUpdate(id: $id, input: $input) { order { ${ORDER} } ${ERRORS} } }`;
const MY_ORDER = `query ($id: String!) { customer { order(id: $id) {
  status timeline { status title } rider { name phone vehicle trackingUrl assignedAt }
  shipment { carrierName trackingNumber trackingUrl zoneName shippedAt estimatedDeliveryAt deliveredAt } } } }`;

const importInput = (extra: Record<string, unknown> = {}) => ({
  channel: { name: 'Instagram', orderId: `IG-${randomUUID().slice(0, 8)}` },
  customer: { name: 'Rita Recipient', phone: '+13125550123' },
  items: [{ product: String(tea.pId), quantity: 2, unitPrice: '10.00' }],
  deliveryFee: '4.50',
  discount: '1.50',
  total: '23.00',
  deliveryMethod: 'DELIVERY',
  shippingAddress: { address: '1 N State St, Chicago', latitude: 41.8781, longitude: -87.6298 },
  placedAt: '2026-11-20T09:30:00Z',
  ...extra,
});

/** An imported delivery order of the store (processing), as orderImport answers it. */
async function imported(store = shop) {
  const product = store === shop ? tea : theirTea;
  const res = await graphql(t.app, store.privateKey, IMPORT, { input: importInput({ items: [{ product: String(product.pId), quantity: 2, unitPrice: '10.00' }] }) });
  expect(res.body.data.orderImport.userErrors, res.raw).toEqual([]);
  return res.body.data.orderImport.order as { pId: number; uid: string; lines: { id: string }[] };
}

const keyWith = (scopes: string[]) => makeKey(t.database, { store: shop.store.slug, kind: 'private', scopes });

beforeAll(async () => {
  t = await startTestApp({ RATE_LIMIT_MERCHANT: '0' });
  shop = await makeStore(t.database, { name: 'Graph Shop' });
  other = await makeStore(t.database);
  tea = await createProduct(t.database, shop.store, { title: 'Tea', price: '10.00', stock: 100 });
  theirTea = await createProduct(t.database, other.store, { title: 'Their tea', price: '10.00', stock: 100 });
  ada = await signInCustomer(t.database, shop.store, { phone: freshPhone('312') });
});
afterAll(() => t.close());

describe('orderImport', () => {
  it('records the channel’s order as charged, and a re-send answers the same order with created false', async () => {
    const input = importInput();
    const first = await graphql(t.app, shop.privateKey, IMPORT, { input });
    expect(first.body.data.orderImport).toMatchObject({
      order: { status: 'PROCESSING', customChannel: 'Instagram', externalRef: input.channel.orderId, total: { amount: '23.00' } },
      created: true,
      userErrors: [],
    });
    const again = await graphql(t.app, shop.privateKey, IMPORT, { input });
    expect(again.body.data.orderImport).toMatchObject({ order: { uid: first.body.data.orderImport.order.uid }, created: false, userErrors: [] });
    expect(await orderTopicsOf(t.database, shop.store, first.body.data.orderImport.order.pId)).toEqual(['orders/create']);
  });

  it('answers a total that does not add up as a userError on input.total naming the expected amount, and an unknown product on its item', async () => {
    const res = await graphql(t.app, shop.privateKey, IMPORT, { input: importInput({ total: '30.00' }) });
    expect(res.body.data.orderImport).toEqual({
      order: null,
      created: null,
      userErrors: [{ field: 'input.total', code: 'validation_failed', message: expect.stringContaining('must be 23.00') }],
    });
    const item = await graphql(t.app, shop.privateKey, IMPORT, { input: importInput({ items: [{ product: theirTea.id, quantity: 2, unitPrice: '10.00' }] }) });
    expect(item.body.data.orderImport.userErrors).toEqual([{ field: 'input.items.0.product', code: 'validation_failed', message: expect.any(String) }]);
    const price = await graphql(t.app, shop.privateKey, IMPORT, { input: importInput({ items: [{ product: tea.id, quantity: 2, unitPrice: '10.001' }] }) });
    expect(price.body.data.orderImport.userErrors[0]).toMatchObject({ field: 'input.items.0.unitPrice', code: 'validation_failed' });
  });

  it('needs merchant-orders-import', async () => {
    const res = await graphql(t.app, await keyWith(['merchant-orders-update']), IMPORT, { input: importInput() });
    expect(res.body.errors[0].extensions.code).toBe('insufficient_scope');
  });

  it('keeps the identity per store: the same channel reference at another store is another order', async () => {
    const input = importInput();
    const ours = await graphql(t.app, shop.privateKey, IMPORT, { input });
    const theirs = await graphql(t.app, other.privateKey, IMPORT, {
      input: { ...input, items: [{ product: String(theirTea.pId), quantity: 2, unitPrice: '10.00' }] },
    });
    expect(theirs.body.data.orderImport).toMatchObject({ created: true, userErrors: [] });
    expect(theirs.body.data.orderImport.order.uid).not.toBe(ours.body.data.orderImport.order.uid);
  });
});

describe('orderUpdate', () => {
  it('merges line properties and replaces metadata, with orders/updated', async () => {
    const order = await imported();
    const line = order.lines[0]!.id;
    const res = await graphql(t.app, shop.privateKey, UPDATE, {
      id: order.uid,
      input: { metadata: { source: 'dm' }, lineItems: [{ id: line, properties: { 'Gift wrap': 'yes' } }] },
    });
    expect(res.body.data.orderUpdate).toMatchObject({ order: { metadata: { source: 'dm' }, lines: [{ id: line, properties: { 'Gift wrap': 'yes' } }] }, userErrors: [] });
    const cleared = await graphql(t.app, shop.privateKey, UPDATE, { id: String(order.pId), input: { metadata: null, lineItems: [{ id: line, properties: { 'Gift wrap': null } }] } });
    expect(cleared.body.data.orderUpdate).toMatchObject({ order: { metadata: {}, lines: [{ properties: {} }] }, userErrors: [] });
    expect(await orderTopicsOf(t.database, shop.store, order.pId)).toEqual(['orders/create', 'orders/updated', 'orders/updated']);
  });

  it('answers an unknown line and a reserved property key as userErrors naming them, writing nothing', async () => {
    const order = await imported();
    const unknown = randomUUID();
    const res = await graphql(t.app, shop.privateKey, UPDATE, {
      id: order.uid,
      input: { metadata: { a: 1 }, lineItems: [{ id: unknown, properties: { x: 'y' } }, { id: order.lines[0]!.id, properties: { 'bazaar.flag': 'y' } }] },
    });
    expect(res.body.data.orderUpdate).toEqual({
      order: null,
      userErrors: [
        { field: 'input.lineItems.0.id', code: 'validation_failed', message: `${unknown} is not a line of this order` },
        { field: 'input.lineItems.1.properties.bazaar.flag', code: 'validation_failed', message: expect.stringContaining('reserved') },
      ],
    });
    expect(await orderTopicsOf(t.database, shop.store, order.pId)).toEqual(['orders/create']);
  });

  it('needs merchant-orders-update', async () => {
    const order = await imported();
    const res = await graphql(t.app, await keyWith(['merchant-orders-read']), UPDATE, { id: order.uid, input: { metadata: {} } });
    expect(res.body.errors[0].extensions.code).toBe('insufficient_scope');
  });

  it('does not find another store’s order', async () => {
    const theirs = await imported(other);
    for (const id of [theirs.uid, String(theirs.pId)]) {
      const res = await graphql(t.app, shop.privateKey, UPDATE, { id, input: { metadata: {} } });
      expect(res.body.data.orderUpdate).toEqual({ order: null, userErrors: [{ field: null, code: 'not_found', message: expect.any(String) }] });
    }
  });
});

describe('orderStatusMove', () => {
  it('moves the order along the table; a re-sent Idempotency-Key answers the same move', async () => {
    const order = await imported();
    const headers = { 'idempotency-key': randomUUID() };
    const res = await graphql(t.app, shop.privateKey, MOVE, { id: order.uid, input: { status: 'READY' } }, headers);
    expect(res.body.data.orderStatusMove).toMatchObject({ order: { status: 'READY' }, userErrors: [] });
    const replay = await graphql(t.app, shop.privateKey, MOVE, { id: order.uid, input: { status: 'READY' } }, headers);
    expect(replay.body).toEqual(res.body);
    expect(await orderTopicsOf(t.database, shop.store, order.pId)).toEqual(['orders/create', 'orders/updated']);
  });

  it('answers a move the table does not hold as a conflict naming the moves there are, and a long reason on input.reason', async () => {
    const order = await imported();
    const res = await graphql(t.app, shop.privateKey, MOVE, { id: order.uid, input: { status: 'PROCESSING' } });
    expect(res.body.data.orderStatusMove).toEqual({
      order: null,
      userErrors: [{ field: null, code: 'conflict', message: expect.stringContaining('it may move to') }],
    });
    const long = await graphql(t.app, shop.privateKey, MOVE, { id: order.uid, input: { status: 'CANCELLED', reason: 'x'.repeat(501) } });
    expect(long.body.data.orderStatusMove.userErrors).toEqual([{ field: 'input.reason', code: 'validation_failed', message: expect.any(String) }]);
  });

  it('needs merchant-orders-status-update', async () => {
    const order = await imported();
    const res = await graphql(t.app, await keyWith(['merchant-orders-update']), MOVE, { id: order.uid, input: { status: 'READY' } });
    expect(res.body.errors[0].extensions.code).toBe('insufficient_scope');
  });

  it('does not find another store’s order', async () => {
    const theirs = await imported(other);
    const res = await graphql(t.app, shop.privateKey, MOVE, { id: theirs.uid, input: { status: 'READY' } });
    expect(res.body.data.orderStatusMove.userErrors).toEqual([{ field: null, code: 'not_found', message: expect.any(String) }]);
  });
});

describe('orderRiderAssign', () => {
  it('assigns the rider, whom the shopper’s order shows with a step on its timeline', async () => {
    const placed = await checkoutCart(t.app, shop, ada.auth, [{ item_id: tea.id, quantity: 1 }], { address: chicago });
    expect((await graphql(t.app, shop.privateKey, MOVE, { id: placed.id, input: { status: 'PROCESSING' } })).body.data.orderStatusMove.userErrors).toEqual([]);
    const input = { name: 'Rob Rider', phone: '+13125550199', vehicle: 'Bike', trackingUrl: 'https://track.example/rob' };
    const res = await graphql(t.app, shop.privateKey, RIDER, { id: placed.id, input });
    expect(res.body.data.orderRiderAssign).toMatchObject({ order: { uid: placed.id, status: 'PROCESSING' }, userErrors: [] });
    const mine = await graphql(t.app, shop.publicKey, MY_ORDER, { id: placed.id }, ada.auth);
    expect(mine.body.data.customer.order.rider).toEqual({ ...input, assignedAt: expect.any(String) });
    expect(mine.body.data.customer.order.timeline.at(-1)).toEqual({ status: 'PROCESSING', title: 'Rider assigned' });
  });

  it('answers an http tracking link as a userError on input.trackingUrl, and a rider for an order not yet taken as a conflict', async () => {
    const order = await imported();
    const res = await graphql(t.app, shop.privateKey, RIDER, { id: order.uid, input: { name: 'Rob', phone: '+13125550199', trackingUrl: 'http://track.example' } });
    expect(res.body.data.orderRiderAssign).toEqual({ order: null, userErrors: [{ field: 'input.trackingUrl', code: 'validation_failed', message: 'must be an https address' }] });
    const placed = await checkoutCart(t.app, shop, ada.auth, [{ item_id: tea.id, quantity: 1 }], { address: chicago });
    const early = await graphql(t.app, shop.privateKey, RIDER, { id: placed.id, input: { name: 'Rob', phone: '+13125550199' } });
    expect(early.body.data.orderRiderAssign.userErrors).toEqual([{ field: null, code: 'conflict', message: expect.stringContaining('takes no rider') }]);
  });

  it('needs merchant-orders-status-update', async () => {
    const order = await imported();
    const res = await graphql(t.app, await keyWith(['merchant-orders-update']), RIDER, { id: order.uid, input: { name: 'Rob', phone: '+13125550199' } });
    expect(res.body.errors[0].extensions.code).toBe('insufficient_scope');
  });

  it('does not find another store’s order', async () => {
    const theirs = await imported(other);
    const res = await graphql(t.app, shop.privateKey, RIDER, { id: theirs.uid, input: { name: 'Rob', phone: '+13125550199' } });
    expect(res.body.data.orderRiderAssign.userErrors).toEqual([{ field: null, code: 'not_found', message: expect.any(String) }]);
  });
});

describe('orderShipmentUpdate', () => {
  it('ships the order (fulfilled, out for delivery) and delivers it; the shopper’s order shows the shipment', async () => {
    const placed = await checkoutCart(t.app, shop, ada.auth, [{ item_id: tea.id, quantity: 1 }], { address: chicago });
    await graphql(t.app, shop.privateKey, MOVE, { id: placed.id, input: { status: 'PROCESSING' } });
    const input = { carrierName: 'UPS', trackingNumber: '1Z999', trackingUrl: 'https://track.example/1Z999', shippedAt: '2026-11-26T10:00:00Z' };
    const res = await graphql(t.app, shop.privateKey, SHIPMENT, { id: placed.id, input });
    expect(res.body.data.orderShipmentUpdate).toMatchObject({
      order: { status: 'OUT_FOR_DELIVERY', fulfillmentStatus: 'fulfilled', shipment: { ...input, shippedAt: '2026-11-26T10:00:00.000Z', deliveredAt: null } },
      userErrors: [],
    });
    const delivered = await graphql(t.app, shop.privateKey, SHIPMENT, { id: placed.id, input: { deliveredAt: '2026-11-27T12:00:00Z' } });
    expect(delivered.body.data.orderShipmentUpdate.order.status).toBe('DELIVERED');
    const mine = await graphql(t.app, shop.publicKey, MY_ORDER, { id: placed.id }, ada.auth);
    expect(mine.body.data.customer.order).toMatchObject({
      status: 'DELIVERED',
      rider: null,
      shipment: { ...input, zoneName: null, shippedAt: '2026-11-26T10:00:00.000Z', estimatedDeliveryAt: null, deliveredAt: '2026-11-27T12:00:00.000Z' },
    });
    // Shipping walks processing → ready → out for delivery in one transaction: those two steps share an instant, so only their set is fixed.
    const titles = mine.body.data.customer.order.timeline.map((e: { title: string }) => e.title);
    expect(titles.slice(-3, -1).sort()).toEqual(['Out for delivery', 'Ready']);
    expect(titles.at(-1)).toBe('Delivered');
  });

  it('answers an http tracking link as a userError on input.trackingUrl, and an instore order as a conflict', async () => {
    const order = await imported();
    const res = await graphql(t.app, shop.privateKey, SHIPMENT, { id: order.uid, input: { trackingUrl: 'http://track.example' } });
    expect(res.body.data.orderShipmentUpdate).toEqual({ order: null, userErrors: [{ field: 'input.trackingUrl', code: 'validation_failed', message: 'must be an https address' }] });
    const counter = await graphql(t.app, shop.privateKey, IMPORT, { input: importInput({ deliveryMethod: 'INSTORE', shippingAddress: null }) });
    const instore = await graphql(t.app, shop.privateKey, SHIPMENT, { id: counter.body.data.orderImport.order.uid, input: { carrierName: 'UPS' } });
    expect(instore.body.data.orderShipmentUpdate.userErrors).toEqual([{ field: null, code: 'conflict', message: expect.stringContaining('takes no shipment') }]);
  });

  it('needs merchant-orders-update', async () => {
    const order = await imported();
    const res = await graphql(t.app, await keyWith(['merchant-orders-status-update']), SHIPMENT, { id: order.uid, input: { carrierName: 'UPS' } });
    expect(res.body.errors[0].extensions.code).toBe('insufficient_scope');
  });

  it('does not find another store’s order', async () => {
    const theirs = await imported(other);
    const res = await graphql(t.app, shop.privateKey, SHIPMENT, { id: theirs.uid, input: { carrierName: 'UPS' } });
    expect(res.body.data.orderShipmentUpdate.userErrors).toEqual([{ field: null, code: 'not_found', message: expect.any(String) }]);
  });
});
