import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadServerSecret } from '../../src/platform/crypto/server-secret.js';
import type { WebhookRelay } from '../../src/webhooks/relay.js';
import { makeStore } from '../support/stores.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { startReceiver, testRelay, type Receiver } from '../support/webhooks.js';
import { send } from '../support/writes.js';

// Issue 24: on PostgreSQL a relay is woken by the commit of outbox events (a trigger's NOTIFY,
// which PostgreSQL sends at commit only), so it need not wait for its tick. Here the tick is an
// hour away: only the wake-up can deliver the event.

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const HOUR = 3_600_000;

let t: TestApp;
let receiver: Receiver;
let relay: WebhookRelay | undefined;

const pause = (ms: number) => new Promise((wake) => setTimeout(wake, ms));

beforeAll(async () => {
  receiver = await startReceiver();
  t = await startTestApp({ RATE_LIMIT_MERCHANT: '0', MEDIA_FETCH_ALLOW: receiver.hostPort });
});
afterAll(async () => {
  await relay?.stop();
  await t.close();
  await receiver.close();
});

describe.skipIf(!onPostgres)('Waking the relay at commit (PostgreSQL)', () => {
  it('delivers a committed event at once, with its next tick an hour away', async () => {
    const shop = await makeStore(t.database, { dev: true });
    const hook = await send(t.app, shop.privateKey, 'POST', '/webhooks', { topic: 'shipping_zones/create', address: receiver.url });
    expect(hook.status, hook.raw).toBe(201);
    const serverSecret = await loadServerSecret(t.database.prisma, t.config.secret);
    relay = testRelay(t.database, { serverSecret, storeIds: [shop.store.id], allow: [receiver.hostPort], listenUrl: process.env.TEST_DATABASE_URL });
    relay.start({ intervalMs: HOUR, busyMs: HOUR });
    // Its first passes (at start, and the one the listener asks for once connected) find nothing; the zone comes after them.
    await pause(500);
    const zone = await send(t.app, shop.privateKey, 'POST', '/shipping-zones', { name: 'Everywhere', zone_type: 'national', base_rate: 5, min_days: 1, max_days: 4 });
    expect(zone.status, zone.raw).toBe(201);
    // A safety net of a minute for a stuck relay, never a measure: without the wake-up it would wait an hour.
    for (const deadline = Date.now() + 60_000; !receiver.received.length && Date.now() < deadline; ) await pause(50);
    expect(receiver.received.map((r) => r.headers['bazaar-topic'])).toEqual(['shipping_zones/create']);
  });
});
