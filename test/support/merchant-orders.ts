import { randomUUID } from 'node:crypto';
import type { Order as OrderRow, Product } from '../../src/generated/prisma/client.js';
import { createProduct } from './catalog.js';
import { signInCustomer, type SignedInCustomer } from './customers.js';
import { get } from './http.js';
import { chicago, checkoutCart, settleOrder, type Headers, type OrderLine } from './orders.js';
import { makeStore, type TestStore } from './stores.js';
import type { TestApp } from './test-app.js';

export const MERCHANT = '/api/v1/merchant';

type Wire = Record<string, any>;

/** Accounts are platform-wide: a phone number of this run's own. */
export const freshPhone = (area: string) => `+1${area}${String(Math.floor(Math.random() * 9_000_000) + 1_000_000)}`;

/** The merchant's order list, with its query, under a key. */
export const listOrders = (t: TestApp, key: string, query = '') => get(t.app, `${MERCHANT}/orders${query ? `?${query}` : ''}`, key);
/** The merchant's single order read, by id or uid, under a key. */
export const readOrder = (t: TestApp, key: string, ref: string | number) => get(t.app, `${MERCHANT}/orders/${ref}`, key);
export const idsOf = (res: { body: { data: Wire[] } }) => res.body.data.map((order) => order.id);

/** An order placed through the real cart and checkout, as its row. */
export async function placeOrderRow(t: TestApp, store: TestStore, who: Headers, checkout: Record<string, unknown>, lines: OrderLine[]): Promise<OrderRow> {
  const placed = await checkoutCart(t.app, store, who, lines, checkout);
  return t.database.prisma.order.findUniqueOrThrow({ where: { uid: placed.id } });
}

export const at = (day: string, seconds: number) => new Date(Date.parse(`2026-03-${day}T10:00:00.000Z`) + seconds * 1000);

export interface MerchantOrders {
  shop: TestStore;
  other: TestStore;
  tea: Product;
  mug: Product;
  ada: SignedInCustomer;
  bob: SignedInCustomer;
  /** The orders of the shop, by name (see below), as their rows once their times were set. */
  o: Record<string, OrderRow>;
  guestPhone: string;
  recipientPhone: string;
  guestEmail: string;
}

/**
 * A shop with six orders of two customers and a guest, in every payment state the list filters by,
 * their times pinned so sorts meet ties and the feed knows what changed when.
 */
export async function seedMerchantOrders(t: TestApp): Promise<MerchantOrders> {
  const guestPhone = freshPhone('415');
  const recipientPhone = freshPhone('773');
  const guestEmail = `${randomUUID().slice(0, 10)}@guest.test`;
  const o: Record<string, OrderRow> = {};

  const shop = await makeStore(t.database, { name: 'Merchant Orders Shop' });
  const other = await makeStore(t.database);
  await t.database.prisma.store.update({ where: { id: shop.store.id }, data: { deliveryFee: '4.00', address: '5 Market St', pickupEnabled: true } });
  const tea = await createProduct(t.database, shop.store, { title: 'Green Tea', price: '12.50', stock: 100 });
  const mug = await createProduct(t.database, shop.store, { title: 'Mug', price: '8.00', stock: 100 });
  await t.database.prisma.coupon.create({
    data: { storeId: shop.store.id, code: 'SAVE5', codeKey: 'SAVE5', title: 'Five off', discountType: 'fixed', discountValue: '5' },
  });
  const ada = await signInCustomer(t.database, shop.store, { phone: freshPhone('312') });
  const bob = await signInCustomer(t.database, shop.store, { firstName: 'Bob', lastName: 'Buyer', phone: freshPhone('630') });
  const placeOrder = (who: Headers, checkout: Record<string, unknown>, lines: OrderLine[]) => placeOrderRow(t, shop, who, checkout, lines);

  // placed/pending, delivery, 12.00
  o.a = await placeOrder(ada.auth, { address: chicago }, [{ item_id: mug.id, quantity: 1 }]);
  // pending_payment/pending, delivery, coupon: 12.50 - 5.00 + 4.00 = 11.50
  o.b = await placeOrder(ada.auth, { address: chicago, payment_method: 'online', coupon_code: 'SAVE5', note: 'Leave at the door' }, [
    { item_id: tea.id, quantity: 1 },
  ]);
  // processing/paid, pickup, 8.00
  o.c = await placeOrder(bob.auth, { delivery_method: 'pickup', payment_method: 'online' }, [{ item_id: mug.id, quantity: 1 }]);
  await settleOrder(t, shop, o.c, 'paid');
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
  await settleOrder(t, shop, o.e, 'failed');
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
  for (const [name, [createdAt, updatedAt]] of Object.entries(times)) {
    o[name] = await t.database.prisma.order.update({ where: { id: o[name]!.id }, data: { createdAt, updatedAt } });
  }
  return { shop, other, tea, mug, ada, bob, o, guestPhone, recipientPhone, guestEmail };
}
