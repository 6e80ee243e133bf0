import { randomUUID } from 'node:crypto';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order as OrderRow, Product } from '../../../src/generated/prisma/client.js';
import { merchantScopes } from '../../../src/auth/scopes.js';
import { createContext } from '../../../src/domain/context.js';
import { settlePayment, type PaymentOutcome } from '../../../src/domain/payments/settle-payment.js';
import { loadServerSecret } from '../../../src/platform/crypto/server-secret.js';
import { createProduct } from '../../support/catalog.js';
import { signInCustomer, type SignedInCustomer } from '../../support/customers.js';
import { expectFailure, expectValidation } from '../../support/failure.js';
import { call, get } from '../../support/http.js';
import { makeKey, makeStore, type TestStore } from '../../support/stores.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';

const MERCHANT = '/api/v1/merchant';

let t: TestApp;
let shop: TestStore;
let other: TestStore;
let tea: Product;
let mug: Product;
let ada: SignedInCustomer;
let bob: SignedInCustomer;
/** The orders of the shop, by name (see the first beforeAll), as their rows once their times were set. */
const o: Record<string, OrderRow> = {};

type Headers = Record<string, string>;
type Wire = Record<string, any>;
const chicago = { label: 'Office', address: '1 N State St, Chicago', lat: 41.8781, lng: -87.6298 };
/** Accounts are platform-wide: a phone number of this run's own. */
const freshPhone = (area: string) => `+1${area}${String(Math.floor(Math.random() * 9_000_000) + 1_000_000)}`;
const guestPhone = freshPhone('415');
const recipientPhone = freshPhone('773');
const guestEmail = `${randomUUID().slice(0, 10)}@guest.test`;

const post = (url: string, body: unknown, headers: Headers, key: string) =>
  call(t.app, { method: 'POST', url, key, headers: { 'content-type': 'application/json', ...headers }, payload: JSON.stringify(body) });
const list = (query = '', key = shop.privateKey) => get(t.app, `${MERCHANT}/orders${query ? `?${query}` : ''}`, key);
const one = (ref: string | number, key = shop.privateKey) => get(t.app, `${MERCHANT}/orders/${ref}`, key);
const idsOf = (res: { body: { data: Wire[] } }) => res.body.data.map((order) => order.id);

/** An order placed through the real cart and checkout. */
async function placeOrder(who: Headers, checkout: Record<string, unknown>, lines: { item_id: string; quantity: number }[], store = shop): Promise<OrderRow> {
  const cart = await post('/v1/store/cart', { vendor_id: store.store.id, cart_items: lines }, who, store.publicKey);
  expect(cart.status, cart.raw).toBe(200);
  const res = await post('/v1/store/checkout', { delivery_method: 'delivery', payment_method: 'cash', ...checkout }, who, store.publicKey);
  expect(res.status, res.raw).toBe(201);
  return t.database.prisma.order.findUniqueOrThrow({ where: { uid: res.body.data.id } });
}

async function settle(order: OrderRow, outcome: PaymentOutcome) {
  const ctx = createContext({
    db: t.database.prisma,
    kv: t.kv,
    media: t.media,
    store: shop.store,
    principal: { keyId: 'test', kind: 'private', mode: 'live', scopes: new Set() },
    settings: { cartTtlDays: 30, publicUrl: 'http://bazaar.test' },
    requestId: 'req_merchant_orders_test',
    log: pino({ level: 'silent' }),
    secret: await loadServerSecret(t.database.prisma, t.config.secret),
  });
  await settlePayment(ctx, order.id, outcome);
}

const at = (day: string, seconds: number) => new Date(Date.parse(`2026-03-${day}T10:00:00.000Z`) + seconds * 1000);
/** Pins an order's times, so sorts meet ties and the feed knows what changed when. */
const pin = (order: OrderRow, createdAt: Date, updatedAt: Date) => t.database.prisma.order.update({ where: { id: order.id }, data: { createdAt, updatedAt } });

beforeAll(async () => {
  t = await startTestApp();
  shop = await makeStore(t.database, { name: 'Merchant Orders Shop' });
  other = await makeStore(t.database);
  await t.database.prisma.store.update({ where: { id: shop.store.id }, data: { deliveryFee: '4.00', address: '5 Market St', pickupEnabled: true } });
  tea = await createProduct(t.database, shop.store, { title: 'Green Tea', price: '12.50', stock: 100 });
  mug = await createProduct(t.database, shop.store, { title: 'Mug', price: '8.00', stock: 100 });
  await t.database.prisma.coupon.create({
    data: { storeId: shop.store.id, code: 'SAVE5', codeKey: 'SAVE5', title: 'Five off', discountType: 'fixed', discountValue: '5' },
  });
  ada = await signInCustomer(t.database, shop.store, { phone: freshPhone('312') });
  bob = await signInCustomer(t.database, shop.store, { firstName: 'Bob', lastName: 'Buyer', phone: freshPhone('630') });

  // placed/pending, delivery, 12.00
  o.a = await placeOrder(ada.auth, { address: chicago }, [{ item_id: mug.id, quantity: 1 }]);
  // pending_payment/pending, delivery, coupon: 12.50 - 5.00 + 4.00 = 11.50
  o.b = await placeOrder(ada.auth, { address: chicago, payment_method: 'online', coupon_code: 'SAVE5', note: 'Leave at the door' }, [
    { item_id: tea.id, quantity: 1 },
  ]);
  // processing/paid, pickup, 8.00
  o.c = await placeOrder(bob.auth, { delivery_method: 'pickup', payment_method: 'online' }, [{ item_id: mug.id, quantity: 1 }]);
  await settle(o.c, 'paid');
  // a guest's: placed/pending, delivery to a recipient, 12.00
  o.d = await placeOrder(
    { 'x-cart-session': randomUUID() },
    {
      address: { ...chicago, recipient_name: 'Rita Recipient', recipient_phone: recipientPhone },
      contact: { name: 'Grace Guest', email: guestEmail, phone: guestPhone },
    },
    [{ item_id: mug.id, quantity: 1 }],
  );
  // pending_payment/failed, delivery, 12.00
  o.e = await placeOrder(bob.auth, { address: chicago, payment_method: 'online' }, [{ item_id: mug.id, quantity: 1 }]);
  await settle(o.e, 'failed');
  // placed/pending, pickup, 12.50
  o.f = await placeOrder(ada.auth, { delivery_method: 'pickup' }, [{ item_id: tea.id, quantity: 1 }]);

  // Created: a, then b c d at one instant, then e, then f. Changed: c first, then a e f at one instant, then b, then d.
  const times: Record<string, [Date, Date]> = {
    a: [at('01', 1), at('02', 1)],
    b: [at('01', 2), at('02', 2)],
    c: [at('01', 2), at('02', 0)],
    d: [at('01', 2), at('02', 3)],
    e: [at('01', 3), at('02', 1)],
    f: [at('01', 4), at('02', 1)],
  };
  for (const [name, [created, updated]] of Object.entries(times)) o[name] = await pin(o[name]!, created, updated);
});
afterAll(() => t.close());

describe('GET /orders', () => {
  it('lists the store’s orders newest first by default, ties by id, as a list envelope', async () => {
    const res = await list();
    expect(res.status, res.raw).toBe(200);
    expect(res.body).toEqual({ status: 'success', message: 'Orders', data: expect.any(Array), has_more: false, next_cursor: null });
    expect(idsOf(res)).toEqual([o.f!.id, o.e!.id, o.d!.id, o.c!.id, o.b!.id, o.a!.id]);
  });

  it('does not list another store’s orders', async () => {
    const res = await list('', other.privateKey);
    expect({ status: res.status, body: res.body }).toEqual({
      status: 200,
      body: { status: 'success', message: 'Orders', data: [], has_more: false, next_cursor: null },
    });
  });

  it('takes limit 1 to 100 and refuses anything else naming limit', async () => {
    const first = await list('limit=1');
    expect([idsOf(first), first.body.has_more, typeof first.body.next_cursor]).toEqual([[o.f!.id], true, 'string']);
    expect(idsOf(await list('limit=100'))).toHaveLength(6);
    for (const limit of ['0', '101', 'ten', '1.5', '-1']) expectValidation(await list(`limit=${limit}`), 'limit');
  });

  it('refuses page and per_page outside the polling feed', async () => {
    expectValidation(await list('page=1'), 'page');
    expectValidation(await list('per_page=5'), 'per_page');
  });

  it('refuses bad values naming the field', async () => {
    expectValidation(await list('payment_status=refunded'), 'payment_status');
    expectValidation(await list('delivery_method=drone'), 'delivery_method');
    expectValidation(await list('uuid=not-a-uuid'), 'uuid');
    expectValidation(await list('sort_by=price'), 'sort_by');
    expectValidation(await list('sort_order=up'), 'sort_order');
    expectValidation(await list('updated_after=yesterday'), 'updated_after');
    expectFailure(await list('starting_after=not-a-cursor'), 422, 'starting_after_invalid');
  });

  it('answers 403 insufficient_scope without merchant-orders-read', async () => {
    const key = await makeKey(t.database, { store: shop.store.slug, kind: 'private', scopes: ['merchant-items-read'] });
    expectFailure(await list('', key), 403, 'insufficient_scope');
  });
});

describe('GET /orders sort_by and sort_order', () => {
  const keyOf: Record<string, (row: OrderRow) => number | string> = {
    created_at: (row) => row.createdAt.getTime(),
    updated_at: (row) => row.updatedAt.getTime(),
    status: (row) => row.status,
    payment_status: (row) => row.paymentStatus,
    total: (row) => Number(row.total),
  };
  /** The sort the spec names, ties by id in the sort's direction. */
  const sorted = async (by: string, direction: 'asc' | 'desc') => {
    const rows = await t.database.prisma.order.findMany({ where: { storeId: shop.store.id } });
    const sign = direction === 'asc' ? 1 : -1;
    return rows
      .sort((x, y) => {
        const [kx, ky] = [keyOf[by]!(x), keyOf[by]!(y)];
        return sign * (kx < ky ? -1 : kx > ky ? 1 : x.id - y.id);
      })
      .map((row) => row.id);
  };

  it('meets ties on every sort key', async () => {
    for (const by of Object.keys(keyOf)) {
      const keys = Object.values(o).map((row) => keyOf[by]!(row));
      expect(new Set(keys).size, by).toBeLessThan(keys.length);
    }
  });

  for (const by of ['created_at', 'updated_at', 'status', 'payment_status', 'total']) {
    for (const direction of ['asc', 'desc'] as const) {
      it(`walks sort_by=${by}&sort_order=${direction} by cursor, two at a time, each order once`, async () => {
        const seen: number[] = [];
        let cursor: string | null = null;
        do {
          const res = await list(`sort_by=${by}&sort_order=${direction}&limit=2${cursor ? `&starting_after=${encodeURIComponent(cursor)}` : ''}`);
          expect(res.status, res.raw).toBe(200);
          expect(res.body.data.length).toBeLessThanOrEqual(2);
          seen.push(...idsOf(res));
          cursor = res.body.has_more ? res.body.next_cursor : null;
          if (!res.body.has_more) expect(res.body.next_cursor).toBeNull();
        } while (cursor);
        expect(seen).toEqual(await sorted(by, direction));
      });
    }
  }

  it('sorts desc when sort_order is left out', async () => {
    expect(idsOf(await list('sort_by=total'))).toEqual(await sorted('total', 'desc'));
  });

  it('binds the cursor to the sort and the filters', async () => {
    const first = await list('sort_by=total&sort_order=asc&limit=2');
    const cursor = encodeURIComponent(first.body.next_cursor);
    expect((await list(`sort_by=total&sort_order=asc&limit=2&starting_after=${cursor}`)).status).toBe(200);
    expectFailure(await list(`sort_by=total&sort_order=desc&limit=2&starting_after=${cursor}`), 422, 'starting_after_invalid');
    expectFailure(await list(`sort_by=status&sort_order=asc&limit=2&starting_after=${cursor}`), 422, 'starting_after_invalid');
    expectFailure(await list(`sort_by=total&sort_order=asc&payment_status=pending&starting_after=${cursor}`), 422, 'starting_after_invalid');
    expectFailure(await list(`limit=2&starting_after=${cursor}`, other.privateKey), 422, 'starting_after_invalid');
  });
});

describe('GET /orders filters', () => {
  it('filters by payment_status', async () => {
    expect(idsOf(await list('payment_status=paid'))).toEqual([o.c!.id]);
    expect(idsOf(await list('payment_status=failed'))).toEqual([o.e!.id]);
    expect(idsOf(await list('payment_status=pending'))).toEqual([o.f!.id, o.d!.id, o.b!.id, o.a!.id]);
  });

  it('filters by delivery_method', async () => {
    expect(idsOf(await list('delivery_method=pickup'))).toEqual([o.f!.id, o.c!.id]);
    expect(idsOf(await list('delivery_method=delivery'))).toEqual([o.e!.id, o.d!.id, o.b!.id, o.a!.id]);
  });

  it('filters by the customer’s uid, in any case; an unknown uid lists nothing', async () => {
    expect(idsOf(await list(`uuid=${ada.customer.uid}`))).toEqual([o.f!.id, o.b!.id, o.a!.id]);
    expect(idsOf(await list(`uuid=${bob.customer.uid.toUpperCase()}`))).toEqual([o.e!.id, o.c!.id]);
    expect(idsOf(await list(`uuid=${randomUUID()}`))).toEqual([]);
  });

  it('combines filters and walks them by cursor', async () => {
    const first = await list(`uuid=${ada.customer.uid}&payment_status=pending&delivery_method=delivery&limit=1`);
    expect([idsOf(first), first.body.has_more]).toEqual([[o.b!.id], true]);
    const next = await list(
      `uuid=${ada.customer.uid}&payment_status=pending&delivery_method=delivery&limit=1&starting_after=${encodeURIComponent(first.body.next_cursor)}`,
    );
    expect([idsOf(next), next.body.has_more, next.body.next_cursor]).toEqual([[o.a!.id], false, null]);
  });
});

describe('GET /orders?updated_after (the polling feed)', () => {
  const since = encodeURIComponent(at('02', 0).toISOString());

  it('lists the orders changed strictly after the time, oldest change first, ties by id', async () => {
    expect(idsOf(await list(`updated_after=${since}`))).toEqual([o.a!.id, o.e!.id, o.f!.id, o.b!.id, o.d!.id]);
    expect(idsOf(await list(`updated_after=${encodeURIComponent(at('02', 2).toISOString())}`))).toEqual([o.d!.id]);
    expect(idsOf(await list('updated_after=2026-03-02T10:00:03Z'))).toEqual([]);
  });

  it('reads a timestamp without an offset as UTC, and a bare date as its midnight', async () => {
    expect(idsOf(await list('updated_after=2026-03-02T10:00:02'))).toEqual([o.d!.id]);
    expect(idsOf(await list('updated_after=2026-03-02'))).toHaveLength(6);
  });

  it('keeps its filters', async () => {
    expect(idsOf(await list(`updated_after=${since}&payment_status=pending`))).toEqual([o.a!.id, o.f!.id, o.b!.id, o.d!.id]);
    expect(idsOf(await list(`updated_after=${since}&delivery_method=pickup`))).toEqual([o.f!.id]);
  });

  it('walks by cursor, each order once', async () => {
    const seen: number[] = [];
    let url = `updated_after=${since}&limit=2`;
    for (;;) {
      const res = await list(url);
      expect(res.status, res.raw).toBe(200);
      seen.push(...idsOf(res));
      if (!res.body.has_more) break;
      url = `updated_after=${since}&limit=2&starting_after=${encodeURIComponent(res.body.next_cursor)}`;
    }
    expect(seen).toEqual([o.a!.id, o.e!.id, o.f!.id, o.b!.id, o.d!.id]);
  });

  it('refuses sort_by, sort_order, page and per_page with 422 naming the field', async () => {
    expectValidation(await list(`updated_after=${since}&sort_by=created_at`), 'sort_by');
    expectValidation(await list(`updated_after=${since}&sort_order=asc`), 'sort_order');
    expectValidation(await list(`updated_after=${since}&page=1`), 'page');
    expectValidation(await list(`updated_after=${since}&per_page=10`), 'per_page');
  });

  it('binds its cursor to the timestamp and the filters', async () => {
    const first = await list(`updated_after=${since}&payment_status=pending&limit=1`);
    const cursor = encodeURIComponent(first.body.next_cursor);
    expect((await list(`updated_after=${since}&payment_status=pending&limit=1&starting_after=${cursor}`)).status).toBe(200);
    const stale = encodeURIComponent(at('02', 1).toISOString());
    for (const query of [
      `updated_after=${since}&limit=1&starting_after=${cursor}`,
      `updated_after=${since}&payment_status=paid&limit=1&starting_after=${cursor}`,
      `updated_after=${since}&payment_status=pending&delivery_method=delivery&limit=1&starting_after=${cursor}`,
      `updated_after=${stale}&payment_status=pending&limit=1&starting_after=${cursor}`,
      `payment_status=pending&limit=1&starting_after=${cursor}`,
    ]) {
      expectFailure(await list(query), 422, 'starting_after_invalid');
    }
  });
});

describe('The Order object', () => {
  const phoneMask = (phone: string) => `+1******${phone.slice(-4)}`;
  const emailMask = (email: string) => `${email[0]}***${email.slice(email.indexOf('@'))}`;
  let withoutContact: string;

  beforeAll(async () => {
    withoutContact = await makeKey(t.database, {
      store: shop.store.slug,
      kind: 'private',
      scopes: merchantScopes.filter((scope) => scope !== 'merchant-customers-contact-read'),
    });
  });

  /** Order b as the merchant spec's table has it: decimal strings, the store's customer record, the address, the lines. */
  const orderB = (contact: { email: string | null; phone: string | null; recipientPhone: string | null }) => {
    const line = o.b!;
    return {
      id: line.id,
      uid: line.uid,
      order_number: String(line.number),
      status: 'pending_payment',
      payment_status: 'pending',
      payment_method: 'online',
      fulfillment_status: 'unfulfilled',
      cancelled: false,
      cancel_reason: null,
      channel: 'web',
      platform: null,
      custom_channel: null,
      external_ref: null,
      delivery_method: 'delivery',
      currency: 'USD',
      subtotal: '12.50',
      discount_total: '5.00',
      shipping_total: '4.00',
      tax_total: '0.00',
      total: '11.50',
      customer: { id: ada.customer.id, name: 'Ada Shopper', email: contact.email, phone: contact.phone },
      shipping_address: { address: chicago.address, latitude: chicago.lat, longitude: chicago.lng, name: 'Ada Shopper', phone: contact.recipientPhone },
      shipment: null,
      line_items: [
        {
          id: expect.stringMatching(/^[0-9a-f-]{36}$/),
          product_id: tea.pId,
          product_uid: tea.id,
          title: 'Green Tea',
          variant_title: null,
          quantity: 1,
          unit_price: '12.50',
          total: '7.50',
          properties: {},
        },
      ],
      note: 'Leave at the door',
      metafields: {},
      metadata: {},
      created_at: line.createdAt.toISOString(),
      updated_at: line.updatedAt.toISOString(),
      fulfilled_at: null,
    };
  };

  it('answers every field of the spec’s table, with contact in clear under merchant-customers-contact-read', async () => {
    const res = await one(o.b!.id);
    const item = await t.database.prisma.orderItem.findFirstOrThrow({ where: { orderId: o.b!.id } });
    expect({ status: res.status, body: res.body }).toEqual({
      status: 200,
      body: {
        status: 'success',
        message: 'Order',
        data: orderB({ email: ada.account.email, phone: ada.account.phone, recipientPhone: ada.account.phone }),
      },
    });
    expect(res.body.data.line_items[0].id).toBe(item.id);
  });

  it('masks the customer’s and the recipient’s email and phone without merchant-customers-contact-read', async () => {
    const res = await one(o.b!.uid, withoutContact);
    const masked = { email: emailMask(ada.account.email!), phone: phoneMask(ada.account.phone!), recipientPhone: phoneMask(ada.account.phone!) };
    expect({ status: res.status, body: res.body }).toEqual({ status: 200, body: { status: 'success', message: 'Order', data: orderB(masked) } });
    const listed = (await list(`uuid=${ada.customer.uid}`, withoutContact)).body.data.find((order: Wire) => order.id === o.b!.id);
    expect(listed).toEqual(res.body.data);
  });

  it('answers a guest’s order with customer null and the recipient in shipping_address', async () => {
    const clear = (await one(o.d!.uid)).body.data;
    expect(clear).toMatchObject({
      customer: null,
      shipping_address: { address: chicago.address, latitude: chicago.lat, longitude: chicago.lng, name: 'Rita Recipient', phone: recipientPhone },
      total: '12.00',
      subtotal: '8.00',
      shipping_total: '4.00',
      discount_total: '0.00',
    });
    const masked = (await one(o.d!.id, withoutContact)).body.data;
    expect(masked).toEqual({ ...clear, shipping_address: { ...clear.shipping_address, phone: phoneMask(recipientPhone) } });
    expect(JSON.stringify(masked)).not.toContain(guestEmail);
    expect(JSON.stringify(masked)).not.toContain(guestPhone);
  });

  it('omits the contact keys of metadata without merchant-customers-contact-read, at any depth', async () => {
    const metadata = {
      gift: 'yes',
      phone: recipientPhone,
      customer_email: guestEmail,
      courier: { name: 'Kim', Mobile: guestPhone, slots: [{ day: 'mon', 'e-mail': guestEmail }] },
    };
    const row = await t.database.prisma.order.findUniqueOrThrow({ where: { id: o.d!.id } });
    await t.database.prisma.order.update({ where: { id: o.d!.id }, data: { metadata, updatedAt: row.updatedAt } });
    try {
      expect((await one(o.d!.id)).body.data.metadata).toEqual(metadata);
      expect((await one(o.d!.id, withoutContact)).body.data.metadata).toEqual({ gift: 'yes', courier: { name: 'Kim', slots: [{ day: 'mon' }] } });
    } finally {
      await t.database.prisma.order.update({ where: { id: o.d!.id }, data: { metadata: {}, updatedAt: row.updatedAt } });
    }
  });

  it('answers a pickup order with shipping_address null', async () => {
    expect((await one(o.f!.id)).body.data).toMatchObject({ delivery_method: 'pickup', shipping_address: null, total: '12.50', shipping_total: '0.00' });
  });

  it('answers a paid order with its new status and payment status', async () => {
    expect((await one(o.c!.id)).body.data).toMatchObject({ status: 'processing', payment_status: 'paid', payment_method: 'online' });
  });
});

describe('GET /orders/{order}', () => {
  it('answers the order by integer id and by uuid, as the list shows it', async () => {
    const listed = (await list()).body.data.find((order: Wire) => order.id === o.a!.id);
    for (const ref of [o.a!.id, o.a!.uid, o.a!.uid.toUpperCase()]) {
      const res = await one(ref);
      expect({ status: res.status, body: res.body }).toEqual({ status: 200, body: { status: 'success', message: 'Order', data: listed } });
    }
  });

  it('answers 404 for another store’s order, by id and by uuid', async () => {
    const pen = await createProduct(t.database, other.store, { title: 'Pen', price: '2.00', stock: 9 });
    const elsewhere = await placeOrder(
      { 'x-cart-session': randomUUID() },
      { address: chicago, contact: { name: 'Grace Guest', email: guestEmail } },
      [{ item_id: pen.id, quantity: 1 }],
      other,
    );
    expect((await one(elsewhere.id, other.privateKey)).status).toBe(200);
    expectFailure(await one(elsewhere.id), 404, 'not_found', 'Order not found.');
    expectFailure(await one(elsewhere.uid), 404, 'not_found', 'Order not found.');
  });

  it('answers 404 for refs that name no order', async () => {
    for (const ref of [randomUUID(), '0', '999999999', '99999999999', 'abc', `${o.a!.id}x`, '-1', '1e3']) {
      expectFailure(await one(encodeURIComponent(ref)), 404, 'not_found', 'Order not found.');
    }
  });

  it('answers 403 insufficient_scope without merchant-orders-read', async () => {
    const key = await makeKey(t.database, {
      store: shop.store.slug,
      kind: 'private',
      scopes: merchantScopes.filter((scope) => scope !== 'merchant-orders-read'),
    });
    expectFailure(await one(o.a!.id, key), 403, 'insufficient_scope');
  });
});
