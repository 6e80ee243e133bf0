import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentOutcome } from '../../../src/domain/payments/settle-payment.js';
import type { Product } from '../../../src/generated/prisma/client.js';
import { createProduct } from '../../support/catalog.js';
import { signInCustomer, type SignedInCustomer } from '../../support/customers.js';
import { expectFailure, expectValidation } from '../../support/failure.js';
import { get } from '../../support/http.js';
import { moveOrderTo, numbersOf, placeDeliveryOrder, settleOrder, type DeliveryOrder, type Headers, type OrderWire as Order } from '../../support/orders.js';
import { makeStore, type TestStore } from '../../support/stores.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';

let t: TestApp;
let shop: TestStore;
let mug: Product;

const read = (url: string, headers: Headers = {}, key = shop.publicKey) => get(t.app, url, key, headers);
/** An order of one mug at the shop unless the options say otherwise. */
const placeOrder = (who: Headers, options: Partial<DeliveryOrder> = {}) =>
  placeDeliveryOrder(t.app, shop, who, { lines: [{ item_id: mug.id, quantity: 1 }], ...options });
const moveTo = (order: Order, status: string) => moveOrderTo(t, order, status);
const settle = (order: Order, outcome: PaymentOutcome) => settleOrder(t, shop, order, outcome);

beforeAll(async () => {
  t = await startTestApp();
  shop = await makeStore(t.database, { name: 'Orders Shop' });
  await t.database.prisma.store.update({ where: { id: shop.store.id }, data: { deliveryFee: '4.00', address: '5 Market St' } });
  mug = await createProduct(t.database, shop.store, { title: 'Mug', price: '8.00', stock: 500 });
});
afterAll(() => t.close());

describe('GET /v1/store/orders', () => {
  let ada: SignedInCustomer;
  let placed: Order[];

  beforeAll(async () => {
    ada = await signInCustomer(t.database, shop.store);
    placed = [];
    for (let i = 0; i < 3; i++) placed.push(await placeOrder(ada.auth));
  });

  it('lists the customer’s orders newest first, each as the list element of the spec, with has_more and next_cursor and no totals', async () => {
    const res = await read('/v1/store/orders', ada.auth);
    expect(res.status, res.raw).toBe(200);
    expect(res.body).toEqual({ status: 'success', message: 'Orders', data: expect.any(Array), has_more: false, next_cursor: null });
    expect(numbersOf(res)).toEqual(placed.map((o) => o.order_no).reverse());
    const detail = (await read(`/v1/store/orders/${placed[2]!.id}`, ada.auth)).body.data;
    const summaryFields = Object.keys(res.body.data[0]);
    expect(summaryFields.sort()).toEqual(listElementFields.slice().sort());
    expect(res.body.data[0]).toEqual(Object.fromEntries(summaryFields.map((k) => [k, detail[k]])));
  });

  it('lists nothing for a customer without orders, and not another customer’s', async () => {
    const bob = await signInCustomer(t.database, shop.store);
    const res = await read('/v1/store/orders', bob.auth);
    expect({ status: res.status, body: res.body }).toEqual({
      status: 200,
      body: { status: 'success', message: 'Orders', data: [], has_more: false, next_cursor: null },
    });
  });

  it('answers 401 customer_token_required without a bearer token', async () => {
    expectFailure(await read('/v1/store/orders'), 401, 'customer_token_required');
  });
});

/** The list element's fields, as the spec's "Customer order" names them. */
const listElementFields = [
  'id',
  'title',
  'currency',
  'total_price',
  'delivery_fee',
  'grand_total',
  'payment_status',
  'transaction_id',
  'is_verified',
  'order_no',
  'status',
  'order_type',
  'scheduled_date',
  'scheduled_time',
  'is_backorder_held',
  'backorder_ready_date',
  'delivery_method',
  'payment_method',
  'delivery_address',
  'pickup_address',
  'stage',
  'earliest_delivery_time',
  'latest_delivery_time',
  'ready_window',
  'vendor',
  'created_by_id',
  'timeline',
  'vendor_timeline',
  'vendor_note',
  'rider_note',
  'shopforme_fee',
  'service_fee',
  'is_confirmed',
  'rejected',
  'is_completed',
  'cancelled',
  'items_count',
  'started_at',
  'completed_at',
  'created_at',
  'updated_at',
];

describe('GET /v1/store/orders?status', () => {
  let cy: SignedInCustomer;
  const by: Record<string, Order> = {};

  beforeAll(async () => {
    cy = await signInCustomer(t.database, shop.store);
    by.placed = await placeOrder(cy.auth);
    by.awaiting = await placeOrder(cy.auth, { payment: 'online' });
    by.paid = await placeOrder(cy.auth, { payment: 'online' });
    await settle(by.paid, 'paid');
    for (const status of ['ready', 'out_for_delivery', 'delivered', 'completed', 'cancelled', 'rejected']) {
      by[status] = await placeOrder(cy.auth);
      await moveTo(by[status]!, status);
    }
  });

  const listed = async (status: string) => {
    const res = await read(`/v1/store/orders?status=${status}&per_page=50`, cy.auth);
    expect(res.status, res.raw).toBe(200);
    return res.body.data.map((o: Order) => [o.order_no, o.status]);
  };
  const expected = (...names: string[]) =>
    names
      .map((name) => by[name]!)
      .sort((a, b) => Number(b.order_no) - Number(a.order_no))
      .map((o) => [o.order_no, expect.any(String)]);

  it('lists every order for all, and by default', async () => {
    const every = expected('placed', 'awaiting', 'paid', 'ready', 'out_for_delivery', 'delivered', 'completed', 'cancelled', 'rejected');
    expect(await listed('all')).toEqual(every);
    expect(numbersOf(await read('/v1/store/orders?per_page=50', cy.auth))).toEqual(every.map(([no]) => no));
  });

  it('maps ongoing onto placed, pending payment, processing, ready and out for delivery', async () => {
    expect(await listed('ongoing')).toEqual(expected('placed', 'awaiting', 'paid', 'ready', 'out_for_delivery'));
    expect((await listed('ongoing')).map(([, status]: string[]) => status).sort()).toEqual(
      ['out_for_delivery', 'pending_payment', 'placed', 'processing', 'ready'].sort(),
    );
  });

  it('maps pending onto placed and pending payment: a paid order has left it', async () => {
    expect(await listed('pending')).toEqual([
      [by.awaiting!.order_no, 'pending_payment'],
      [by.placed!.order_no, 'placed'],
    ]);
  });

  it('maps delivered and completed onto their own states; cancelled and rejected orders are under all only', async () => {
    expect(await listed('delivered')).toEqual([[by.delivered!.order_no, 'delivered']]);
    expect(await listed('completed')).toEqual([[by.completed!.order_no, 'completed']]);
  });

  it('refuses a status outside the list with 422 naming status', async () => {
    expectValidation(await read('/v1/store/orders?status=shipped', cy.auth), 'status');
    expectValidation(await read('/v1/store/orders?status=cancelled', cy.auth), 'status');
  });
});

describe('GET /v1/store/orders?service', () => {
  let dee: SignedInCustomer;
  let order: Order;

  beforeAll(async () => {
    dee = await signInCustomer(t.database, shop.store);
    order = await placeOrder(dee.auth);
  });

  it('lists the orders under the store’s own service, and nothing under another', async () => {
    expect(shop.store.service).toBe('shop');
    expect(numbersOf(await read('/v1/store/orders?service=shop', dee.auth))).toEqual([order.order_no]);
    const res = await read('/v1/store/orders?service=food', dee.auth);
    expect({ status: res.status, body: res.body }).toEqual({
      status: 200,
      body: { status: 'success', message: 'Orders', data: [], has_more: false, next_cursor: null },
    });
  });

  it('binds the cursor to the service', async () => {
    await placeOrder(dee.auth);
    const first = await read('/v1/store/orders?service=shop&limit=1', dee.auth);
    expect(first.body.has_more).toBe(true);
    expectFailure(await read(`/v1/store/orders?limit=1&starting_after=${first.body.next_cursor}`, dee.auth), 422, 'starting_after_invalid');
  });
});

describe('GET /v1/store/orders pages and cursors', () => {
  let eve: SignedInCustomer;
  /** Newest first. */
  let numbers: string[];

  beforeAll(async () => {
    eve = await signInCustomer(t.database, shop.store);
    const made: Order[] = [];
    for (let i = 0; i < 12; i++) made.push(await placeOrder(eve.auth));
    numbers = made.map((o) => o.order_no).reverse();
  });

  it('answers 10 orders by default, at most 50, at least 1', async () => {
    const res = await read('/v1/store/orders', eve.auth);
    expect(numbersOf(res)).toEqual(numbers.slice(0, 10));
    expect(res.body.has_more).toBe(true);
    expect(numbersOf(await read('/v1/store/orders?per_page=50', eve.auth))).toEqual(numbers);
    expect(numbersOf(await read('/v1/store/orders?per_page=1', eve.auth))).toEqual(numbers.slice(0, 1));
    expect(numbersOf(await read('/v1/store/orders?limit=3', eve.auth))).toEqual(numbers.slice(0, 3));
  });

  it('walks page by page with has_more and no totals or page counts', async () => {
    const pages = [];
    for (const page of [1, 2, 3, 4]) {
      const res = await read(`/v1/store/orders?page=${page}&per_page=5`, eve.auth);
      expect(res.status, res.raw).toBe(200);
      expect(Object.keys(res.body).sort()).toEqual(['data', 'has_more', 'message', 'next_cursor', 'status']);
      pages.push([numbersOf(res), res.body.has_more]);
    }
    expect(pages).toEqual([
      [numbers.slice(0, 5), true],
      [numbers.slice(5, 10), true],
      [numbers.slice(10), false],
      [[], false],
    ]);
  });

  it('answers page 50 and refuses page 51 with 422 page_too_deep', async () => {
    const deepest = await read('/v1/store/orders?page=50', eve.auth);
    expect({ status: deepest.status, body: deepest.body }).toEqual({
      status: 200,
      body: { status: 'success', message: 'Orders', data: [], has_more: false, next_cursor: null },
    });
    expectFailure(
      await read('/v1/store/orders?page=51', eve.auth),
      422,
      'page_too_deep',
      'Page mode stops at page 50; walk next_cursor with starting_after past it.',
    );
  });

  it('refuses page with starting_after with 422 naming page', async () => {
    const first = await read('/v1/store/orders?limit=2', eve.auth);
    expectValidation(await read(`/v1/store/orders?page=2&starting_after=${first.body.next_cursor}`, eve.auth), 'page');
  });

  it('walks by cursor with limit and starting_after, visiting each order once, newest first', async () => {
    const seen: string[] = [];
    let url = '/v1/store/orders?limit=5';
    let pages = 0;
    for (;;) {
      const res = await read(url, eve.auth);
      expect(res.status, res.raw).toBe(200);
      seen.push(...numbersOf(res));
      pages += 1;
      if (!res.body.has_more) {
        expect(res.body.next_cursor).toBeNull();
        break;
      }
      url = `/v1/store/orders?limit=5&starting_after=${encodeURIComponent(res.body.next_cursor)}`;
    }
    expect(pages).toBe(3);
    expect(seen).toEqual(numbers);
  });

  it('continues a page with its next_cursor', async () => {
    const page = await read('/v1/store/orders?page=2&per_page=4', eve.auth);
    const next = await read(`/v1/store/orders?per_page=4&starting_after=${encodeURIComponent(page.body.next_cursor)}`, eve.auth);
    expect(numbersOf(next)).toEqual(numbers.slice(8, 12));
  });

  it('binds the cursor to the status filter and to the customer', async () => {
    const first = await read('/v1/store/orders?limit=2', eve.auth);
    const cursor = encodeURIComponent(first.body.next_cursor);
    expectFailure(await read(`/v1/store/orders?status=pending&limit=2&starting_after=${cursor}`, eve.auth), 422, 'starting_after_invalid');
    const fay = await signInCustomer(t.database, shop.store);
    expectFailure(await read(`/v1/store/orders?limit=2&starting_after=${cursor}`, fay.auth), 422, 'starting_after_invalid');
    expectFailure(await read('/v1/store/orders?starting_after=not-a-cursor', eve.auth), 422, 'starting_after_invalid');
  });

  it('refuses bad query values with the 422 envelope naming the field', async () => {
    for (const [query, field] of [
      ['per_page=0', 'per_page'],
      ['per_page=51', 'per_page'],
      ['per_page=ten', 'per_page'],
      ['per_page=2.5', 'per_page'],
      ['limit=0', 'limit'],
      ['limit=51', 'limit'],
      ['page=0', 'page'],
      ['page=-1', 'page'],
      ['page=first', 'page'],
      ['service=' + 'x'.repeat(61), 'service'],
    ]) {
      expectValidation(await read(`/v1/store/orders?${query}`, eve.auth), field!);
    }
  });
});
