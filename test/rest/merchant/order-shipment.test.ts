import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '../../../src/generated/prisma/client.js';
import { createProduct } from '../../support/catalog.js';
import { signInCustomer, type SignedInCustomer } from '../../support/customers.js';
import { expectFailure, expectValidation } from '../../support/failure.js';
import { get } from '../../support/http.js';
import { freshPhone } from '../../support/merchant-orders.js';
import { messagesOf, moveStatus, orderTopicsOf, orderWrite } from '../../support/merchant-order-writes.js';
import { chicago, checkoutCart, type OrderWire } from '../../support/orders.js';
import { makeKey, makeStore, type TestStore } from '../../support/stores.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';

let t: TestApp;
let shop: TestStore;
let other: TestStore;
let tea: Product;
let ada: SignedInCustomer;

const shipment = (ref: string | number, body: unknown, key = shop.privateKey, headers: Record<string, string> = {}) =>
  orderWrite(t, key, 'PATCH', `/orders/${ref}/shipment`, body, headers);
const rider = (ref: string | number, body: unknown, key = shop.privateKey, headers: Record<string, string> = {}) =>
  orderWrite(t, key, 'POST', `/orders/${ref}/assign-rider`, body, headers);
const rowOf = (order: OrderWire) => t.database.prisma.order.findUniqueOrThrow({ where: { uid: order.id } });

/** Ada's delivery order, confirmed by the store (processing) unless told otherwise. */
async function adaOrder(confirm = true, delivery: Record<string, unknown> = { address: chicago }, store = shop) {
  const placed = await checkoutCart(t.app, store, ada.auth, [{ item_id: tea.id, quantity: 1 }], delivery);
  if (confirm) expect((await moveStatus(t, store.privateKey, placed.id, { status: 'processing' })).status).toBe(200);
  return placed;
}

beforeAll(async () => {
  t = await startTestApp();
  shop = await makeStore(t.database, { name: 'Ship Shop' });
  other = await makeStore(t.database);
  await t.database.prisma.store.update({ where: { id: shop.store.id }, data: { pickupEnabled: true } });
  tea = await createProduct(t.database, shop.store, { title: 'Tea', price: '10.00', stock: 100 });
  ada = await signInCustomer(t.database, shop.store, { phone: freshPhone('312') });
});
afterAll(() => t.close());

describe('PATCH /orders/{order}/shipment', () => {
  it('records the shipment, marks the order fulfilled, moves it to out_for_delivery, records orders/fulfilled and sends the tracking link', async () => {
    const placed = await adaOrder();
    const row = await rowOf(placed);
    const res = await shipment(row.id, {
      carrier_name: 'UPS',
      tracking_number: '1Z999',
      tracking_url: 'https://track.example/1Z999',
      shipped_at: '2026-11-26T10:00:00Z',
      estimated_delivery_at: '2026-11-28T18:00:00Z',
    });
    expect(res.status, res.raw).toBe(200);
    expect(res.body.data).toMatchObject({
      status: 'out_for_delivery',
      fulfillment_status: 'fulfilled',
      fulfilled_at: '2026-11-26T10:00:00.000Z',
      shipment: {
        carrier_name: 'UPS',
        tracking_number: '1Z999',
        tracking_url: 'https://track.example/1Z999',
        zone_name: null,
        shipped_at: '2026-11-26T10:00:00.000Z',
        estimated_delivery_at: '2026-11-28T18:00:00.000Z',
        delivered_at: null,
      },
    });
    expect(await orderTopicsOf(t.database, shop.store, row.id)).toEqual(['orders/create', 'orders/updated', 'orders/updated', 'orders/updated', 'orders/fulfilled']);
    const sent = (await messagesOf(t.database, shop.store)).filter((m) => m.text?.includes(`#${row.number}`));
    expect(sent.map((m) => m.text)).toEqual([`Your order #${row.number} from Ship Shop has shipped with UPS. Track it: https://track.example/1Z999`]);
    const mine = await get(t.app, `/v1/store/orders/${placed.id}`, shop.publicKey, ada.auth);
    expect(mine.body.data.timeline.map((e: { title: string }) => e.title).slice(-2)).toEqual(['Ready', 'Out for delivery']);

    const delivered = await shipment(row.id, { delivered_at: '2026-11-27T12:00:00Z' });
    expect(delivered.body.data).toMatchObject({ status: 'delivered', shipment: { carrier_name: 'UPS', delivered_at: '2026-11-27T12:00:00.000Z' } });
    const after = (await messagesOf(t.database, shop.store)).filter((m) => m.text?.includes(`#${row.number}`));
    expect(after.at(-1)!.template).toBe('order_delivered');
  });

  it('changes a field and keeps the rest; null clears one; a later edit does not ship again', async () => {
    const row = await rowOf(await adaOrder());
    await shipment(row.id, { carrier_name: 'UPS', tracking_number: 'A1', shipped_at: '2026-11-26T10:00:00Z' });
    const res = await shipment(row.id, { tracking_number: 'B2', carrier_name: null });
    expect(res.body.data.shipment).toMatchObject({ carrier_name: null, tracking_number: 'B2', shipped_at: '2026-11-26T10:00:00.000Z' });
    expect((await orderTopicsOf(t.database, shop.store, row.id)).filter((topic) => topic === 'orders/fulfilled')).toHaveLength(1);
  });

  it('refuses an http tracking link, an unknown field and a bad time by name', async () => {
    const row = await rowOf(await adaOrder());
    expectValidation(await shipment(row.id, { tracking_url: 'http://track.example/1' }), 'tracking_url');
    expectValidation(await shipment(row.id, { carrier: 'UPS' }), 'carrier');
    expectValidation(await shipment(row.id, { shipped_at: 'yesterday' }), 'shipped_at');
  });

  it('answers 409 for a pickup order and a cancelled one', async () => {
    const pickup = await adaOrder(false, { delivery_method: 'pickup' });
    expectFailure(await shipment(pickup.id, { carrier_name: 'UPS' }), 409, 'conflict', 'A pickup order does not travel to the shopper and takes no shipment.');
    const cancelled = await adaOrder(false);
    await moveStatus(t, shop.privateKey, cancelled.id, { status: 'cancelled' });
    expectFailure(await shipment(cancelled.id, { carrier_name: 'UPS' }), 409, 'conflict', 'An order that is cancelled takes no shipment.');
  });
});

describe('POST /orders/{order}/assign-rider', () => {
  it('assigns the rider the shopper then sees, replaces it on a second call, and moves no status', async () => {
    const placed = await adaOrder();
    const res = await rider(placed.id, { name: 'Rudy Rider', phone: '+13125550999', vehicle: 'Bike', tracking_url: 'https://ride.example/r/1' });
    expect(res.status, res.raw).toBe(200);
    expect(res.body.data.status).toBe('processing');
    const mine = await get(t.app, `/v1/store/orders/${placed.id}`, shop.publicKey, ada.auth);
    expect(mine.body.data.rider).toEqual({ name: 'Rudy Rider', phone: '+13125550999', vehicle: 'Bike', tracking_url: 'https://ride.example/r/1', assigned_at: expect.any(String) });
    expect(mine.body.data.timeline.at(-1)).toMatchObject({ title: 'Rider assigned', description: 'Rudy Rider will bring your order (Bike).' });
    await rider(placed.id, { name: 'Rosa', phone: '+13125550998' });
    const again = await get(t.app, `/v1/store/orders/${placed.id}`, shop.publicKey, ada.auth);
    expect(again.body.data.rider).toMatchObject({ name: 'Rosa', vehicle: null, tracking_url: null });
  });

  it('answers 409 before the store took the order and for a pickup order', async () => {
    expectFailure(await rider((await adaOrder(false)).id, { name: 'R', phone: '+13125550999' }), 409, 'conflict', 'An order that is placed takes no rider: assign one while it is processing, ready, out_for_delivery.');
    expectFailure(await rider((await adaOrder(true, { delivery_method: 'pickup' })).id, { name: 'R', phone: '+13125550999' }), 409, 'conflict', 'A pickup order has no rider: only delivery orders do.');
  });

  it('refuses a missing phone and an http tracking link by name', async () => {
    const placed = await adaOrder();
    expectValidation(await rider(placed.id, { name: 'R' }), 'phone');
    expectValidation(await rider(placed.id, { name: 'R', phone: '+13125550999', tracking_url: 'http://x.example' }), 'tracking_url');
  });
});

describe('shipment and rider: tenancy, scopes and Idempotency-Key', () => {
  it("answers 404 for another store's order by id, uuid and order number", async () => {
    const elsewhere = await createProduct(t.database, other.store, { title: 'Elsewhere', price: '3.00', stock: 5 });
    const placed = await checkoutCart(t.app, other, { 'x-cart-session': randomUUID() }, [{ item_id: elsewhere.id, quantity: 1 }], { address: chicago, contact: { name: 'Otto', email: 'otto@guest.test' } });
    const theirs = await rowOf(placed);
    for (const ref of [theirs.id, theirs.uid, theirs.number]) {
      expectFailure(await shipment(ref, { carrier_name: 'UPS' }), 404, 'not_found', 'Order not found.');
      expectFailure(await rider(ref, { name: 'R', phone: '+13125550999' }), 404, 'not_found', 'Order not found.');
    }
  });

  it('need merchant-orders-update and merchant-orders-status-update', async () => {
    const placed = await adaOrder();
    const readOnly = await makeKey(t.database, { store: shop.store.slug, kind: 'private', scopes: ['merchant-orders-read'] });
    expectFailure(await shipment(placed.id, { carrier_name: 'UPS' }, readOnly), 403, 'insufficient_scope');
    expectFailure(await rider(placed.id, { name: 'R', phone: '+13125550999' }, readOnly), 403, 'insufficient_scope');
  });

  it('replay a repeat with the same key', async () => {
    const placed = await adaOrder();
    for (const send of [() => shipment(placed.id, { carrier_name: 'UPS' }, shop.privateKey, headers), () => rider(placed.id, { name: 'R', phone: '+13125550999' }, shop.privateKey, headers)]) {
      headers['idempotency-key'] = randomUUID();
      const first = await send();
      const again = await send();
      expect({ status: again.status, replayed: again.headers['idempotent-replayed'], raw: again.raw }).toEqual({ status: 200, replayed: 'true', raw: first.raw });
    }
  });
  const headers: Record<string, string> = {};
});
