import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/platform/database/database.js';
import { defaultDatabaseLimits } from '../../src/platform/database/database-limits.js';
import { loadServerSecret } from '../../src/platform/crypto/server-secret.js';
import type { WebhookRelay } from '../../src/webhooks/relay.js';
import { createProduct } from '../support/catalog.js';
import { makeStore } from '../support/stores.js';
import { openTestDatabase, startTestApp, type TestApp } from '../support/test-app.js';
import { startReceiver, testRelay, type Receiver } from '../support/webhooks.js';
import { send } from '../support/writes.js';

// Issue 24: per-resource ordering under concurrent writes. Many racing updates of a few products
// while two relays (each with its own connection pool on PostgreSQL) deliver; one product's receiver
// fails until the others are all through. Each product's events first arrive in the order of the
// outbox sequence, each is marked succeeded once, and the failing one holds up nobody but itself.

const PRODUCTS = 4;
const UPDATES = 10;
const WRITERS = 8;
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

let t: TestApp;
let second: Database;
let receiver: Receiver;
const relays: WebhookRelay[] = [];

const pause = (ms: number) => new Promise((wake) => setTimeout(wake, ms));

/** Waits for `done` (a safety net of a minute for a stuck relay, never a measure). */
async function until(done: () => boolean | Promise<boolean>, what: string) {
  for (const deadline = Date.now() + 60_000; !(await done()); await pause(50)) {
    if (Date.now() > deadline) throw new Error(`still waiting for ${what}`);
  }
}

beforeAll(async () => {
  receiver = await startReceiver();
  const limits = defaultDatabaseLimits(!onPostgres);
  const database = await openTestDatabase({ ...limits, transactions: { ...limits.transactions, waiting: 1_000, waitMs: 120_000 } });
  t = await startTestApp({ RATE_LIMIT_MERCHANT: '0', MEDIA_FETCH_ALLOW: receiver.hostPort }, { database });
  // A second relay process has its own pool on PostgreSQL; the embedded engine is one process by nature.
  second = onPostgres ? await openTestDatabase() : t.database;
});
afterAll(async () => {
  await Promise.all(relays.map((relay) => relay.stop()));
  await t.close();
  if (second !== t.database) await second.close();
  await t.database.close();
  await receiver.close();
});

describe('Per-resource ordering under concurrent writes, with two relays', () => {
  it('delivers each product’s updates in outbox order, each marked succeeded once, and a failing product holds up no other', async () => {
    const shop = await makeStore(t.database, { dev: true });
    const hook = await send(t.app, shop.privateKey, 'POST', '/webhooks', { topic: 'products/update', address: receiver.url });
    expect(hook.status, hook.raw).toBe(201);
    const products = await Promise.all(
      Array.from({ length: PRODUCTS }, (_, i) => createProduct(t.database, shop.store, { title: i === 0 ? 'Failing 0' : `Product ${i}`, stock: 5 })),
    );
    let healed = false;
    const succeeded: { eventId: string; productKey: string }[] = [];
    receiver.answer = (request) => {
      const body = JSON.parse(request.body) as { id: unknown; title: string };
      if (!healed && body.title.startsWith('Failing')) return 503;
      succeeded.push({ eventId: request.headers['bazaar-event-id'] as string, productKey: String(body.id) });
      return 200;
    };
    const serverSecret = await loadServerSecret(t.database.prisma, t.config.secret);
    // Enough 1 s retries that the failing product's first event is still being retried when it heals.
    const options = { serverSecret, storeIds: [shop.store.id], allow: [receiver.hostPort], retryScheduleS: Array<number>(60).fill(1) };
    relays.push(testRelay(t.database, options), testRelay(second, options));
    for (const relay of relays) relay.start({ busyMs: 20, idleMaxMs: 20 });

    // Every update in flight with others, several of one product at once, eight at a time. On a loaded
    // machine one may queue behind its product's row lock past the 10 s transaction timeout: it is then
    // shed with 503 and nothing written, and the writer sends it again after Retry-After, as a client does.
    const updates = products.flatMap((product, p) =>
      Array.from({ length: UPDATES }, (_, n) => ({ product, title: `${p === 0 ? 'Failing' : 'Product'} ${p} v${n + 1}` })),
    );
    const answers: Awaited<ReturnType<typeof send>>[] = [];
    const writer = async () => {
      for (let next = updates.shift(); next; next = updates.shift()) {
        let answer = await send(t.app, shop.privateKey, 'PUT', `/products/${next.product.id}`, { title: next.title });
        while (answer.status === 503) {
          await new Promise((resolve) => setTimeout(resolve, Number(answer.headers['retry-after']) * 1000));
          answer = await send(t.app, shop.privateKey, 'PUT', `/products/${next.product.id}`, { title: next.title });
        }
        answers.push(answer);
      }
    };
    await Promise.all(Array.from({ length: WRITERS }, writer));
    expect(answers.filter((res) => res.status !== 200).map((res) => res.raw)).toEqual([]);

    const stored = await t.database.prisma.outboxEvent.findMany({ where: { storeId: shop.store.id, topic: 'products/update' }, orderBy: { sequence: 'asc' } });
    expect(stored).toHaveLength(PRODUCTS * UPDATES);
    const keyOf = (payload: unknown) => String((payload as { id: unknown }).id);
    const failingKey = keyOf(stored.find((event) => (event.payload as { title: string }).title.startsWith('Failing'))!.payload);
    const others = stored.filter((event) => keyOf(event.payload) !== failingKey);

    // Delivery is at least once (a claim whose lease ran out is sent again): receipts are read by their first arrival.
    const firstArrivals = (key?: string) => {
      const seen = new Set<string>();
      return succeeded.filter((receipt) => (key === undefined || receipt.productKey === key) && !seen.has(receipt.eventId) && seen.add(receipt.eventId));
    };
    // Every other product's events get through while the failing one has not had one success.
    await until(() => firstArrivals().length >= others.length, 'the other products’ deliveries');
    expect(firstArrivals(failingKey)).toEqual([]);
    healed = true;
    // A receipt is answered before its relay records the success: the deliveries are done once each is marked.
    const unfinished = () => t.database.prisma.webhookDelivery.count({ where: { storeId: shop.store.id, status: { not: 'succeeded' } } });
    await until(async () => firstArrivals().length >= stored.length && (await unfinished()) === 0, 'every delivery received and marked succeeded');

    for (const key of new Set(stored.map((event) => keyOf(event.payload)))) {
      const happened = stored.filter((event) => keyOf(event.payload) === key).map((event) => event.id);
      expect(
        firstArrivals(key).map((receipt) => receipt.eventId),
        `product ${key}`,
      ).toEqual(happened);
    }
    // One delivery per event, each marked succeeded (once: the claim token guards the mark).
    expect(await t.database.prisma.webhookDelivery.count({ where: { storeId: shop.store.id, topic: 'products/update', status: 'succeeded' } })).toBe(
      stored.length,
    );
  }, 180_000);
});
