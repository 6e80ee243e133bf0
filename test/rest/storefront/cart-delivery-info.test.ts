import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendJson, session } from '../../support/cart.js';
import { createProduct } from '../../support/catalog.js';
import { makeStore } from '../../support/stores.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';

let t: TestApp;

type Headers = Record<string, string>;
const send = (method: 'POST' | 'DELETE', url: string, body: unknown, headers: Headers, key: string) => sendJson(t.app, method, url, body, headers, key);

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('cart vendor.delivery_info', () => {
  /** A store delivering for a flat 4.50, selling a boxed item of `weightKg` per unit. */
  async function deliveringStore(weightKg: string) {
    const store = await makeStore(t.database);
    await t.database.prisma.store.update({
      where: { id: store.store.id },
      data: { deliveryFee: '4.50', deliveryTime: 'Same day', deliveryMessage: 'By our own riders' },
    });
    const boxed = await createProduct(t.database, store.store, {
      title: 'Boxed',
      options: { Size: ['L'] },
      variants: [{ title: 'L', optionValues: { Size: 'L' }, price: '10.00', stock: 50 }],
    });
    const variant = await t.database.prisma.variant.findFirstOrThrow({ where: { productId: boxed.id } });
    await t.database.prisma.variant.update({ where: { id: variant.id }, data: { weight: weightKg } });
    const deliveryOf = async (who: Headers, quantity: number) => {
      const body = { vendor_id: store.store.id, cart_items: [{ item_id: boxed.id, variant_id: variant.id, quantity }] };
      const res = await send('POST', '/v1/store/cart', body, who, store.publicKey);
      expect(res.status, res.raw).toBe(200);
      return res.body.data.vendor.delivery_info;
    };
    const zone = (data: Record<string, unknown>) =>
      t.database.prisma.shippingZone.create({
        data: {
          storeId: store.store.id,
          name: 'Zone',
          zoneType: 'national',
          countries: ['US'],
          currency: 'USD',
          baseRate: '0',
          minDays: 1,
          maxDays: 2,
          ...data,
        },
      });
    return { deliveryOf, zone };
  }

  it("shows the lowest fee an active zone would charge for the cart's weight, and the days over those zones", async () => {
    const { deliveryOf, zone } = await deliveringStore('2.000');
    await zone({ baseRate: '3.00', perKgRate: '1.50', minDays: 1, maxDays: 2 });
    await zone({ countries: ['CA'], baseRate: '5.00', minDays: 3, maxDays: 5 });
    await zone({ baseRate: '1.00', perKgRate: '0.50', minWeightKg: '10', maxWeightKg: '20', minDays: 1, maxDays: 1 });
    await zone({ baseRate: '0', active: false, minDays: 9, maxDays: 9 });
    const who = session();
    // 4 kg: 3.00 + 1.50 × 4 = 9.00 or 5.00; the 10–20 kg zone and the inactive one do not count.
    expect(await deliveryOf(who, 2)).toMatchObject({
      is_free_delivery: false,
      delivery_fee: 5,
      delivery_fee_value: 5,
      delivery_time: '1-5 days',
      delivery_message: 'By our own riders',
      offers_free_delivery: false,
    });
    // 16 kg: the 10–20 kg zone charges 1.00 + 0.50 × (16 − 10) = 4.00.
    expect(await deliveryOf(who, 8)).toMatchObject({ delivery_fee: 4, delivery_fee_value: 4, delivery_time: '1-5 days' });
  });

  it('is free when the cheapest zone charges nothing, and says delivery is priced at checkout when no zone takes the weight', async () => {
    const { deliveryOf, zone } = await deliveringStore('0.500');
    await zone({ baseRate: '0', maxWeightKg: '1', minDays: 2, maxDays: 2 });
    const who = session();
    expect(await deliveryOf(who, 1)).toMatchObject({ is_free_delivery: true, offers_free_delivery: true, delivery_fee: 0, delivery_time: '2 days' });
    expect(await deliveryOf(who, 4)).toMatchObject({
      is_free_delivery: false,
      offers_free_delivery: false,
      delivery_fee: 4.5,
      delivery_fee_value: 4.5,
      delivery_time: 'Same day',
      delivery_message: 'Delivery for this cart is priced at checkout, by the delivery address.',
    });
  });

  it("shows the store's flat fee, time and message when it has no shipping zones, whatever zones other stores have", async () => {
    const { deliveryOf } = await deliveringStore('2.000');
    expect(await deliveryOf(session(), 2)).toMatchObject({
      is_free_delivery: false,
      delivery_fee: 4.5,
      delivery_fee_value: 4.5,
      delivery_time: 'Same day',
      delivery_message: 'By our own riders',
      offers_free_delivery: false,
    });
  });
});
