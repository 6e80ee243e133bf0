import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { uninstallApp } from '../../src/domain/apps/manage-apps.js';
import { loadServerSecret } from '../../src/platform/crypto/server-secret.js';
import type { WebhookRelay } from '../../src/webhooks/relay.js';
import { failureRule } from '../../src/webhooks/failing-subscriptions.js';
import { installTestApp } from '../support/apps.js';
import { makeStore, type TestStore } from '../support/stores.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { startReceiver, testRelay, type Receiver } from '../support/webhooks.js';
import { send } from '../support/writes.js';

// The relay: every committed event reaches each subscription of its topic, signed, retried on the
// schedule (on the test's clock, never by waiting), one resource's events in order.

let t: TestApp;
let receiver: Receiver;
let serverSecret: string;

beforeAll(async () => {
  receiver = await startReceiver();
  t = await startTestApp({ RATE_LIMIT_MERCHANT: '0', MEDIA_FETCH_ALLOW: receiver.hostPort });
  serverSecret = await loadServerSecret(t.database.prisma, t.config.secret);
});
afterAll(async () => {
  await t.close();
  await receiver.close();
});
beforeEach(() => {
  receiver.received.length = 0;
  receiver.answer = () => 200;
});

interface Fixture {
  shop: TestStore;
  relay: WebhookRelay;
  subscribe(topic: string, extra?: Record<string, unknown>, key?: string): Promise<{ id: string; secret: string }>;
  zone(name?: string): Promise<string>;
  renameZone(id: string, name: string): Promise<void>;
}

async function fixture(): Promise<Fixture> {
  const shop = await makeStore(t.database, { dev: true });
  await t.database.prisma.store.update({ where: { id: shop.store.id }, data: { supportEmail: 'owner@shop.example' } });
  const relay = testRelay(t.database, { serverSecret, storeIds: [shop.store.id], allow: [receiver.hostPort] });
  const zoneBody = (name: string) => ({ name, zone_type: 'national', base_rate: 5, min_days: 1, max_days: 4 });
  return {
    shop,
    relay,
    async subscribe(topic, extra = {}, key = shop.privateKey) {
      const res = await send(t.app, key, 'POST', '/webhooks', { topic, address: receiver.url, ...extra });
      expect(res.status, res.raw).toBe(201);
      receiver.secrets.add(res.body.data.secret);
      return res.body.data;
    },
    async zone(name = 'Everywhere') {
      const res = await send(t.app, shop.privateKey, 'POST', '/shipping-zones', zoneBody(name));
      expect(res.status, res.raw).toBe(201);
      return res.body.data.id;
    },
    async renameZone(id, name) {
      const res = await send(t.app, shop.privateKey, 'PUT', `/shipping-zones/${id}`, zoneBody(name));
      expect(res.status, res.raw).toBe(200);
    },
  };
}

const later = (from: Date, seconds: number) => new Date(from.getTime() + seconds * 1000);
const deliveriesOf = (subscriptionId: string) =>
  t.database.prisma.webhookDelivery.findMany({
    where: { subscriptionId },
    orderBy: [{ eventSequence: 'asc' }, { createdAt: 'asc' }],
    include: { attemptLog: true },
  });

describe('Delivery of a committed event', () => {
  it('POSTs the payload with the event id, topic, store, time, API version and a signature the receiver verifies', async () => {
    const f = await fixture();
    const hook = await f.subscribe('shipping_zones/create');
    const zoneId = await f.zone();
    const event = await t.database.prisma.outboxEvent.findFirstOrThrow({ where: { storeId: f.shop.store.id, topic: 'shipping_zones/create' } });
    expect(await f.relay.runOnce()).toMatchObject({ delivered: 1 });
    expect(receiver.received).toHaveLength(1);
    const [got] = receiver.received;
    expect(JSON.parse(got!.body)).toEqual({ id: zoneId });
    expect(got!.signedBy).toEqual([hook.secret]);
    expect(got!.headers).toMatchObject({
      'content-type': 'application/json',
      'bazaar-event-id': event.id,
      'bazaar-topic': 'shipping_zones/create',
      'bazaar-store-id': f.shop.store.id,
      'bazaar-occurred-at': event.createdAt.toISOString(),
      'bazaar-api-version': 'v1',
      'bazaar-attempt': '1',
      'bazaar-signature': expect.stringMatching(/^t=\d{10},v1=[0-9a-f]{64}$/),
    });
    const [delivery] = await deliveriesOf(hook.id);
    expect(delivery).toMatchObject({ status: 'succeeded', attempts: 1, eventId: event.id, replay: false });
    expect(delivery!.attemptLog).toEqual([expect.objectContaining({ statusCode: 200, response: `seen ${event.id}` })]);
    // Published once: a second pass sends nothing more.
    expect(await f.relay.runOnce()).toEqual({ published: 0, delivered: 0 });
    expect(receiver.received).toHaveLength(1);
  });

  it('sends only the fields the subscription names (a subscription exists, so it hears of its own creation)', async () => {
    const f = await fixture();
    await f.subscribe('webhook_subscriptions/create', { fields: ['topic'] });
    await f.subscribe('orders/paid');
    await f.relay.runOnce();
    expect(receiver.received.map((r) => JSON.parse(r.body))).toEqual([{ topic: 'webhook_subscriptions/create' }, { topic: 'orders/paid' }]);
  });

  it('emits nothing for a write that rolled back', async () => {
    const f = await fixture();
    const hook = await f.subscribe('shipping_zones/update');
    const zoneId = await f.zone();
    // Found inside the transaction, the stale read-only field aborts it after the zone was read.
    const refused = await send(t.app, f.shop.privateKey, 'PUT', `/shipping-zones/${zoneId}`, {
      name: 'Never',
      zone_type: 'national',
      base_rate: 5,
      min_days: 1,
      max_days: 4,
      currency: 'EUR',
    });
    expect(refused.status).toBe(422);
    await f.relay.runOnce();
    expect(receiver.received).toEqual([]);
    expect(await deliveriesOf(hook.id)).toEqual([]);
  });

  it('signs with both secrets during a rotation’s overlap, and with the new one alone after it', async () => {
    const f = await fixture();
    const hook = await f.subscribe('shipping_zones/create');
    const rotated = await send(t.app, f.shop.privateKey, 'POST', `/webhooks/${hook.id}/rotate-secret`, { overlap_seconds: 60 });
    receiver.secrets.add(rotated.body.data.secret);
    await f.zone('One');
    await f.relay.runOnce();
    expect(receiver.received.at(-1)!.signedBy.sort()).toEqual([hook.secret, rotated.body.data.secret].sort());
    expect(receiver.received.at(-1)!.headers['bazaar-signature']).toMatch(/^t=\d+,v1=[0-9a-f]{64},v1=[0-9a-f]{64}$/);
    await f.zone('Two');
    await f.relay.runOnce(later(new Date(), 120));
    expect(receiver.received.at(-1)!.signedBy).toEqual([rotated.body.data.secret]);
  });

  it('refuses, at delivery too, an address that has come to resolve inward', async () => {
    const f = await fixture();
    const hook = await f.subscribe('shipping_zones/create');
    await t.database.prisma.webhookSubscription.update({ where: { id: hook.id }, data: { address: 'http://10.9.8.7/hooks' } });
    await f.zone();
    await f.relay.runOnce();
    const [delivery] = await deliveriesOf(hook.id);
    expect(delivery!.attemptLog).toEqual([
      expect.objectContaining({ statusCode: null, response: 'not sent: the address resolves to a private, loopback or otherwise internal address' }),
    ]);
    expect(delivery!.status).toBe('pending');
  });
});

describe('Retries (WEBHOOK_RETRY_SCHEDULE_S=1,1,1 on the test clock)', () => {
  it('retries a failing delivery on the schedule, then marks it failed and tells the merchant and the owning app', async () => {
    const f = await fixture();
    const app = await installTestApp(t.database, f.shop.store, ['merchant-webhooks-write', 'merchant-shipping-read']);
    const hook = await f.subscribe('shipping_zones/create', {}, app.key);
    receiver.answer = () => 500;
    await f.zone();
    const t0 = new Date();
    await f.relay.runOnce(t0);
    await f.relay.runOnce(t0);
    expect(receiver.received).toHaveLength(1);
    await f.relay.runOnce(later(t0, 2));
    await f.relay.runOnce(later(t0, 4));
    expect((await deliveriesOf(hook.id))[0]!.status).toBe('pending');
    await f.relay.runOnce(later(t0, 6));
    await f.relay.runOnce(later(t0, 60));
    expect(receiver.received).toHaveLength(4);
    expect(receiver.received.map((r) => r.headers['bazaar-attempt'])).toEqual(['1', '2', '3', '4']);
    const [delivery] = await deliveriesOf(hook.id);
    expect(delivery).toMatchObject({ status: 'failed', attempts: 4 });
    expect(delivery!.attemptLog.map((a) => a.statusCode)).toEqual([500, 500, 500, 500]);
    const subscription = await t.database.prisma.webhookSubscription.findUniqueOrThrow({ where: { id: hook.id } });
    expect(subscription).toMatchObject({ status: 'active', consecutiveFailures: 1 });
    const mail = await t.database.prisma.message.findMany({ where: { storeId: f.shop.store.id } });
    expect(mail).toEqual([expect.objectContaining({ recipient: 'owner@shop.example', template: 'webhook_failing', subject: 'A webhook is failing' })]);
    const alerts = await t.database.prisma.appAlert.findMany({ where: { installationId: app.id } });
    expect(alerts).toEqual([expect.objectContaining({ severity: 'warning', title: 'A webhook is failing' })]);
  });

  it(`disables a subscription failing for ${failureRule.disableAfterDays} days, telling the merchant; a success before that resets the count`, async () => {
    const f = await fixture();
    const hook = await f.subscribe('shipping_zones/create');
    const t0 = new Date();
    await t.database.prisma.webhookSubscription.update({
      where: { id: hook.id },
      data: { consecutiveFailures: failureRule.disableAfterFailures - 1, failingSince: later(t0, -failureRule.disableAfterDays * 86_400) },
    });
    receiver.answer = () => 503;
    await f.zone('A');
    for (const s of [0, 2, 4, 6]) await f.relay.runOnce(later(t0, s));
    const subscription = await t.database.prisma.webhookSubscription.findUniqueOrThrow({ where: { id: hook.id } });
    expect(subscription).toMatchObject({ status: 'disabled', disabledReason: 'failing', consecutiveFailures: failureRule.disableAfterFailures });
    const mail = await t.database.prisma.message.findMany({ where: { storeId: f.shop.store.id } });
    expect(mail.map((m) => m.template)).toEqual(['webhook_disabled']);
    // Disabled: what comes next is not sent.
    receiver.answer = () => 200;
    const sent = receiver.received.length;
    await f.zone('B');
    await f.relay.runOnce(later(t0, 10));
    expect(receiver.received).toHaveLength(sent);

    const healthy = await fixture();
    const other = await healthy.subscribe('shipping_zones/create');
    await t.database.prisma.webhookSubscription.update({ where: { id: other.id }, data: { consecutiveFailures: 3, failingSince: later(t0, -86_400) } });
    await healthy.zone();
    await healthy.relay.runOnce();
    expect(await t.database.prisma.webhookSubscription.findUniqueOrThrow({ where: { id: other.id } })).toMatchObject({
      consecutiveFailures: 0,
      failingSince: null,
    });
  });

  it('ends the subscription when the receiver answers 410 Gone', async () => {
    const f = await fixture();
    const hook = await f.subscribe('shipping_zones/create');
    receiver.answer = () => 410;
    await f.zone();
    await f.relay.runOnce();
    expect((await deliveriesOf(hook.id))[0]).toMatchObject({ status: 'failed', attempts: 1 });
    expect(await t.database.prisma.webhookSubscription.findUniqueOrThrow({ where: { id: hook.id } })).toMatchObject({
      status: 'disabled',
      disabledReason: 'gone',
    });
  });
});

describe('Ordering: one resource’s events in the order they happened', () => {
  it('holds a resource’s later events behind a failing earlier one, while other resources go on', async () => {
    const f = await fixture();
    const created = await f.subscribe('shipping_zones/update');
    const first = await f.zone('First');
    const second = await f.zone('Second');
    await f.renameZone(first, 'First v2');
    await f.renameZone(first, 'First v3');
    await f.renameZone(second, 'Second v2');
    let failed = false;
    receiver.answer = (request) => (JSON.parse(request.body).id === first && !failed ? ((failed = true), 500) : 200);
    const t0 = new Date();
    await f.relay.runOnce(t0);
    // first's v2 failed its first attempt: its v3 waits; second's update went.
    expect(receiver.received.map((r) => JSON.parse(r.body).id)).toEqual([first, second]);
    await f.relay.runOnce(later(t0, 2));
    const deliveries = await deliveriesOf(created.id);
    expect(deliveries.map((d) => d.status)).toEqual(['succeeded', 'succeeded', 'succeeded']);
    const sentFirst = receiver.received.filter((r) => JSON.parse(r.body).id === first).map((r) => r.headers['bazaar-event-id']);
    expect(sentFirst).toEqual([deliveries[0]!.eventId, deliveries[0]!.eventId, deliveries[1]!.eventId]);
  });

  it('lets the later events go once the earlier one has failed for good (it stays replayable)', async () => {
    const f = await fixture();
    const hook = await f.subscribe('shipping_zones/update');
    const zone = await f.zone();
    await f.renameZone(zone, 'v2');
    await f.renameZone(zone, 'v3');
    let calls = 0;
    receiver.answer = () => (++calls <= 4 ? 500 : 200);
    const t0 = new Date();
    for (const s of [0, 2, 4, 6]) await f.relay.runOnce(later(t0, s));
    expect((await deliveriesOf(hook.id)).map((d) => d.status)).toEqual(['failed', 'succeeded']);
  });
});

describe('app/uninstalled', () => {
  it('reaches the uninstalled app’s own subscription, which then takes nothing more', async () => {
    const f = await fixture();
    const app = await installTestApp(t.database, f.shop.store, ['merchant-webhooks-write', 'merchant-shipping-read']);
    await f.subscribe('app/uninstalled', {}, app.key);
    const zones = await f.subscribe('shipping_zones/create', {}, app.key);
    await f.relay.runOnce();
    await uninstallApp({ db: t.database.prisma, now: new Date() }, { store: f.shop.store.slug, app: app.appSlug });
    await f.zone();
    await f.relay.runOnce();
    expect(receiver.received.map((r) => r.headers['bazaar-topic'])).toEqual(['app/uninstalled']);
    expect(JSON.parse(receiver.received[0]!.body)).toMatchObject({ installation_id: app.id, app: app.appSlug });
    expect(await deliveriesOf(zones.id)).toEqual([]);
  });
});

describe('Pacing: an idle relay and the commits of its own process', () => {
  it('sends an event committed in this process at once, though the idle relay would next look a minute later', async () => {
    const f = await fixture();
    await f.subscribe('shipping_zones/create');
    f.relay.start({ busyMs: 60_000, idleMaxMs: 60_000 });
    try {
      // Its first look, at start, finds nothing: the event must come after it, so only the commit can wake it.
      await new Promise((wake) => setTimeout(wake, 300));
      await f.zone();
      for (let waited = 0; !receiver.received.length && waited < 10_000; waited += 50) await new Promise((wake) => setTimeout(wake, 50));
      expect(receiver.received.map((r) => r.headers['bazaar-topic'])).toEqual(['shipping_zones/create']);
    } finally {
      await f.relay.stop();
    }
  });
});
