import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order as OrderRow } from '../../../src/generated/prisma/client.js';
import { expectValidation } from '../../support/failure.js';
import { get } from '../../support/http.js';
import { idsOf, listOrders, readOrder, seedMerchantOrders } from '../../support/merchant-orders.js';
import type { TestStore } from '../../support/stores.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';

// Issue 17, part 2: the merchant Order speaks the merchant spec's words ("States and transitions",
// "Values seen"): Order `status` `pending`, `processing`; the `payment_status` filter `paid`, `unpaid`,
// `refunded`, `partial`, `pending`, `awaiting_confirmation`; the `delivery_method` filter `delivery`,
// `pickup`, `instore`, `shipping`. The storefront keeps its own (`pending_payment` is the storefront's).

let t: TestApp;
let shop: TestStore;
let o: Record<string, OrderRow>;

const list = (query = '') => listOrders(t, shop.privateKey, query);
const one = async (row: OrderRow) => (await readOrder(t, shop.privateKey, row.id)).body.data;

beforeAll(async () => {
  t = await startTestApp();
  ({ shop, o } = await seedMerchantOrders(t));
});
afterAll(() => t.close());

describe('Merchant Order status (spec values seen: pending, processing)', () => {
  it('answers pending for an order the store has not taken yet, cash (placed) or awaiting its online payment', async () => {
    expect((await one(o.a!)).status).toBe('pending');
    expect((await one(o.b!)).status).toBe('pending');
    expect((await one(o.c!)).status).toBe('processing');
  });

  it('never answers a state name outside the merchant vocabulary in the list', async () => {
    const statuses = (await list('limit=100')).body.data.map((order: Record<string, unknown>) => order.status);
    expect(statuses.filter((status: string) => status === 'placed' || status === 'pending_payment')).toEqual([]);
  });
});

describe('GET /orders payment_status (spec: paid, unpaid, refunded, partial, pending, awaiting_confirmation)', () => {
  it('accepts every spec value, each selecting the orders its documented meaning names', async () => {
    expect(idsOf(await list('payment_status=paid'))).toEqual([o.c!.id]);
    // An online order waiting for its payment, after a failed attempt too (e).
    expect(idsOf(await list('payment_status=pending'))).toEqual([o.e!.id, o.b!.id]);
    // Cash orders the store has not collected.
    expect(idsOf(await list('payment_status=unpaid'))).toEqual([o.f!.id, o.d!.id, o.a!.id]);
    for (const none of ['refunded', 'partial', 'awaiting_confirmation']) {
      const res = await list(`payment_status=${none}`);
      expect([res.status, idsOf(res)]).toEqual([200, []]);
    }
  });

  it('answers the object’s payment_status inside that vocabulary: a failed attempt is pending, never failed', async () => {
    expect((await one(o.e!)).payment_status).toBe('pending');
    expect((await one(o.a!)).payment_status).toBe('unpaid');
    expect((await one(o.c!)).payment_status).toBe('paid');
    const all = (await list('limit=100')).body.data.map((order: Record<string, unknown>) => order.payment_status);
    expect(all.every((status: string) => ['paid', 'unpaid', 'refunded', 'partial', 'pending', 'awaiting_confirmation'].includes(status))).toBe(true);
  });

  it('refuses a word outside the spec’s list, naming the field', async () => {
    expectValidation(await list('payment_status=failed'), 'payment_status');
  });
});

describe('GET /orders delivery_method (spec: delivery, pickup, instore, shipping) and the shipment', () => {
  it('accepts instore and shipping, and the object carries them with custom_channel, external_ref and the shipment', async () => {
    const shippedAt = new Date('2026-03-03T09:00:00.000Z');
    await t.database.prisma.order.update({
      where: { id: o.d!.id },
      data: {
        deliveryMethod: 'shipping',
        customChannel: 'Market Hall',
        externalRef: 'MH-1001',
        carrierName: 'UPS',
        trackingNumber: '1Z999',
        trackingUrl: 'https://ups.test/1Z999',
        shippedAt,
        updatedAt: o.d!.updatedAt,
      },
    });
    expect(idsOf(await list('delivery_method=shipping'))).toEqual([o.d!.id]);
    expect(idsOf(await list('delivery_method=instore'))).toEqual([]);
    const res = await readOrder(t, shop.privateKey, o.d!.id);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      delivery_method: 'shipping',
      custom_channel: 'Market Hall',
      external_ref: 'MH-1001',
      shipment: {
        carrier_name: 'UPS',
        tracking_number: '1Z999',
        tracking_url: 'https://ups.test/1Z999',
        zone_name: null,
        shipped_at: shippedAt.toISOString(),
        estimated_delivery_at: null,
        delivered_at: null,
      },
    });
    expect((await one(o.a!)).shipment).toBeNull();
  });

  it('documents the shipment object and the filters’ values in OpenAPI', async () => {
    const text = JSON.stringify((await get(t.app, '/openapi/merchant.json')).body);
    expect(text).toContain('instore');
    expect(text).toContain('awaiting_confirmation');
    expect(text).toContain('carrier_name');
  });
});
