import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultDatabaseLimits } from '../../../src/platform/database/database-limits.js';
import { createProduct } from '../../support/catalog.js';
import { moveStatus, orderWrite } from '../../support/merchant-order-writes.js';
import { checkoutCart } from '../../support/orders.js';
import { makeStore, type TestStore } from '../../support/stores.js';
import { openTestDatabase, startTestApp, type TestApp } from '../../support/test-app.js';

let t: TestApp;
let shop: TestStore;
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

beforeAll(async () => {
  const limits = defaultDatabaseLimits(!process.env.TEST_DATABASE_URL);
  const database = await openTestDatabase({ ...limits, transactions: { ...limits.transactions, waiting: 1_000, waitMs: 120_000 } });
  t = await startTestApp({ RATE_LIMIT_MERCHANT: '100000' }, { database });
  shop = await makeStore(t.database);
  await t.database.prisma.store.update({ where: { id: shop.store.id }, data: { pickupEnabled: true } });
});
afterAll(async () => {
  await t.close();
  await t.database.close();
});

/** A guest's pickup order of `quantity` units, as its row. */
async function pickupOrder(productId: string, quantity: number) {
  const placed = await checkoutCart(t.app, shop, { 'x-cart-session': randomUUID() }, [{ item_id: productId, quantity }], {
    delivery_method: 'pickup',
    contact: { name: 'Racer', email: 'racer@guest.test' },
  });
  return t.database.prisma.order.findUniqueOrThrow({ where: { uid: placed.id } });
}

// PGlite runs one transaction at a time, so the race is real only on PostgreSQL; the embedded run still holds the rule.
describe('concurrent status moves of one order', () => {
  it('lets exactly one of two moves from the same state win; the other answers 409 from where the winner left it', async () => {
    const product = await createProduct(t.database, shop.store, { title: 'Contested', price: '5.00', stock: 10 });
    const order = await pickupOrder(product.id, 2);
    // Both moves end the order, so whichever commits first leaves the other none to make, however the two interleave.
    const answers = await Promise.all([moveStatus(t, shop.privateKey, order.id, { status: 'cancelled' }), moveStatus(t, shop.privateKey, order.id, { status: 'rejected' })]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    const winner = answers.find((r) => r.status === 200)!;
    const loser = answers.find((r) => r.status === 409)!;
    const now = await t.database.prisma.order.findUniqueOrThrow({ where: { id: order.id } });
    expect(winner.body.data.status).toBe(now.status);
    expect(loser.body.error.code).toBe('conflict');
    expect(loser.body.message).toMatch(new RegExp(`^(An order that is|The order moved to) ${now.status} `));
    expect(await t.database.prisma.orderTimelineEntry.count({ where: { orderId: order.id, audience: 'vendor', title: { startsWith: 'Moved to' } } })).toBe(1);
    expect((await t.database.prisma.product.findUniqueOrThrow({ where: { id: product.id } })).stock).toBe(10);
  });

  const racers = onPostgres ? 20 : 5;
  it(`gives the stock back once when ${racers} cancellations of one order race`, async () => {
    const product = await createProduct(t.database, shop.store, { title: 'Returned', price: '5.00', stock: 10 });
    const order = await pickupOrder(product.id, 3);
    const answers = await Promise.all(Array.from({ length: racers }, () => moveStatus(t, shop.privateKey, order.uid, { status: 'cancelled' })));
    expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
    expect(answers.filter((r) => r.status === 409)).toHaveLength(racers - 1);
    expect((await t.database.prisma.product.findUniqueOrThrow({ where: { id: product.id } })).stock).toBe(10);
    expect(await t.database.prisma.inventoryAdjustment.count({ where: { productId: product.id, reason: 'returned' } })).toBe(1);
    const cancelled = await t.database.prisma.outboxEvent.findMany({ where: { storeId: shop.store.id, topic: 'orders/cancelled' } });
    expect(cancelled.filter((event) => (event.payload as { id: number }).id === order.id)).toHaveLength(1);
  });
});

describe('concurrent edits of one order', () => {
  it('merges line properties sent at once by many callers: every key stays', async () => {
    const product = await createProduct(t.database, shop.store, { title: 'Engraved', price: '5.00', stock: 10 });
    const order = await pickupOrder(product.id, 1);
    const line = await t.database.prisma.orderItem.findFirstOrThrow({ where: { orderId: order.id } });
    const editors = onPostgres ? 10 : 3;
    const answers = await Promise.all(
      Array.from({ length: editors }, (_, i) => orderWrite(t, shop.privateKey, 'PATCH', `/orders/${order.id}`, { line_items: [{ id: line.id, properties: { [`k${i}`]: `v${i}` } }] })),
    );
    expect(answers.map((r) => r.status)).toEqual(Array(editors).fill(200));
    const after = await t.database.prisma.orderItem.findUniqueOrThrow({ where: { id: line.id } });
    expect(after.properties).toEqual(Object.fromEntries(Array.from({ length: editors }, (_, i) => [`k${i}`, `v${i}`])));
  });
});

describe('concurrent imports of one channel order', () => {
  const resends = onPostgres ? 50 : 5;
  it(`makes exactly one order of ${resends} re-sends at once: one 201, the rest 200 with it`, async () => {
    const product = await createProduct(t.database, shop.store, { title: 'Imported', price: '5.00', stock: 100 });
    const sent = {
      channel: { name: 'Marketplace', order_id: `MP-${randomUUID()}` },
      customer: { name: 'Rita', phone: '+13125550123' },
      items: [{ product: product.pId, quantity: 1, unit_price: '5.00' }],
      total: '5.00',
      delivery_method: 'pickup',
      inventory_behaviour: 'decrement',
    };
    const answers = await Promise.all(Array.from({ length: resends }, () => orderWrite(t, shop.privateKey, 'POST', '/orders/import', sent)));
    expect(answers.filter((r) => r.status === 201)).toHaveLength(1);
    expect(answers.filter((r) => r.status === 200)).toHaveLength(resends - 1);
    expect(new Set(answers.map((r) => r.body.data.id)).size).toBe(1);
    expect(await t.database.prisma.order.count({ where: { storeId: shop.store.id, externalRef: sent.channel.order_id } })).toBe(1);
    expect((await t.database.prisma.product.findUniqueOrThrow({ where: { id: product.id } })).stock).toBe(99);
    const counter = await t.database.prisma.storeCounter.findUniqueOrThrow({ where: { storeId_name: { storeId: shop.store.id, name: 'order' } } });
    expect(Number(answers.find((r) => r.status === 201)!.body.data.order_number)).toBe(counter.value);
  });
});

describe('concurrent shipments of one order', () => {
  it('ships it once: one orders/fulfilled, one shopper message, however many shipment writes race', async () => {
    const product = await createProduct(t.database, shop.store, { title: 'Shipped', price: '5.00', stock: 10 });
    const placed = await checkoutCart(t.app, shop, { 'x-cart-session': randomUUID() }, [{ item_id: product.id, quantity: 1 }], {
      address: { label: 'Home', address: '1 N State St, Chicago', lat: 41.8781, lng: -87.6298 },
      contact: { name: 'Racer', email: 'shipped@guest.test' },
    });
    const order = await t.database.prisma.order.findUniqueOrThrow({ where: { uid: placed.id } });
    expect((await moveStatus(t, shop.privateKey, order.id, { status: 'processing' })).status).toBe(200);
    const writers = onPostgres ? 10 : 3;
    const answers = await Promise.all(
      Array.from({ length: writers }, (_, i) => orderWrite(t, shop.privateKey, 'PATCH', `/orders/${order.id}/shipment`, { tracking_number: `T${i}`, shipped_at: '2026-11-26T10:00:00Z' })),
    );
    expect(answers.map((r) => r.status)).toEqual(Array(writers).fill(200));
    const fulfilled = await t.database.prisma.outboxEvent.findMany({ where: { storeId: shop.store.id, topic: 'orders/fulfilled' } });
    expect(fulfilled.filter((event) => (event.payload as { id: number }).id === order.id)).toHaveLength(1);
    expect(await t.database.prisma.message.count({ where: { storeId: shop.store.id, template: 'order_shipped', text: { contains: `#${order.number} ` } } })).toBe(1);
    expect((await t.database.prisma.order.findUniqueOrThrow({ where: { id: order.id } })).status).toBe('out_for_delivery');
  });
});
