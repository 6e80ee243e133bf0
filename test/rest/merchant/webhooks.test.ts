import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uninstallApp } from '../../../src/domain/apps/manage-apps.js';
import { expectFailure, expectValidation } from '../../support/failure.js';
import { get } from '../../support/http.js';
import { installTestApp } from '../../support/apps.js';
import { makeKey, makeStore, type TestStore } from '../../support/stores.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';
import { startReceiver, type Receiver } from '../../support/webhooks.js';
import { MERCHANT, outboxOf, send } from '../../support/writes.js';

// Webhook subscriptions: GET|POST /webhooks, GET|PATCH|DELETE /webhooks/{webhook} and
// POST /webhooks/{webhook}/rotate-secret, behind merchant-webhooks-read and -write.

let t: TestApp;
let receiver: Receiver;
let shop: TestStore;
let live: TestStore;
let other: TestStore;

beforeAll(async () => {
  receiver = await startReceiver();
  t = await startTestApp({ RATE_LIMIT_MERCHANT: '0', MEDIA_FETCH_ALLOW: receiver.hostPort });
  shop = await makeStore(t.database, { dev: true });
  live = await makeStore(t.database);
  other = await makeStore(t.database, { dev: true });
});
afterAll(async () => {
  await t.close();
  await receiver.close();
});

const create = (body: unknown, key = shop.privateKey) => send(t.app, key, 'POST', '/webhooks', body);
const keyWith = (store: TestStore, ...scopes: string[]) => makeKey(t.database, { store: store.store.slug, kind: 'private', scopes });
const iso = expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

describe('POST /webhooks', () => {
  it('subscribes an address to a topic, answering 201, Location and the secret this once, with one event', async () => {
    const res = await create({ topic: 'orders/paid', address: receiver.url, fields: ['id', 'status', 'id'] });
    expect(res.status, res.raw).toBe(201);
    const id = res.body.data.id;
    expect(res.headers.location).toBe(`${MERCHANT}/webhooks/${id}`);
    expect(res.body).toEqual({
      status: 'success',
      message: 'Webhook created',
      data: {
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        topic: 'orders/paid',
        address: receiver.url,
        fields: ['id', 'status'],
        status: 'active',
        disabled_reason: null,
        consecutive_failures: 0,
        failing_since: null,
        previous_secret_expires_at: null,
        app_installation_id: null,
        created_at: iso,
        updated_at: iso,
        secret: expect.stringMatching(/^whsec_[A-Za-z0-9_-]{43}$/),
      },
    });
    const read = await get(t.app, `${MERCHANT}/webhooks/${id}`, shop.privateKey);
    expect(read.status).toBe(200);
    expect(read.body.data).not.toHaveProperty('secret');
    const row = await t.database.prisma.webhookSubscription.findUniqueOrThrow({ where: { id } });
    expect(row.sealedSecret).not.toContain(res.body.data.secret);
    expect((await outboxOf(t.database, shop.store)).at(-1)).toEqual({ topic: 'webhook_subscriptions/create', payload: { id, topic: 'orders/paid' } });
  });

  it('refuses a topic Bazaar does not record, naming the field', async () => {
    expectValidation(await create({ topic: 'orders/teleported', address: receiver.url }), 'topic');
    expectValidation(await create({ address: receiver.url }), 'topic');
  });

  it('needs the read scope of the topic’s resource: 403 insufficient_scope naming it, and nothing written', async () => {
    const key = await keyWith(shop, 'merchant-webhooks-write');
    const before = await t.database.prisma.webhookSubscription.count({ where: { storeId: shop.store.id } });
    expectFailure(
      await create({ topic: 'orders/create', address: receiver.url }, key),
      403,
      'insufficient_scope',
      'A subscription to orders/create requires the merchant-orders-read scope, which this key does not carry.',
    );
    expectFailure(
      await create({ topic: 'products/update', address: receiver.url }, key),
      403,
      'insufficient_scope',
      expect.stringContaining('merchant-items-read'),
    );
    expect(await t.database.prisma.webhookSubscription.count({ where: { storeId: shop.store.id } })).toBe(before);
    const allowed = await keyWith(shop, 'merchant-webhooks-write', 'merchant-orders-read');
    expect((await create({ topic: 'orders/create', address: receiver.url }, allowed)).status).toBe(201);
  });

  it('needs merchant-webhooks-write itself', async () => {
    const key = await keyWith(shop, 'merchant-webhooks-read', 'merchant-orders-read');
    expectFailure(
      await create({ topic: 'orders/create', address: receiver.url }, key),
      403,
      'insufficient_scope',
      expect.stringContaining('merchant-webhooks-write'),
    );
  });

  it('takes only https on a live store; a dev store also takes http', async () => {
    const res = await create({ topic: 'orders/paid', address: receiver.url }, live.privateKey);
    expectValidation(res, 'address');
    expect(res.body.error.message).toBe('must be an https URL (a dev store also takes http)');
  });

  it('refuses an address that is internal, by the download guard (MEDIA_FETCH_ALLOW exempts the test receiver only)', async () => {
    for (const address of ['http://127.0.0.1:9/hooks', 'http://169.254.169.254/latest', 'http://[::1]:8080/', 'http://10.0.0.7/x', 'ftp://example.com/']) {
      const res = await create({ topic: 'orders/paid', address });
      expectValidation(res, 'address');
    }
    const refused = await create({ topic: 'orders/paid', address: 'http://localhost:9/hooks' });
    expect(refused.body.error.message).toMatch(/resolves to a private, loopback or otherwise internal address|does not resolve/);
    expectValidation(await create({ topic: 'orders/paid', address: 'https://user:pw@example.com/' }), 'address');
  });

  it('refuses an unknown field of the body by name', async () => {
    expectValidation(await create({ topic: 'orders/paid', address: receiver.url, secret: 'mine' }), 'secret');
  });
});

describe('GET /webhooks', () => {
  it("lists the caller's subscriptions, the oldest first, keyset-paged", async () => {
    const store = await makeStore(t.database, { dev: true });
    for (const topic of ['orders/create', 'orders/paid', 'customers/create'])
      expect((await create({ topic, address: receiver.url }, store.privateKey)).status).toBe(201);
    const first = await get(t.app, `${MERCHANT}/webhooks?limit=2`, store.privateKey);
    expect(first.status).toBe(200);
    expect(first.body.data.map((w: { topic: string }) => w.topic)).toEqual(['orders/create', 'orders/paid']);
    expect(first.body.has_more).toBe(true);
    const second = await get(t.app, `${MERCHANT}/webhooks?limit=2&starting_after=${first.body.next_cursor}`, store.privateKey);
    expect(second.body.data.map((w: { topic: string }) => w.topic)).toEqual(['customers/create']);
    expect(second.body).toMatchObject({ has_more: false, next_cursor: null });
  });
});

describe('PATCH /webhooks/{webhook}', () => {
  it('changes the address and fields, with an event; the topic cannot change', async () => {
    const { id } = (await create({ topic: 'orders/paid', address: receiver.url })).body.data;
    const res = await send(t.app, shop.privateKey, 'PATCH', `/webhooks/${id}`, { address: `${receiver.url}/v2`, fields: [] });
    expect(res.status, res.raw).toBe(200);
    expect(res.body.data).toMatchObject({ id, address: `${receiver.url}/v2`, fields: [] });
    expectValidation(await send(t.app, shop.privateKey, 'PATCH', `/webhooks/${id}`, { topic: 'orders/create' }), 'topic');
    expectValidation(await send(t.app, shop.privateKey, 'PATCH', `/webhooks/${id}`, { address: 'http://10.1.2.3/' }), 'address');
    expectValidation(await send(t.app, shop.privateKey, 'PATCH', `/webhooks/${id}`, { status: 'disabled' }), 'status');
  });

  it('turns a disabled subscription back on, its failure count starting again', async () => {
    const { id } = (await create({ topic: 'orders/paid', address: receiver.url })).body.data;
    await t.database.prisma.webhookSubscription.update({
      where: { id },
      data: { status: 'disabled', disabledReason: 'failing', consecutiveFailures: 9, failingSince: new Date() },
    });
    const res = await send(t.app, shop.privateKey, 'PATCH', `/webhooks/${id}`, { status: 'active' });
    expect(res.body.data).toMatchObject({ status: 'active', disabled_reason: null, consecutive_failures: 0, failing_since: null });
  });
});

describe('DELETE /webhooks/{webhook}', () => {
  it('deletes the subscription, answering it, and a second delete is a 404', async () => {
    const { id } = (await create({ topic: 'orders/paid', address: receiver.url })).body.data;
    const res = await send(t.app, shop.privateKey, 'DELETE', `/webhooks/${id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ message: 'Webhook deleted', data: { id } });
    expectFailure(await send(t.app, shop.privateKey, 'DELETE', `/webhooks/${id}`), 404, 'not_found', 'Webhook not found.');
  });
});

describe('POST /webhooks/{webhook}/rotate-secret', () => {
  it('answers a new secret, the previous one kept signing for the overlap (a day by default)', async () => {
    const created = (await create({ topic: 'orders/paid', address: receiver.url })).body.data;
    const res = await send(t.app, shop.privateKey, 'POST', `/webhooks/${created.id}/rotate-secret`);
    expect(res.status, res.raw).toBe(200);
    expect(res.body.data.secret).toMatch(/^whsec_/);
    expect(res.body.data.secret).not.toBe(created.secret);
    const overlapEnds = Date.parse(res.body.data.previous_secret_expires_at) - Date.parse(res.body.data.updated_at);
    expect(Math.round(overlapEnds / 1000)).toBe(86_400);
    const none = await send(t.app, shop.privateKey, 'POST', `/webhooks/${created.id}/rotate-secret`, { overlap_seconds: 0 });
    expect(none.body.data.previous_secret_expires_at).toBeNull();
    expectValidation(await send(t.app, shop.privateKey, 'POST', `/webhooks/${created.id}/rotate-secret`, { overlap_seconds: 700_000 }), 'overlap_seconds');
  });
});

describe('Tenancy and ownership', () => {
  it("answers another store's subscription as 404 on every path", async () => {
    const { id } = (await create({ topic: 'orders/paid', address: receiver.url }, other.privateKey)).body.data;
    expectFailure(await get(t.app, `${MERCHANT}/webhooks/${id}`, shop.privateKey), 404, 'not_found');
    expectFailure(await send(t.app, shop.privateKey, 'PATCH', `/webhooks/${id}`, { fields: [] }), 404, 'not_found');
    expectFailure(await send(t.app, shop.privateKey, 'DELETE', `/webhooks/${id}`), 404, 'not_found');
    expectFailure(await send(t.app, shop.privateKey, 'POST', `/webhooks/${id}/rotate-secret`), 404, 'not_found');
    expectFailure(await get(t.app, `${MERCHANT}/webhooks/${id}/deliveries`, shop.privateKey), 404, 'not_found');
    expectFailure(await send(t.app, shop.privateKey, 'POST', `/webhooks/${id}/replay`, { event_id: id }), 404, 'not_found');
    const mine = await get(t.app, `${MERCHANT}/webhooks?limit=100`, shop.privateKey);
    expect(mine.body.data.map((w: { id: string }) => w.id)).not.toContain(id);
  });

  it("keeps an app installation's subscriptions its own, and ends them when it is uninstalled", async () => {
    const store = await makeStore(t.database, { dev: true });
    const app = await installTestApp(t.database, store.store, ['merchant-webhooks-read', 'merchant-webhooks-write', 'merchant-orders-read']);
    const made = await create({ topic: 'orders/paid', address: receiver.url }, app.key);
    expect(made.status, made.raw).toBe(201);
    expect(made.body.data.app_installation_id).toBe(app.id);
    const merchants = await create({ topic: 'orders/paid', address: receiver.url }, store.privateKey);
    expect((await get(t.app, `${MERCHANT}/webhooks`, app.key)).body.data.map((w: { id: string }) => w.id)).toEqual([made.body.data.id]);
    expect((await get(t.app, `${MERCHANT}/webhooks`, store.privateKey)).body.data.map((w: { id: string }) => w.id)).toEqual([merchants.body.data.id]);
    expectFailure(await get(t.app, `${MERCHANT}/webhooks/${made.body.data.id}`, store.privateKey), 404, 'not_found');
    expectFailure(await get(t.app, `${MERCHANT}/webhooks/${merchants.body.data.id}`, app.key), 404, 'not_found');
    await uninstallApp({ db: t.database.prisma, now: new Date() }, { store: store.store.slug, app: app.appSlug });
    const ended = await t.database.prisma.webhookSubscription.findUniqueOrThrow({ where: { id: made.body.data.id } });
    expect(ended).toMatchObject({ status: 'ended', disabledReason: 'app_uninstalled' });
    const untouched = await t.database.prisma.webhookSubscription.findUniqueOrThrow({ where: { id: merchants.body.data.id } });
    expect(untouched.status).toBe('active');
  });
});

describe('Idempotency-Key', () => {
  it('replays a create under the same key instead of subscribing twice', async () => {
    const store = await makeStore(t.database, { dev: true });
    const body = JSON.stringify({ topic: 'orders/paid', address: receiver.url });
    const headers = { 'content-type': 'application/json', 'idempotency-key': 'hook-once' };
    const first = await t.app.inject({ method: 'POST', url: `${MERCHANT}/webhooks`, headers: { ...headers, 'x-client-key': store.privateKey }, payload: body });
    const again = await t.app.inject({ method: 'POST', url: `${MERCHANT}/webhooks`, headers: { ...headers, 'x-client-key': store.privateKey }, payload: body });
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe(first.body);
    expect(await t.database.prisma.webhookSubscription.count({ where: { storeId: store.store.id } })).toBe(1);
  });
});
