import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentOutcome } from '../../../src/domain/payments/settle-payment.js';
import type { Product } from '../../../src/generated/prisma/client.js';
import { loadServerSecret } from '../../../src/platform/crypto/server-secret.js';
import { createProduct } from '../../support/catalog.js';
import { signInCustomer, type SignedInCustomer } from '../../support/customers.js';
import { expectFailure } from '../../support/failure.js';
import { get } from '../../support/http.js';
import {
  chicago,
  moveOrderTo,
  payLinkOf as payLink,
  placeDeliveryOrder,
  settleOrder,
  type DeliveryOrder,
  type Headers,
  type OrderWire as Order,
} from '../../support/orders.js';
import { makeStore, type TestStore } from '../../support/stores.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';

let t: TestApp;
let shop: TestStore;
let other: TestStore;
let tea: Product;
let mug: Product;
let secret: string;

const read = (url: string, headers: Headers = {}, key = shop.publicKey) => get(t.app, url, key, headers);
/** An order of one mug at the shop unless the options say otherwise. */
const placeOrder = (who: Headers, options: Partial<DeliveryOrder> & { store?: TestStore } = {}) =>
  placeDeliveryOrder(t.app, options.store ?? shop, who, { lines: [{ item_id: mug.id, quantity: 1 }], ...options });
const moveTo = (order: Order, status: string) => moveOrderTo(t, order, status);
const settle = (order: Order, outcome: PaymentOutcome) => settleOrder(t, shop, order, outcome);
const payLinkOf = (order: Order) => payLink(secret, order);

beforeAll(async () => {
  t = await startTestApp();
  secret = await loadServerSecret(t.database.prisma, t.config.secret);
  shop = await makeStore(t.database, { name: 'Orders Shop' });
  other = await makeStore(t.database, { name: 'Other Shop' });
  await t.database.prisma.store.update({ where: { id: shop.store.id }, data: { deliveryFee: '4.00', address: '5 Market St' } });
  tea = await createProduct(t.database, shop.store, { title: 'Green Tea', price: '12.50', stock: 500 });
  mug = await createProduct(t.database, shop.store, { title: 'Mug', price: '8.00', stock: 500 });
  await t.database.prisma.coupon.create({
    data: { storeId: shop.store.id, code: 'SAVE5', codeKey: 'SAVE5', title: 'Five off', discountType: 'fixed', discountValue: '5' },
  });
});
afterAll(() => t.close());

describe('GET /v1/store/orders/{id}', () => {
  let gil: SignedInCustomer;
  let order: Order;

  beforeAll(async () => {
    gil = await signInCustomer(t.database, shop.store);
    order = await placeOrder(gil.auth, {
      payment: 'online',
      coupon: 'SAVE5',
      lines: [
        { item_id: tea.id, quantity: 2 },
        { item_id: mug.id, quantity: 1 },
      ],
    });
  });

  it('answers every field of the single read: items, the amounts with the coupon line, both timelines and the pay link', async () => {
    const res = await read(`/v1/store/orders/${order.id}`, gil.auth);
    const row = await t.database.prisma.order.findUniqueOrThrow({ where: { uid: order.id }, include: { items: { orderBy: { position: 'asc' } } } });
    const [teaLine, mugLine] = row.items;
    const placedAt = row.createdAt.toISOString();
    const link = payLinkOf(order);
    const item = (line: typeof teaLine, title: string, quantity: number, unit: number, total: number, discounted: number) => ({
      id: line!.id,
      quantity,
      title,
      variant_id: null,
      variant_title: null,
      variant_option_values: {},
      variant_media: { image: null, video_url: null, source: null },
      currency: 'USD',
      total_price: total,
      sale_price: unit,
      unit_price: unit,
      base_unit_price: unit,
      is_backorder: false,
      backorder_ready_date: null,
      discounted_amount: discounted,
      created_at: placedAt,
      addons: [],
      properties: {},
    });
    const awaiting = { title: 'Awaiting payment', description: 'The order is placed; it goes to the store once it is paid.', time: placedAt };
    expect({ status: res.status, body: res.body }).toEqual({
      status: 200,
      body: {
        status: 'success',
        message: 'Order',
        data: {
          id: order.id,
          title: 'Green Tea + 1 more',
          currency: 'USD',
          total_price: 28,
          delivery_fee: 4,
          grand_total: 32,
          payment_status: 'pending',
          transaction_id: null,
          is_verified: false,
          order_no: String(row.number),
          status: 'pending_payment',
          order_type: 'regular',
          scheduled_date: null,
          scheduled_time: null,
          is_backorder_held: false,
          backorder_ready_date: null,
          delivery_method: 'delivery',
          payment_method: 'online',
          delivery_address: {
            label: 'Office',
            address: chicago.address,
            latitude: chicago.lat,
            longitude: chicago.lng,
            country_code: 'US',
            state: 'Illinois',
            city: expect.any(String),
            area: expect.any(String),
            state_id: expect.any(Number),
            area_id: expect.any(Number),
            name: 'Ada Shopper',
            phone: gil.account.phone,
          },
          pickup_address: null,
          stage: 0,
          earliest_delivery_time: null,
          latest_delivery_time: null,
          ready_window: null,
          vendor: {
            id: shop.store.id,
            name: 'Orders Shop',
            slug: shop.store.slug,
            logo: null,
            address: '5 Market St',
            phone: null,
            email: null,
            map_lat: null,
            map_lng: null,
          },
          created_by_id: gil.customer.uid,
          timeline: [awaiting],
          vendor_timeline: [awaiting, { title: 'New order', description: `Order #${row.number} from Ada Shopper: delivery, paid by online.`, time: placedAt }],
          vendor_note: null,
          rider_note: null,
          shopforme_fee: 0,
          service_fee: 0,
          is_confirmed: false,
          rejected: false,
          is_completed: false,
          cancelled: false,
          items_count: 3,
          started_at: null,
          completed_at: null,
          created_at: placedAt,
          updated_at: row.updatedAt.toISOString(),
          table: null,
          status_label: 'Awaiting payment',
          status_img: null,
          user_id: gil.customer.uid,
          pickup_map_lat: null,
          pickup_map_lng: null,
          // The coupon's 5.00 is shared by line totals, cents rounded down, the remainder on the last line.
          items: [item(teaLine, 'Green Tea', 2, 12.5, 21.22, 3.78), item(mugLine, 'Mug', 1, 8, 6.78, 1.22)],
          created_by: { id: gil.customer.uid, name: 'Ada Shopper', phone: gil.account.phone },
          rider: null,
          rider_rating: null,
          rider_review_status: null,
          vendor_review_status: null,
          vendor_rating: null,
          virtual_account_id: null,
          payment_link: link,
          pay_link: link,
          viewer_type: 'customer',
          amount_summary: {
            title: 'Payment summary',
            view: 'list',
            items: [
              { key: 'subtotal', label: 'Subtotal', type: 'amount', amount: 33 },
              { key: 'discount', label: 'Discounts (SAVE5)', type: 'discount', amount: -5 },
              { key: 'delivery_fee', label: 'Delivery', type: 'amount', amount: 4 },
              { key: 'grand_total', label: 'Total', type: 'total', amount: 32 },
            ],
          },
        },
      },
    });
  });

  it('answers the same order by its order_no', async () => {
    const byUuid = await read(`/v1/store/orders/${order.id}`, gil.auth);
    const byNumber = await read(`/v1/store/orders/${order.order_no}`, gil.auth);
    expect(byNumber.status).toBe(200);
    expect(byNumber.body).toEqual(byUuid.body);
    expect((await read(`/v1/store/orders/${order.id.toUpperCase()}`, gil.auth)).body).toEqual(byUuid.body);
  });

  it('shows a paid order as confirmed, with the payment reference, the payment step and no pay link', async () => {
    const paid = await placeOrder(gil.auth, { payment: 'online' });
    await settle(paid, 'paid');
    const row = await t.database.prisma.order.findUniqueOrThrow({ where: { uid: paid.id } });
    const res = await read(`/v1/store/orders/${paid.id}`, gil.auth);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      status: 'processing',
      status_label: 'Processing',
      payment_status: 'paid',
      transaction_id: row.paymentRef,
      is_verified: true,
      is_confirmed: true,
      stage: 1,
      started_at: row.paidAt!.toISOString(),
      payment_link: null,
      pay_link: null,
    });
    expect(res.body.data.timeline.map((e: { title: string }) => e.title)).toEqual(['Awaiting payment', 'Payment received']);
    expect(res.body.data.vendor_timeline.map((e: { title: string }) => e.title)).toEqual(['Awaiting payment', 'New order', 'Payment received', 'Paid online']);
  });

  it('shows no discount line when nothing was taken off', async () => {
    const plain = await placeOrder(gil.auth);
    const res = await read(`/v1/store/orders/${plain.order_no}`, gil.auth);
    expect(res.body.data.amount_summary.items).toEqual([
      { key: 'subtotal', label: 'Subtotal', type: 'amount', amount: 8 },
      { key: 'delivery_fee', label: 'Delivery', type: 'amount', amount: 4 },
      { key: 'grand_total', label: 'Total', type: 'total', amount: 12 },
    ]);
  });

  it('answers 404 for another customer’s order, by uuid and by order_no', async () => {
    const hal = await signInCustomer(t.database, shop.store);
    expectFailure(await read(`/v1/store/orders/${order.id}`, hal.auth), 404, 'not_found', 'Order not found.');
    expectFailure(await read(`/v1/store/orders/${order.order_no}`, hal.auth), 404, 'not_found', 'Order not found.');
    expectFailure(await read(`/v1/store/orders/${order.id}/pay`, hal.auth), 404, 'not_found', 'Order not found.');
  });

  it('answers 404 for the same shopper’s order at another store, by uuid and by order_no', async () => {
    const pen = await createProduct(t.database, other.store, { title: 'Pen', price: '2.00', stock: 9 });
    const kim = await signInCustomer(t.database, shop.store);
    const there = await signInCustomer(t.database, other.store, { id: kim.account.id });
    const elsewhere = await placeOrder(there.auth, { store: other, lines: [{ item_id: pen.id, quantity: 1 }] });
    expect((await read(`/v1/store/orders/${elsewhere.order_no}`, there.auth, other.publicKey)).body.data.id).toBe(elsewhere.id);
    expectFailure(await read(`/v1/store/orders/${elsewhere.id}`, kim.auth), 404, 'not_found', 'Order not found.');
    expectFailure(await read(`/v1/store/orders/${elsewhere.order_no}`, kim.auth), 404, 'not_found', 'Order not found.');
    expect((await read('/v1/store/orders', kim.auth)).body.data).toEqual([]);
  });

  it('answers 404 for ids that name no order', async () => {
    for (const id of [randomUUID(), '0', '999999999', '99999999999', 'abc', '1001abc', `${order.id}x`, '-1001', '1e3']) {
      expectFailure(await read(`/v1/store/orders/${encodeURIComponent(id)}`, gil.auth), 404, 'not_found', 'Order not found.');
    }
  });

  it('answers 401 customer_token_required without a bearer token', async () => {
    expectFailure(await read(`/v1/store/orders/${order.id}`), 401, 'customer_token_required');
  });
});

describe('GET /v1/store/orders/{id}/pay', () => {
  let ivy: SignedInCustomer;

  beforeAll(async () => {
    ivy = await signInCustomer(t.database, shop.store);
  });

  it('answers an unpaid online order’s payment details: the total as a decimal string and the test pay page', async () => {
    const order = await placeOrder(ivy.auth, { payment: 'online', lines: [{ item_id: tea.id, quantity: 1 }] });
    const detail = (await read(`/v1/store/orders/${order.id}`, ivy.auth)).body.data;
    const res = await read(`/v1/store/orders/${order.order_no}/pay`, ivy.auth);
    const link = payLinkOf(order);
    expect({ status: res.status, body: res.body }).toEqual({
      status: 200,
      body: {
        status: 'success',
        message: 'Payment details',
        data: {
          order: {
            id: order.id,
            order_no: order.order_no,
            status: 'pending_payment',
            payment_status: 'pending',
            payment_method: 'online',
            currency: 'USD',
            is_payable: true,
            is_paid: false,
            grand_total: '16.50',
            grand_total_text: '16.50 USD',
            payment_link: link,
            pay_link: link,
            items: detail.items,
          },
        },
      },
    });
    expect((await read(`/v1/store/orders/${order.id}/pay`, ivy.auth)).body).toEqual(res.body);
  });

  it('answers 422 order_not_payable for a cash order', async () => {
    const order = await placeOrder(ivy.auth, { payment: 'cash' });
    expectFailure(
      await read(`/v1/store/orders/${order.id}/pay`, ivy.auth),
      422,
      'order_not_payable',
      `Order ${order.order_no} is paid in cash: only an unpaid online order has a payment link.`,
    );
  });

  it('answers 422 order_not_payable once the order is paid', async () => {
    const order = await placeOrder(ivy.auth, { payment: 'online' });
    await settle(order, 'paid');
    expectFailure(
      await read(`/v1/store/orders/${order.id}/pay`, ivy.auth),
      422,
      'order_not_payable',
      `Order ${order.order_no} is already paid: only an unpaid online order has a payment link.`,
    );
  });

  it('still answers the link after a failed payment, so the shopper can try again', async () => {
    const order = await placeOrder(ivy.auth, { payment: 'online' });
    await settle(order, 'failed');
    const res = await read(`/v1/store/orders/${order.id}/pay`, ivy.auth);
    expect(res.status, res.raw).toBe(200);
    expect(res.body.data.order).toMatchObject({
      status: 'pending_payment',
      payment_status: 'failed',
      is_payable: true,
      is_paid: false,
      pay_link: payLinkOf(order),
    });
    await settle(order, 'paid');
    expectFailure(await read(`/v1/store/orders/${order.id}/pay`, ivy.auth), 422, 'order_not_payable');
  });

  it('answers 422 order_not_payable for an unpaid online order the store cancelled', async () => {
    const order = await placeOrder(ivy.auth, { payment: 'online' });
    await moveTo(order, 'cancelled');
    expectFailure(
      await read(`/v1/store/orders/${order.id}/pay`, ivy.auth),
      422,
      'order_not_payable',
      `Order ${order.order_no} is cancelled: only an unpaid online order has a payment link.`,
    );
  });

  it('answers 404 for junk ids and 401 without a bearer token', async () => {
    expectFailure(await read(`/v1/store/orders/${randomUUID()}/pay`, ivy.auth), 404, 'not_found', 'Order not found.');
    expectFailure(await read('/v1/store/orders/nope/pay', ivy.auth), 404, 'not_found', 'Order not found.');
    expectFailure(await read(`/v1/store/orders/${randomUUID()}/pay`), 401, 'customer_token_required');
  });
});
