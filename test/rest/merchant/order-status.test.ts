import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '../../../src/generated/prisma/client.js';
import { merchantScopes } from '../../../src/auth/scopes.js';
import { createProduct } from '../../support/catalog.js';
import { signInCustomer, type SignedInCustomer } from '../../support/customers.js';
import { createDiscount } from '../../support/discounts.js';
import { expectFailure, expectValidation } from '../../support/failure.js';
import { get } from '../../support/http.js';
import { freshPhone } from '../../support/merchant-orders.js';
import { messagesOf, moveStatus, orderTopicsOf } from '../../support/merchant-order-writes.js';
import { chicago, checkoutCart, settleOrder, type OrderWire } from '../../support/orders.js';
import { makeKey, makeStore, type TestStore } from '../../support/stores.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';

let t: TestApp;
let shop: TestStore;
let other: TestStore;
let tea: Product;
let mug: Product;
let ada: SignedInCustomer;

const move = (ref: string | number, body: unknown, key = shop.privateKey, headers: Record<string, string> = {}) => moveStatus(t, key, ref, body, headers);
const rowOf = (order: OrderWire) => t.database.prisma.order.findUniqueOrThrow({ where: { uid: order.id } });
const stockOf = async (product: Product) => (await t.database.prisma.product.findUniqueOrThrow({ where: { id: product.id } })).stock;

/** Ada's delivery order of one tea and two mugs, paid as it says, with the SAVE2 coupon. */
const adaOrder = (payment: 'cash' | 'online' = 'cash') =>
  checkoutCart(t.app, shop, ada.auth, [{ item_id: tea.id, quantity: 1 }, { item_id: mug.id, quantity: 2 }], { address: chicago, payment_method: payment, coupon_code: 'SAVE2' });

beforeAll(async () => {
  t = await startTestApp();
  shop = await makeStore(t.database, { name: 'Status Shop' });
  other = await makeStore(t.database);
  await t.database.prisma.store.update({ where: { id: shop.store.id }, data: { deliveryFee: '4.00' } });
  tea = await createProduct(t.database, shop.store, { title: 'Green Tea', price: '10.00', stock: 50 });
  mug = await createProduct(t.database, shop.store, { title: 'Mug', price: '8.00', stock: 50 });
  await createDiscount(t.database, shop.store, { title: 'Tea week', productIds: [tea.id] });
  await t.database.prisma.coupon.create({
    data: { storeId: shop.store.id, code: 'SAVE2', codeKey: 'SAVE2', title: 'Two off', discountType: 'fixed', discountValue: '2' },
  });
  ada = await signInCustomer(t.database, shop.store, { phone: freshPhone('312') });
});
afterAll(() => t.close());

describe('POST /orders/{order}/status: moves of the order process', () => {
  it('confirms a cash order: the answer is the order, both timelines gain the step, orders/updated is recorded', async () => {
    const placed = await adaOrder();
    const row = await rowOf(placed);
    const res = await move(row.id, { status: 'processing' });
    expect(res.status, res.raw).toBe(200);
    expect(res.body).toMatchObject({ status: 'success', message: 'Order status updated', data: { id: row.id, status: 'processing', cancelled: false } });
    expect(await orderTopicsOf(t.database, shop.store, row.id)).toEqual(['orders/create', 'orders/updated']);

    const mine = await get(t.app, `/v1/store/orders/${placed.id}`, shop.publicKey, ada.auth);
    expect(mine.body.data).toMatchObject({ status: 'processing', stage: 1 });
    expect(mine.body.data.timeline.at(-1)).toMatchObject({ title: 'Processing' });
    expect(mine.body.data.vendor_timeline.at(-1)).toMatchObject({ title: 'Moved to processing' });
  });

  it('walks a delivery order to completed by uuid, telling the shopper when it leaves and when it arrives', async () => {
    const placed = await adaOrder();
    for (const status of ['processing', 'ready', 'out_for_delivery', 'delivered', 'completed']) {
      const res = await move(placed.id, { status });
      expect(res.status, `${status}: ${res.raw}`).toBe(200);
    }
    const row = await rowOf(placed);
    expect(row).toMatchObject({ status: 'completed', fulfilledAt: expect.any(Date), completedAt: expect.any(Date) });
    const sent = (await messagesOf(t.database, shop.store)).filter((m) => m.text?.includes(`#${row.number}`));
    expect(sent.map((m) => m.template)).toEqual(['order_out_for_delivery', 'order_delivered']);
    expect(sent[0]).toMatchObject({ channel: 'email', recipient: ada.account.email });
  });

  it('refuses a move the table does not hold with 409 conflict naming the current state and the moves there are', async () => {
    const row = await rowOf(await adaOrder());
    expectFailure(
      await move(row.id, { status: 'delivered' }),
      409,
      'conflict',
      'An order that is placed cannot be moved to delivered by the merchant: it may move to processing, cancelled, rejected.',
    );
  });

  it('refuses a move to the state the order is already in', async () => {
    const row = await rowOf(await adaOrder());
    expect((await move(row.id, { status: 'processing' })).status).toBe(200);
    expectFailure(
      await move(row.id, { status: 'processing' }),
      409,
      'conflict',
      'An order that is processing cannot be moved to processing by the merchant: it may move to ready, cancelled, rejected.',
    );
  });

  it('refuses a status that is no state, an unknown field and an overlong reason by name', async () => {
    const row = await rowOf(await adaOrder());
    expectValidation(await move(row.id, { status: 'shipped' }), 'status');
    expectValidation(await move(row.id, { status: 'cancelled', cancelled: true }), 'cancelled');
    expectValidation(await move(row.id, { status: 'cancelled', reason: 'x'.repeat(501) }), 'reason');
    expectValidation(await move(row.id, {}), 'status');
    expect((await rowOf({ id: row.uid })).status).toBe('placed');
  });

  it('needs merchant-orders-status-update', async () => {
    const key = await makeKey(t.database, { store: shop.store.slug, kind: 'private', scopes: merchantScopes.filter((s) => s !== 'merchant-orders-status-update') });
    const row = await rowOf(await adaOrder());
    expectFailure(await move(row.id, { status: 'processing' }, key), 403, 'insufficient_scope');
  });
});

describe('POST /orders/{order}/status: cancelling and rejecting', () => {
  it('gives back the stock, the coupon use and the discount use exactly once and records the reason', async () => {
    const [teaBefore, mugBefore] = [await stockOf(tea), await stockOf(mug)];
    const couponBefore = await t.database.prisma.coupon.findFirstOrThrow({ where: { storeId: shop.store.id } });
    const discountBefore = await t.database.prisma.discount.findFirstOrThrow({ where: { storeId: shop.store.id } });
    const placed = await adaOrder();
    const row = await rowOf(placed);
    expect([await stockOf(tea), await stockOf(mug)]).toEqual([teaBefore - 1, mugBefore - 2]);

    const res = await move(placed.id, { status: 'cancelled', reason: 'Out of delivery range' });
    expect(res.status, res.raw).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'cancelled', cancelled: true, cancel_reason: 'Out of delivery range', payment_status: 'unpaid' });
    expect([await stockOf(tea), await stockOf(mug)]).toEqual([teaBefore, mugBefore]);
    expect((await t.database.prisma.coupon.findUniqueOrThrow({ where: { id: couponBefore.id } })).usedCount).toBe(couponBefore.usedCount);
    expect(await t.database.prisma.couponRedemption.count({ where: { orderId: row.id } })).toBe(0);
    expect((await t.database.prisma.discount.findUniqueOrThrow({ where: { id: discountBefore.id } })).usageCount).toBe(discountBefore.usageCount);
    const ledger = await t.database.prisma.inventoryAdjustment.findMany({ where: { reference: `#${row.number}`, productId: { in: [tea.id, mug.id] } }, orderBy: { id: 'asc' } });
    expect(ledger.map((entry) => [entry.reason, entry.delta])).toEqual([
      ['sold', -1],
      ['sold', -2],
      ['returned', 1],
      ['returned', 2],
    ]);
    expect(await orderTopicsOf(t.database, shop.store, row.id)).toEqual(['orders/create', 'orders/updated', 'orders/cancelled']);

    expectFailure(
      await move(placed.id, { status: 'cancelled' }),
      409,
      'conflict',
      'An order that is cancelled cannot be moved to cancelled by the merchant: the merchant cannot move it at all.',
    );
    expect([await stockOf(tea), await stockOf(mug)]).toEqual([teaBefore, mugBefore]);

    const mine = await get(t.app, `/v1/store/orders/${placed.id}`, shop.publicKey, ada.auth);
    expect(mine.body.data.timeline.at(-1)).toEqual(expect.objectContaining({ title: 'Cancelled', description: 'The order was cancelled. Reason: Out of delivery range.' }));
    const sent = (await messagesOf(t.database, shop.store)).filter((m) => m.text?.includes(`#${row.number}`));
    expect(sent).toEqual([
      { channel: 'email', recipient: ada.account.email, template: 'order_cancelled', text: `Your order #${row.number} at Status Shop was cancelled. Reason: Out of delivery range.` },
    ]);
  });

  it('rejects a paid online order and refunds it through the payment provider', async () => {
    const placed = await adaOrder('online');
    const row = await rowOf(placed);
    await settleOrder(t, shop, row, 'paid');
    const res = await move(row.id, { status: 'rejected', reason: 'Kitchen closed' });
    expect(res.status, res.raw).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'rejected', cancelled: true, cancel_reason: 'Kitchen closed', payment_status: 'refunded' });
    const events = await t.database.prisma.outboxEvent.findMany({ where: { storeId: shop.store.id, topic: 'orders/cancelled' } });
    expect(events.map((e) => e.payload)).toContainEqual(expect.objectContaining({ id: row.id, payment_status: 'refunded' }));
    const vendor = await t.database.prisma.orderTimelineEntry.findMany({ where: { orderId: row.id, title: 'Refunded' } });
    expect(vendor).toEqual([expect.objectContaining({ audience: 'vendor', description: `${row.total.toFixed(2)} USD given back in full (refund test_refund_${row.uid}).` })]);
    const sent = (await messagesOf(t.database, shop.store)).filter((m) => m.text?.includes(`#${row.number}`));
    expect(sent.map((m) => m.text)).toEqual([`Your order #${row.number} at Status Shop could not be taken by the store. Reason: Kitchen closed. Your payment has been refunded.`]);
  });

  it('cancels an unpaid online order without a refund', async () => {
    const placed = await adaOrder('online');
    const res = await move(placed.id, { status: 'cancelled' });
    expect(res.body.data).toMatchObject({ status: 'cancelled', cancel_reason: null, payment_status: 'unpaid' });
  });
});

describe('POST /orders/{order}/status: tenancy and Idempotency-Key', () => {
  it("answers 404 for another store's order by id, uuid and order number", async () => {
    await t.database.prisma.store.update({ where: { id: other.store.id }, data: { pickupEnabled: true } });
    const product = await createProduct(t.database, other.store, { title: 'Elsewhere', price: '3.00', stock: 5 });
    const guest = { delivery_method: 'pickup', contact: { name: 'Otto', email: 'otto@guest.test' } };
    const theirs = await rowOf(await checkoutCart(t.app, other, { 'x-cart-session': randomUUID() }, [{ item_id: product.id, quantity: 1 }], guest));
    for (const ref of [theirs.id, theirs.uid, theirs.number]) expectFailure(await move(ref, { status: 'processing' }), 404, 'not_found', 'Order not found.');
    expect((await rowOf({ id: theirs.uid })).status).toBe('placed');
  });

  it('replays a repeat with the same key and moves the order once', async () => {
    const placed = await adaOrder();
    const headers = { 'idempotency-key': randomUUID() };
    const first = await move(placed.id, { status: 'processing' }, shop.privateKey, headers);
    const again = await move(placed.id, { status: 'processing' }, shop.privateKey, headers);
    expect(first.status).toBe(200);
    expect({ status: again.status, replayed: again.headers['idempotent-replayed'], body: again.raw }).toEqual({ status: 200, replayed: 'true', body: first.raw });
    expect(await orderTopicsOf(t.database, shop.store, (await rowOf(placed)).id)).toEqual(['orders/create', 'orders/updated']);
  });
});
