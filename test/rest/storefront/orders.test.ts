import { randomUUID } from 'node:crypto';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '../../../src/generated/prisma/client.js';
import { createContext } from '../../../src/domain/context.js';
import { settlePayment, type PaymentOutcome } from '../../../src/domain/payments/settle-payment.js';
import { payPageSignature } from '../../../src/domain/payments/test-provider.js';
import { loadServerSecret } from '../../../src/platform/crypto/server-secret.js';
import { createProduct } from '../../support/catalog.js';
import { signInCustomer, type SignedInCustomer } from '../../support/customers.js';
import { expectFailure, expectValidation } from '../../support/failure.js';
import { call, get } from '../../support/http.js';
import { makeStore, type TestStore } from '../../support/stores.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';

let t: TestApp;
let shop: TestStore;
let other: TestStore;
let tea: Product;
let mug: Product;
let secret: string;

type Headers = Record<string, string>;
type Order = Record<string, any>;
const chicago = { label: 'Office', address: '1 N State St, Chicago', lat: 41.8781, lng: -87.6298 };

const post = (url: string, body: unknown, headers: Headers, key = shop.publicKey) =>
  call(t.app, { method: 'POST', url, key, headers: { 'content-type': 'application/json', ...headers }, payload: JSON.stringify(body) });
const read = (url: string, headers: Headers = {}, key = shop.publicKey) => get(t.app, url, key, headers);

/** An order placed through the real cart and checkout, answered as the checkout answers it. */
async function placeOrder(
  who: Headers,
  options: { payment?: 'cash' | 'online'; coupon?: string; lines?: { item_id: string; quantity: number }[]; store?: TestStore } = {},
): Promise<Order> {
  const store = options.store ?? shop;
  const lines = options.lines ?? [{ item_id: mug.id, quantity: 1 }];
  const cart = await post('/v1/store/cart', { vendor_id: store.store.id, cart_items: lines }, who, store.publicKey);
  expect(cart.status, cart.raw).toBe(200);
  const body = {
    delivery_method: 'delivery',
    address: chicago,
    payment_method: options.payment ?? 'cash',
    ...(options.coupon ? { coupon_code: options.coupon } : {}),
  };
  const res = await post('/v1/store/checkout', body, who, store.publicKey);
  expect(res.status, res.raw).toBe(201);
  return res.body.data;
}

/** Moves an order along the state machine the way the store's fulfilment would, by its row. */
const moveTo = (order: Order, status: string) => t.database.prisma.order.update({ where: { uid: order.id }, data: { status } });

/** The payment provider's report, through the domain operation the pay page uses. */
const settle = (order: Order, outcome: PaymentOutcome, store = shop) =>
  t.database.prisma.order.findUniqueOrThrow({ where: { uid: order.id } }).then((row) =>
    settlePayment(
      createContext({
        db: t.database.prisma,
        kv: t.kv,
        media: t.media,
        store: store.store,
        principal: { keyId: 'test', kind: 'private', mode: 'live', scopes: new Set() },
        settings: { cartTtlDays: 30, publicUrl: 'http://bazaar.test' },
        requestId: 'req_orders_test',
        log: pino({ level: 'silent' }),
        secret,
      }),
      row.id,
      outcome,
    ),
  );

const payLinkOf = (order: Order) => `http://bazaar.test/pay/test/${order.id}/${payPageSignature(secret, order.id)}`;
const numbersOf = (res: { body: { data: Order[] } }) => res.body.data.map((o) => o.order_no);

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
