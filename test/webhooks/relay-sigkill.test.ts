import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeStore, type TestStore } from '../support/stores.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { startReceiver, type Receiver } from '../support/webhooks.js';
import { send } from '../support/writes.js';

// Issue 24: a relay killed with SIGKILL at any instant loses nothing. 10,000 events go out through
// two relay processes while one of them is killed and replaced, again and again; every event
// reaches the receiver at least once, each delivery is marked succeeded exactly once, and each
// resource's events first arrive in the order they happened. Several processes need PostgreSQL.

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const root = fileURLToPath(new URL('../../', import.meta.url));
const EVENTS = 10_000;
const RESOURCES = 400;
const KILL_AT = [2_000, 4_500, 7_000, 9_000];

let t: TestApp;
let receiver: Receiver;
let shop: TestStore;
const children = new Set<ChildProcess>();

function startRelay(): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/support/relay-child.ts'], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: process.env.TEST_DATABASE_URL, RELAY_STORE_ID: shop.store.id, RELAY_ALLOW: receiver.hostPort },
    stdio: 'ignore',
  });
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

const succeeded = () => t.database.prisma.webhookDelivery.count({ where: { storeId: shop.store.id, status: 'succeeded' } });
const pause = (ms: number) => new Promise((wake) => setTimeout(wake, ms));

beforeAll(async () => {
  if (!onPostgres) return;
  receiver = await startReceiver();
  t = await startTestApp({ RATE_LIMIT_MERCHANT: '0', MEDIA_FETCH_ALLOW: receiver.hostPort });
  shop = await makeStore(t.database, { dev: true });
});
afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  if (!onPostgres) return;
  await t.close();
  await receiver.close();
});

describe.skipIf(!onPostgres)('A relay killed with SIGKILL (PostgreSQL)', () => {
  it('loses nothing: 10,000 events each delivered at least once and marked succeeded exactly once, in order per resource', async () => {
    const hook = await send(t.app, shop.privateKey, 'POST', '/webhooks', { topic: 'shipping_zones/update', address: receiver.url });
    expect(hook.status, hook.raw).toBe(201);
    const secret = hook.body.data.secret as string;
    receiver.secrets.add(secret);
    const resources = Array.from({ length: RESOURCES }, () => randomUUID());
    const events = Array.from({ length: EVENTS }, (_, i) => ({
      storeId: shop.store.id,
      topic: 'shipping_zones/update',
      payload: { id: resources[i % RESOURCES]! },
    }));
    for (let i = 0; i < EVENTS; i += 2_000) await t.database.prisma.outboxEvent.createMany({ data: events.slice(i, i + 2_000) });

    const relays = [startRelay(), startRelay()];
    let kills = 0;
    for (const threshold of KILL_AT) {
      while ((await succeeded()) < threshold) await pause(50);
      const victim = relays[kills % 2]!;
      victim.kill('SIGKILL');
      relays[kills % 2] = startRelay();
      kills += 1;
    }
    while ((await succeeded()) < EVENTS) await pause(100);
    for (const child of relays) child.kill('SIGKILL');
    expect(kills).toBe(KILL_AT.length);

    const stored = await t.database.prisma.outboxEvent.findMany({
      where: { storeId: shop.store.id, topic: 'shipping_zones/update' },
      orderBy: { sequence: 'asc' },
    });
    const deliveries = await t.database.prisma.webhookDelivery.findMany({ where: { storeId: shop.store.id } });
    expect(stored).toHaveLength(EVENTS);
    expect(stored.every((event) => event.publishedAt !== null)).toBe(true);
    // One delivery per event, each marked succeeded once (status is set once, by the claim holding the current token).
    expect(deliveries).toHaveLength(EVENTS);
    expect(new Set(deliveries.map((d) => d.eventId)).size).toBe(EVENTS);
    expect(deliveries.every((d) => d.status === 'succeeded' && d.succeededAt !== null)).toBe(true);

    const received = new Map<string, number>();
    for (const request of receiver.received) {
      const id = request.headers['bazaar-event-id'] as string;
      received.set(id, (received.get(id) ?? 0) + 1);
    }
    expect(receiver.received.filter((request) => request.signedBy[0] !== secret)).toEqual([]);
    expect(stored.filter((event) => !received.has(event.id))).toEqual([]);

    const firstArrival = new Map<string, number>();
    receiver.received.forEach((request, index) => {
      const id = request.headers['bazaar-event-id'] as string;
      if (!firstArrival.has(id)) firstArrival.set(id, index);
    });
    for (const resource of resources) {
      const order = stored.filter((event) => (event.payload as { id: string }).id === resource).map((event) => firstArrival.get(event.id)!);
      expect(order).toEqual([...order].sort((a, b) => a - b));
    }
  }, 240_000);
});
