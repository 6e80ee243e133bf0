import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '../../../src/generated/prisma/client.js';
import { createProduct } from '../../support/catalog.js';
import { expectFailure, expectValidation } from '../../support/failure.js';
import { listOrders } from '../../support/merchant-orders.js';
import { moveStatus, orderTopicsOf, orderWrite } from '../../support/merchant-order-writes.js';
import { makeKey, makeStore, type TestStore } from '../../support/stores.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';

let t: TestApp;
let shop: TestStore;
let other: TestStore;
let tea: Product;
let shirt: Product;
let theirs: Product;

const post = (body: unknown, key = shop.privateKey, headers: Record<string, string> = {}) => orderWrite(t, key, 'POST', '/orders/import', body, headers);
const stockOf = async (product: Product) => (await t.database.prisma.product.findUniqueOrThrow({ where: { id: product.id } })).stock;

/** A paid channel order of two teas at 10.00 delivered for 4.50 with 1.50 off: 23.00. */
const body = (extra: Record<string, unknown> = {}) => ({
  channel: { name: 'Instagram', order_id: `IG-${randomUUID().slice(0, 8)}` },
  customer: { name: 'Rita Recipient', phone: '+13125550123' },
  items: [{ product: tea.pId, quantity: 2, unit_price: '10.00' }],
  delivery_fee: 4.5,
  discount: '1.50',
  total: '23.00',
  delivery_method: 'delivery',
  shipping_address: { address: '1 N State St, Chicago', latitude: 41.8781, longitude: -87.6298 },
  note: 'DM order',
  placed_at: '2026-11-20T09:30:00Z',
  ...extra,
});

beforeAll(async () => {
  t = await startTestApp();
  shop = await makeStore(t.database, { name: 'Import Shop' });
  other = await makeStore(t.database);
  tea = await createProduct(t.database, shop.store, { title: 'Green Tea', slug: `green-tea-${randomUUID().slice(0, 6)}`, price: '12.00', stock: 20 });
  shirt = await createProduct(t.database, shop.store, {
    title: 'Shirt',
    price: '20.00',
    options: { Size: ['S', 'M'] },
    variants: [
      { title: 'S', optionValues: { Size: 'S' }, price: '20.00', stock: 5 },
      { title: 'M', optionValues: { Size: 'M' }, price: '20.00', stock: 5 },
    ],
  });
  theirs = await createProduct(t.database, other.store, { title: 'Not Yours', price: '1.00', stock: 5 });
});
afterAll(() => t.close());

describe('POST /orders/import', () => {
  it('records the order as charged: 201 with the Order object, a shop order number, no customer record, orders/create', async () => {
    const sent = body();
    const customersBefore = await t.database.prisma.customer.count({ where: { storeId: shop.store.id } });
    const res = await post(sent);
    expect(res.status, res.raw).toBe(201);
    const order = res.body.data;
    expect(res.body.message).toBe('Order imported');
    expect(order).toMatchObject({
      status: 'processing',
      payment_status: 'paid',
      payment_method: 'online',
      fulfillment_status: 'unfulfilled',
      channel: 'import',
      custom_channel: 'Instagram',
      external_ref: sent.channel.order_id,
      delivery_method: 'delivery',
      currency: 'USD',
      subtotal: '20.00',
      discount_total: '1.50',
      shipping_total: '4.50',
      tax_total: '0.00',
      total: '23.00',
      customer: null,
      shipping_address: { address: '1 N State St, Chicago', latitude: 41.8781, longitude: -87.6298, name: 'Rita Recipient', phone: '+13125550123' },
      note: 'DM order',
      created_at: '2026-11-20T09:30:00.000Z',
      line_items: [{ product_id: tea.pId, product_uid: tea.id, title: 'Green Tea', variant_title: null, quantity: 2, unit_price: '10.00', total: '20.00', properties: {} }],
    });
    expect(Number(order.order_number)).toBeGreaterThanOrEqual(1001);
    expect(res.headers.location).toBe(`/api/v1/merchant/orders/${order.id}`);
    expect(await t.database.prisma.customer.count({ where: { storeId: shop.store.id } })).toBe(customersBefore);
    expect(await orderTopicsOf(t.database, shop.store, order.id)).toEqual(['orders/create']);
    const feed = await listOrders(t, shop.privateKey, `updated_after=${encodeURIComponent(new Date(Date.now() - 60_000).toISOString())}`);
    expect(feed.body.data.map((o: { id: number }) => o.id)).toContain(order.id);
  });

  it('takes the next order number of the store, shared with checkout', async () => {
    const first = await post(body());
    const second = await post(body());
    expect(Number(second.body.data.order_number)).toBe(Number(first.body.data.order_number) + 1);
  });

  it('accepts an unpaid order, products by uuid and slug, a variant by p_id and uuid, and a title of the channel', async () => {
    const variants = await t.database.prisma.variant.findMany({ where: { productId: shirt.id }, orderBy: { position: 'asc' } });
    const res = await post(
      body({
        payment_status: 'unpaid',
        items: [
          { product: tea.id, quantity: 1, unit_price: 10 },
          { product: tea.slug, quantity: 1, unit_price: 10, title: 'Tea (channel name)' },
          { product: shirt.pId, variant: variants[0]!.pId, quantity: 1, unit_price: '18.00' },
          { product: shirt.slug, variant: variants[1]!.id, quantity: 1, unit_price: '18.00' },
        ],
        delivery_fee: 0,
        discount: 0,
        total: '56.00',
        delivery_method: 'instore',
        shipping_address: null,
      }),
    );
    expect(res.status, res.raw).toBe(201);
    expect(res.body.data).toMatchObject({ payment_status: 'unpaid', payment_method: 'cash', delivery_method: 'instore', shipping_address: null, total: '56.00' });
    expect(res.body.data.line_items.map((l: { title: string; variant_title: string | null }) => [l.title, l.variant_title])).toEqual([
      ['Green Tea', null],
      ['Tea (channel name)', null],
      ['Shirt', 'S'],
      ['Shirt', 'M'],
    ]);
  });
});

describe('POST /orders/import rule 2: amounts and the total', () => {
  it('refuses a total that does not add up, naming the expected amount', async () => {
    const res = await post(body({ total: '25.00' }));
    expectValidation(res, 'total');
    expect(res.body.errors.total).toEqual(["must be 23.00: the items' unit_price × quantity, plus delivery_fee, minus discount"]);
  });

  it.each([
    ['unit_price', { items: [{ product: 1, quantity: 1, unit_price: '10.001' }] }, 'items.0.unit_price'],
    ['delivery_fee', { delivery_fee: '4.505' }, 'delivery_fee'],
    ['discount', { discount: -1 }, 'discount'],
    ['total', { total: 'twenty' }, 'total'],
  ])('refuses a malformed %s by name', async (_name, extra, field) => {
    expectValidation(await post(body(extra)), field);
  });
});

describe('POST /orders/import rule 3: caps', () => {
  it('refuses more than 1,000,000 per unit price, delivery fee or discount and 10,000,000 per total', async () => {
    expectValidation(await post(body({ items: [{ product: tea.pId, quantity: 1, unit_price: '1000000.01' }] })), 'items.0.unit_price');
    expectValidation(await post(body({ delivery_fee: '1000000.01' })), 'delivery_fee');
    expectValidation(await post(body({ discount: '1000000.01' })), 'discount');
    const over = await post(body({ items: [{ product: tea.pId, quantity: 11, unit_price: '1000000.00' }], delivery_fee: 0, discount: 0, total: '11000000.00' }));
    expectValidation(over, 'total');
    expect(over.body.errors.total).toEqual(['must be at most 10,000,000']);
    const atCaps = await post(body({ items: [{ product: tea.pId, quantity: 10, unit_price: '1000000.00' }], delivery_fee: 0, discount: 0, total: '10000000.00' }));
    expect(atCaps.status, atCaps.raw).toBe(201);
  });
});

describe('POST /orders/import rule 4: products and variants of this store', () => {
  it("refuses another store's product, naming the item", async () => {
    for (const ref of [theirs.pId, theirs.id, theirs.slug]) {
      const res = await post(body({ items: [{ product: tea.pId, quantity: 1, unit_price: 10 }, { product: ref, quantity: 1, unit_price: 10 }], total: 23 }));
      expectValidation(res, 'items.1.product');
      expect(res.body.errors['items.1.product']).toEqual([`${ref} is no product of this store`]);
    }
  });

  it('refuses a variant of another product, and a product sold by variant without one', async () => {
    const teaVariantless = await post(body({ items: [{ product: shirt.pId, quantity: 1, unit_price: 20 }], total: '23.00' }));
    expect(teaVariantless.body.errors['items.0.variant']).toEqual(['is required: Shirt is sold by variant']);
    const stranger = await post(body({ items: [{ product: tea.pId, variant: 999999, quantity: 2, unit_price: 10 }] }));
    expect(stranger.body.errors['items.0.variant']).toEqual(['999999 is no variant of Green Tea']);
  });

  it('refuses the older single ref', async () => {
    const res = await post(body({ items: [{ ref: `${tea.pId}`, product: tea.pId, quantity: 2, unit_price: 10 }] }));
    expectValidation(res, 'items.0.ref');
  });
});

describe('POST /orders/import rule 5: the customer travels as name and phone', () => {
  it('refuses other customer fields and a missing phone by name', async () => {
    expectValidation(await post(body({ customer: { name: 'Rita', phone: '+13125550123', email: 'r@x.test' } })), 'customer.email');
    expectValidation(await post(body({ customer: { name: 'Rita' } })), 'customer.phone');
  });
});

describe('POST /orders/import rule 6: a re-sent webhook answers the same order', () => {
  it('answers 200 with the order made the first time, and records nothing more', async () => {
    const sent = body();
    const first = await post(sent);
    const again = await post({ ...sent, note: 'resent' });
    expect(first.status).toBe(201);
    expect(again.status).toBe(200);
    expect(again.body.message).toBe('This order was imported before');
    expect(again.body.data).toEqual(first.body.data);
    expect(await t.database.prisma.order.count({ where: { storeId: shop.store.id, externalRef: sent.channel.order_id } })).toBe(1);
    expect(await orderTopicsOf(t.database, shop.store, first.body.data.id)).toEqual(['orders/create']);
  });

  it('tells channels apart: the same reference from another channel is another order', async () => {
    const sent = body();
    expect((await post(sent)).status).toBe(201);
    expect((await post({ ...sent, channel: { ...sent.channel, name: 'TikTok' } })).status).toBe(201);
  });
});

describe('POST /orders/import: the names of the body and what it must carry', () => {
  it('refuses a field the import does not know, a currency not the store’s, and a delivery without an address', async () => {
    expectValidation(await post(body({ coupon_code: 'X' })), 'coupon_code');
    expectValidation(await post(body({ currency: 'EUR' })), 'currency');
    expect((await post(body({ currency: 'usd' }))).status).toBe(201);
    expectValidation(await post(body({ shipping_address: undefined })), 'shipping_address');
    expectValidation(await post(body({ channel: { name: 'Instagram' } })), 'channel.order_id');
    expectValidation(await post(body({ delivery_method: 'drone' })), 'delivery_method');
    expectValidation(await post(body({ items: [] })), 'items');
  });
});

describe('POST /orders/import: stock', () => {
  it('leaves stock alone by default (bypass), and a cancellation gives nothing back', async () => {
    const before = await stockOf(tea);
    const res = await post(body());
    expect(await stockOf(tea)).toBe(before);
    expect((await moveStatus(t, shop.privateKey, res.body.data.id, { status: 'cancelled' })).status).toBe(200);
    expect(await stockOf(tea)).toBe(before);
  });

  it('takes the units with inventory_behaviour decrement, refuses units that are not there, and a cancellation gives them back without a refund', async () => {
    const before = await stockOf(tea);
    const res = await post(body({ inventory_behaviour: 'decrement' }));
    expect(res.status, res.raw).toBe(201);
    expect(await stockOf(tea)).toBe(before - 2);
    const ledger = await t.database.prisma.inventoryAdjustment.findMany({ where: { productId: tea.id, reference: `#${res.body.data.order_number}` } });
    expect(ledger.map((e) => [e.reason, e.delta])).toEqual([['sold', -2]]);
    expectFailure(await post(body({ inventory_behaviour: 'decrement', items: [{ product: tea.pId, quantity: 500, unit_price: 1 }], total: '503.00' })), 409, 'out_of_stock');
    const cancelled = await moveStatus(t, shop.privateKey, res.body.data.id, { status: 'cancelled' });
    expect(cancelled.body.data).toMatchObject({ status: 'cancelled', payment_status: 'paid' });
    expect(await stockOf(tea)).toBe(before);
  });
});

describe('POST /orders/import: scope and Idempotency-Key', () => {
  it('needs merchant-orders-import', async () => {
    const key = await makeKey(t.database, { store: shop.store.slug, kind: 'private', scopes: ['merchant-orders-read', 'merchant-orders-update'] });
    expectFailure(await post(body(), key), 403, 'insufficient_scope');
  });

  it('replays a repeat with the same key', async () => {
    const sent = body();
    const headers = { 'idempotency-key': randomUUID() };
    const first = await post(sent, shop.privateKey, headers);
    const again = await post(sent, shop.privateKey, headers);
    expect({ status: again.status, replayed: again.headers['idempotent-replayed'], raw: again.raw }).toEqual({ status: 201, replayed: 'true', raw: first.raw });
  });
});
