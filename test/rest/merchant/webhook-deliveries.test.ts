import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadServerSecret } from '../../../src/platform/crypto/server-secret.js';
import { expectFailure, expectValidation } from '../../support/failure.js';
import { get } from '../../support/http.js';
import { installTestApp } from '../../support/apps.js';
import { makeStore, type TestStore } from '../../support/stores.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';
import { startReceiver, testRelay, type Receiver } from '../../support/webhooks.js';
import { MERCHANT, send } from '../../support/writes.js';

// The delivery log, GET /webhooks/{webhook}/deliveries (merchant-webhooks-read), and
// POST /webhooks/{webhook}/replay {event_id} (merchant-webhooks-write), for events of the last 7 days.

let t: TestApp;
let receiver: Receiver;
let serverSecret: string;
let shop: TestStore;
let other: TestStore;

beforeAll(async () => {
  receiver = await startReceiver();
  t = await startTestApp({ RATE_LIMIT_MERCHANT: '0', MEDIA_FETCH_ALLOW: receiver.hostPort });
  serverSecret = await loadServerSecret(t.database.prisma, t.config.secret);
  shop = await makeStore(t.database, { dev: true });
  other = await makeStore(t.database, { dev: true });
});
afterAll(async () => {
  await t.close();
  await receiver.close();
});

const relayOf = (...stores: TestStore[]) => testRelay(t.database, { serverSecret, storeIds: stores.map((s) => s.store.id), allow: [receiver.hostPort] });
const subscribe = async (store: TestStore, topic: string, key = store.privateKey) => {
  const res = await send(t.app, key, 'POST', '/webhooks', { topic, address: receiver.url });
  expect(res.status, res.raw).toBe(201);
  return res.body.data as { id: string };
};
const makeZone = async (store: TestStore, name: string) =>
  (await send(t.app, store.privateKey, 'POST', '/shipping-zones', { name, zone_type: 'national', base_rate: 5, min_days: 1, max_days: 4 })).body.data
    .id as string;
const eventOf = (store: TestStore, zoneId: string) =>
  t.database.prisma.outboxEvent.findFirstOrThrow({ where: { storeId: store.store.id, topic: 'shipping_zones/create', payload: { equals: { id: zoneId } } } });
const deliveries = (store: TestStore, id: string, query = '') => get(t.app, `${MERCHANT}/webhooks/${id}/deliveries${query}`, store.privateKey);
const replay = (store: TestStore, id: string, body: unknown) => send(t.app, store.privateKey, 'POST', `/webhooks/${id}/replay`, body);
const iso = expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

describe('GET /webhooks/{webhook}/deliveries', () => {
  it('lists each delivery, the newest first, with its event id, topic and every attempt', async () => {
    const hook = await subscribe(shop, 'shipping_zones/create');
    const relay = relayOf(shop);
    let calls = 0;
    receiver.answer = () => (++calls === 1 ? 502 : 200);
    const first = await makeZone(shop, 'First');
    const t0 = new Date();
    await relay.runOnce(t0);
    await relay.runOnce(new Date(t0.getTime() + 2000));
    const second = await makeZone(shop, 'Second');
    await relay.runOnce(new Date(t0.getTime() + 4000));
    const [firstEvent, secondEvent] = [await eventOf(shop, first), await eventOf(shop, second)];
    const res = await deliveries(shop, hook.id);
    expect(res.status, res.raw).toBe(200);
    expect(res.body).toEqual({
      status: 'success',
      message: 'Webhook deliveries',
      data: [
        {
          id: expect.any(String),
          event_id: secondEvent.id,
          topic: 'shipping_zones/create',
          status: 'succeeded',
          replay: false,
          next_attempt_at: null,
          succeeded_at: iso,
          created_at: iso,
          attempts: [{ attempted_at: iso, status_code: 200, latency_ms: expect.any(Number), response: `seen ${secondEvent.id}` }],
        },
        {
          id: expect.any(String),
          event_id: firstEvent.id,
          topic: 'shipping_zones/create',
          status: 'succeeded',
          replay: false,
          next_attempt_at: null,
          succeeded_at: iso,
          created_at: iso,
          attempts: [
            { attempted_at: iso, status_code: 502, latency_ms: expect.any(Number), response: `seen ${firstEvent.id}` },
            { attempted_at: iso, status_code: 200, latency_ms: expect.any(Number), response: `seen ${firstEvent.id}` },
          ],
        },
      ],
      has_more: false,
      next_cursor: null,
    });
    const page = await deliveries(shop, hook.id, '?limit=1');
    expect(page.body.data.map((d: { event_id: string }) => d.event_id)).toEqual([secondEvent.id]);
    const rest = await deliveries(shop, hook.id, `?limit=1&starting_after=${page.body.next_cursor}`);
    expect(rest.body.data.map((d: { event_id: string }) => d.event_id)).toEqual([firstEvent.id]);
    receiver.answer = () => 200;
  });

  it('keeps a long answer to its first 1 KiB', async () => {
    const store = await makeStore(t.database, { dev: true });
    const hook = await subscribe(store, 'shipping_zones/create');
    const reply = receiver.reply;
    receiver.reply = () => 'x'.repeat(5000);
    await makeZone(store, 'Z');
    await relayOf(store).runOnce();
    receiver.reply = reply;
    const res = await deliveries(store, hook.id);
    expect(res.body.data[0].attempts[0].response).toBe('x'.repeat(1024));
  });
});

describe('POST /webhooks/{webhook}/replay', () => {
  it('sends an event again as a new delivery marked replay, with the same event id', async () => {
    const store = await makeStore(t.database, { dev: true });
    const hook = await subscribe(store, 'shipping_zones/create');
    const zone = await makeZone(store, 'Again');
    const relay = relayOf(store);
    await relay.runOnce();
    const event = await eventOf(store, zone);
    const res = await replay(store, hook.id, { event_id: event.id });
    expect(res.status, res.raw).toBe(202);
    expect(res.body).toEqual({
      status: 'success',
      message: 'Webhook replay queued',
      data: expect.objectContaining({ event_id: event.id, topic: 'shipping_zones/create', status: 'pending', replay: true, attempts: [] }),
    });
    const before = receiver.received.length;
    await relay.runOnce();
    const resent = receiver.received.slice(before);
    expect(resent.map((r) => r.headers['bazaar-event-id'])).toEqual([event.id]);
    expect(JSON.parse(resent[0]!.body)).toEqual({ id: zone });
    const log = await deliveries(store, hook.id);
    expect(log.body.data.map((d: { replay: boolean; status: string }) => [d.replay, d.status])).toEqual([
      [true, 'succeeded'],
      [false, 'succeeded'],
    ]);
  });

  it('refuses an event older than 7 days, or of another topic, naming event_id', async () => {
    const store = await makeStore(t.database, { dev: true });
    const hook = await subscribe(store, 'shipping_zones/create');
    const zone = await makeZone(store, 'Old');
    const event = await eventOf(store, zone);
    await t.database.prisma.outboxEvent.update({ where: { id: event.id }, data: { createdAt: new Date(Date.now() - 8 * 86_400_000) } });
    const old = await replay(store, hook.id, { event_id: event.id });
    expectValidation(old, 'event_id');
    expect(old.body.error.message).toBe('is older than 7 days, the longest an event can be replayed');
    const created = await t.database.prisma.outboxEvent.findFirstOrThrow({ where: { storeId: store.store.id, topic: 'webhook_subscriptions/create' } });
    const wrong = await replay(store, hook.id, { event_id: created.id });
    expectValidation(wrong, 'event_id');
    expect(wrong.body.error.message).toBe('is a webhook_subscriptions/create event; this webhook is subscribed to shipping_zones/create');
    expectValidation(await replay(store, hook.id, {}), 'event_id');
  });

  it("answers another store's event, and an unknown one, as 404", async () => {
    const hook = await subscribe(shop, 'shipping_zones/create');
    const theirs = await eventOf(other, await makeZone(other, 'Theirs'));
    expectFailure(await replay(shop, hook.id, { event_id: theirs.id }), 404, 'not_found', 'Event not found.');
    expectFailure(await replay(shop, hook.id, { event_id: 'not-an-id' }), 404, 'not_found', 'Event not found.');
  });

  it("answers another app's own event as 404 to an installation", async () => {
    const store = await makeStore(t.database, { dev: true });
    const mine = await installTestApp(t.database, store.store, ['merchant-webhooks-write', 'merchant-webhooks-read']);
    const theirs = await installTestApp(t.database, store.store, ['merchant-webhooks-read']);
    const hook = await subscribe(store, 'app/installed', mine.key);
    const event = await t.database.prisma.outboxEvent.findFirstOrThrow({
      where: { storeId: store.store.id, topic: 'app/installed', payload: { path: ['installation_id'], equals: theirs.id } },
    });
    expectFailure(await send(t.app, mine.key, 'POST', `/webhooks/${hook.id}/replay`, { event_id: event.id }), 404, 'not_found');
  });
});
