import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '../../src/generated/prisma/client.js';
import { payPageSignature } from '../../src/domain/payments/test-provider.js';
import { loadServerSecret } from '../../src/platform/crypto/server-secret.js';
import { createProduct } from '../support/catalog.js';
import { get } from '../support/http.js';
import { openCart, pathOf, placeGuestOrder, postForm } from '../support/hosted.js';
import { makeStore, type TestStore } from '../support/stores.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let shop: TestStore;
let tea: Product;

/** A guest's online order waiting for its payment, and the path of its pay page. */
const unpaidOrder = async () => {
  const cart = await openCart(t.app, shop, [{ item_id: tea.id, quantity: 2 }]);
  const order = await placeGuestOrder(t.app, shop, cart, 'online');
  expect(order.pay_link).toMatch(/^http:\/\/bazaar\.test\/pay\/test\//);
  return { uid: order.id, number: order.order_no, path: pathOf(order.pay_link!) };
};
const orderOf = (uid: string) => t.database.prisma.order.findUniqueOrThrow({ where: { uid } });
const eventsOf = async (uid: string, topic: string) =>
  (await t.database.prisma.outboxEvent.findMany({ where: { storeId: shop.store.id, topic } })).filter((e) => (e.payload as { uid: string }).uid === uid);

beforeAll(async () => {
  t = await startTestApp();
  shop = await makeStore(t.database, { name: 'Pay Shop' });
  tea = await createProduct(t.database, shop.store, { title: 'Green Tea', price: '12.50', stock: 50 });
});
afterAll(() => t.close());

describe('the test provider’s pay page', () => {
  it('shows the order with Pay and Decline under a strict CSP', async () => {
    const { path, number } = await unpaidOrder();
    const res = await get(t.app, path);
    expect(res.status).toBe(200);
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    expect(res.raw).toContain(`Order #${number}`);
    expect(res.raw).toContain('Green Tea × 2');
    expect(res.raw).toContain('>Pay 25.00 USD</button>');
    expect(res.raw).toContain('value="failed">Decline</button>');
  });

  it('answers a 404 page for a wrong signature, another order’s signature or an unknown order, and settles nothing', async () => {
    const mine = await unpaidOrder();
    const theirs = await unpaidOrder();
    const signature = mine.path.split('/').pop()!;
    const wrong = [
      `/pay/test/${mine.uid}/${'0'.repeat(signature.length)}`,
      `/pay/test/${theirs.uid}/${signature}`,
      `/pay/test/${randomUUID()}/${signature}`,
      '/pay/test/x/y',
    ];
    for (const path of wrong) {
      const page = await get(t.app, path);
      expect(page.status, path).toBe(404);
      expect(page.raw).toContain('This payment link is not valid.');
      expect((await postForm(t.app, path, { outcome: 'paid' })).status, path).toBe(404);
    }
    expect((await orderOf(mine.uid)).paymentStatus).toBe('pending');
    expect((await orderOf(theirs.uid)).paymentStatus).toBe('pending');
  });

  it('Pay moves the order to processing/paid, writes orders/paid, and the page then says so', async () => {
    const { uid, path } = await unpaidOrder();
    const res = await postForm(t.app, path, { outcome: 'paid' });
    expect([res.status, res.headers.location]).toEqual([303, path]);
    const order = await orderOf(uid);
    expect(order).toMatchObject({ status: 'processing', paymentStatus: 'paid' });
    expect(order.paidAt).not.toBeNull();
    expect(order.paymentRef).toMatch(/^test_/);
    const [paid] = await eventsOf(uid, 'orders/paid');
    expect(paid!.payload).toMatchObject({ uid, payment_status: 'paid' });
    const page = await get(t.app, path);
    expect(page.raw).toContain('This order is paid. Thank you!');
    expect(page.raw).not.toContain('<form');
  });

  it('Decline marks the payment failed and offers another try, which can then pay', async () => {
    const { uid, path } = await unpaidOrder();
    expect((await postForm(t.app, path, { outcome: 'failed' })).status).toBe(303);
    expect(await orderOf(uid)).toMatchObject({ status: 'pending_payment', paymentStatus: 'failed' });
    expect(await eventsOf(uid, 'orders/updated')).toHaveLength(1);
    const page = await get(t.app, path);
    expect(page.raw).toContain('The last payment attempt failed. You can try again.');
    expect(page.raw).toContain('>Pay 25.00 USD</button>');
    await postForm(t.app, path, { outcome: 'paid' });
    expect(await orderOf(uid)).toMatchObject({ status: 'processing', paymentStatus: 'paid' });
  });

  it('paying twice, or declining after paying, changes nothing', async () => {
    const { uid, path } = await unpaidOrder();
    await postForm(t.app, path, { outcome: 'paid' });
    const paid = await orderOf(uid);
    for (const outcome of ['paid', 'failed']) expect((await postForm(t.app, path, { outcome })).status).toBe(303);
    const after = await orderOf(uid);
    expect(after).toMatchObject({ status: 'processing', paymentStatus: 'paid', paymentRef: paid.paymentRef });
    expect(after.paidAt).toEqual(paid.paidAt);
    expect(after.updatedAt).toEqual(paid.updatedAt);
    expect(await eventsOf(uid, 'orders/paid')).toHaveLength(1);
    expect(await eventsOf(uid, 'orders/updated')).toHaveLength(0);
  });

  it('takes no payment for a cash order, even on a correctly signed address', async () => {
    const cart = await openCart(t.app, shop, [{ item_id: tea.id, quantity: 1 }]);
    const order = await placeGuestOrder(t.app, shop, cart, 'cash');
    expect(order.pay_link).toBeNull();
    const secret = await loadServerSecret(t.database.prisma, t.config.secret);
    const path = `/pay/test/${order.id}/${payPageSignature(secret, order.id)}`;
    const page = await get(t.app, path);
    expect(page.status).toBe(200);
    expect(page.raw).toContain('This order does not take a payment now.');
    await postForm(t.app, path, { outcome: 'paid' });
    expect(await orderOf(order.id)).toMatchObject({ status: 'placed', paymentStatus: 'pending' });
  });
});
