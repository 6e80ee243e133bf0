import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order as OrderRow, Product } from '../../../src/generated/prisma/client.js';
import { merchantScopes } from '../../../src/auth/scopes.js';
import { createProduct } from '../../support/catalog.js';
import type { SignedInCustomer } from '../../support/customers.js';
import { expectFailure } from '../../support/failure.js';
import { listOrders, placeOrderRow, readOrder, seedMerchantOrders } from '../../support/merchant-orders.js';
import { chicago, type Headers, type OrderLine } from '../../support/orders.js';
import { makeKey, type TestStore } from '../../support/stores.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';

let t: TestApp;
let shop: TestStore;
let other: TestStore;
let tea: Product;
let ada: SignedInCustomer;
/** The orders of the shop, by name (see seedMerchantOrders), as their rows once their times were set. */
let o: Record<string, OrderRow>;
let guestPhone: string;
let recipientPhone: string;
let guestEmail: string;

type Wire = Record<string, any>;
const list = (query = '', key = shop.privateKey) => listOrders(t, key, query);
const one = (ref: string | number, key = shop.privateKey) => readOrder(t, key, ref);
const placeOrder = (who: Headers, checkout: Record<string, unknown>, lines: OrderLine[], store = shop) => placeOrderRow(t, store, who, checkout, lines);

beforeAll(async () => {
  t = await startTestApp();
  ({ shop, other, tea, ada, o, guestPhone, recipientPhone, guestEmail } = await seedMerchantOrders(t));
});
afterAll(() => t.close());

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
      // Merchant spec, "Values seen": Order `status` `pending`, `processing` (the storefront says pending_payment).
      status: 'pending',
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
