import { randomUUID } from 'node:crypto';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContext, type Ctx } from '../../../src/domain/context.js';
import { moveOrder } from '../../../src/domain/orders/move-order.js';
import { withTransaction } from '../../../src/domain/transaction.js';
import { MemoryKv } from '../../../src/platform/kv/memory-kv.js';
import { createProduct } from '../../support/catalog.js';
import { testMediaServices } from '../../support/media.js';
import { placeOrderRow } from '../../support/merchant-orders.js';
import { chicago } from '../../support/orders.js';
import { makeStore, type TestStore } from '../../support/stores.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';

// Issue 17: order states as data. The write path checks the order process table: a move the
// table does not hold cannot be written.

let t: TestApp;
let shop: TestStore;

const media = testMediaServices();
const ctxOf = (store: TestStore): Ctx =>
  createContext({
    db: t.database.prisma,
    kv: new MemoryKv(),
    media,
    store: store.store,
    principal: { keyId: 'test', kind: 'private', mode: 'live', scopes: new Set(), installation: null },
    settings: { cartTtlDays: 30, publicUrl: 'http://localhost', outboundAllow: [] },
    requestId: 'req_test',
    log: pino({ level: 'silent' }),
    secret: 'test-secret',
  });

beforeAll(async () => {
  t = await startTestApp();
  shop = await makeStore(t.database);
});
afterAll(() => t.close());

async function cashOrder() {
  const mug = await createProduct(t.database, shop.store, { title: 'Mug', price: '8.00', stock: 10 });
  return placeOrderRow(t, shop, { 'x-cart-session': randomUUID() }, { address: chicago, contact: { name: 'Cai', email: 'cai@guest.test' } }, [
    { item_id: mug.id, quantity: 1 },
  ]);
}

const confirm = { entries: [{ audience: 'customer' as const, title: 'Confirmed', description: 'The store has your order.' }] };
const eventsOf = async (uid: string) =>
  (await t.database.prisma.outboxEvent.findMany({ where: { storeId: shop.store.id, topic: 'orders/updated' } })).filter(
    (e) => (e.payload as { uid: string }).uid === uid,
  );

describe('moveOrder', () => {
  it('refuses a move the table does not hold with 409 conflict, writing nothing', async () => {
    const order = await cashOrder();
    await expect(withTransaction(ctxOf(shop), (tx) => moveOrder(tx, order, 'delivered', 'merchant', confirm))).rejects.toMatchObject({
      code: 'conflict',
      message: 'An order that is placed cannot be moved to delivered by the merchant: it may move to processing, cancelled, rejected.',
    });
    const after = await t.database.prisma.order.findUniqueOrThrow({ where: { id: order.id }, include: { timeline: true } });
    expect([after.status, after.updatedAt, after.timeline.length]).toEqual(['placed', order.updatedAt, 2]);
    expect(await eventsOf(order.uid)).toEqual([]);
  });

  it('writes a move of the table with its timeline entry and its event, once: a stale second move changes nothing', async () => {
    const order = await cashOrder();
    const moved = await withTransaction(ctxOf(shop), (tx) => moveOrder(tx, order, 'processing', 'merchant', confirm));
    expect(moved).toMatchObject({ id: order.id, status: 'processing', paymentStatus: 'pending' });
    expect(moved!.timeline.map((entry) => [entry.status, entry.title])).toContainEqual(['processing', 'Confirmed']);
    const again = await withTransaction(ctxOf(shop), (tx) => moveOrder(tx, order, 'processing', 'merchant', confirm));
    expect(again).toBeNull();
    const events = await eventsOf(order.uid);
    expect(events.map((e) => (e.payload as { status: string }).status)).toEqual(['processing']);
  });
});
