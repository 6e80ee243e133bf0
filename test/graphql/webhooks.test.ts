import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadServerSecret } from '../../src/platform/crypto/server-secret.js';
import { graphql } from '../support/http.js';
import { makeKey, makeStore, type TestStore } from '../support/stores.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { startReceiver, testRelay, type Receiver } from '../support/webhooks.js';
import { send } from '../support/writes.js';

// The GraphQL mirrors of the webhook paths: merchant.webhooks, merchant.webhookDeliveries and the
// webhookCreate/Update/Delete/RotateSecret/Replay mutations, with userErrors where REST answers 404/422.

let t: TestApp;
let receiver: Receiver;
let shop: TestStore;
let other: TestStore;

beforeAll(async () => {
  receiver = await startReceiver();
  t = await startTestApp({ RATE_LIMIT_GRAPHQL: '0', RATE_LIMIT_MERCHANT: '0', MEDIA_FETCH_ALLOW: receiver.hostPort });
  shop = await makeStore(t.database, { dev: true });
  other = await makeStore(t.database, { dev: true });
});
afterAll(async () => {
  await t.close();
  await receiver.close();
});

const ERRORS = 'userErrors { field code message }';
const WEBHOOK = 'webhook { uuid topic address fields status disabledReason consecutiveFailures appInstallationId }';
const create = (input: Record<string, unknown>, key = shop.privateKey) =>
  graphql(t.app, key, `mutation ($input: WebhookCreateInput!) { webhookCreate(input: $input) { ${WEBHOOK} secret ${ERRORS} } }`, { input });

describe('webhookCreate', () => {
  it('subscribes, answering the secret once', async () => {
    const res = await create({ topic: 'shipping_zones/create', address: receiver.url, fields: ['id'] });
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.webhookCreate).toEqual({
      webhook: {
        uuid: expect.any(String),
        topic: 'shipping_zones/create',
        address: receiver.url,
        fields: ['id'],
        status: 'active',
        disabledReason: null,
        consecutiveFailures: 0,
        appInstallationId: null,
      },
      secret: expect.stringMatching(/^whsec_/),
      userErrors: [],
    });
  });

  it('answers a bad topic or address as userErrors naming the input field, writing nothing', async () => {
    const before = await t.database.prisma.webhookSubscription.count({ where: { storeId: shop.store.id } });
    const topic = await create({ topic: 'orders/vanished', address: receiver.url });
    expect(topic.body.data.webhookCreate).toMatchObject({ webhook: null, secret: null, userErrors: [{ field: 'input.topic', code: 'validation_failed' }] });
    const address = await create({ topic: 'orders/paid', address: 'http://192.168.1.1/hooks' });
    expect(address.body.data.webhookCreate.userErrors).toEqual([
      { field: 'input.address', code: 'validation_failed', message: 'resolves to a private, loopback or otherwise internal address' },
    ]);
    expect(await t.database.prisma.webhookSubscription.count({ where: { storeId: shop.store.id } })).toBe(before);
  });

  it('refuses a topic whose resource the key cannot read with insufficient_scope naming it', async () => {
    const key = await makeKey(t.database, { store: shop.store.slug, kind: 'private', scopes: ['merchant-webhooks-write'] });
    const res = await create({ topic: 'customers/create', address: receiver.url }, key);
    expect(res.body.errors[0]).toMatchObject({
      message: 'A subscription to customers/create requires the merchant-customers-read scope, which this key does not carry.',
      extensions: { code: 'insufficient_scope' },
    });
  });
});

describe('merchant.webhooks, webhookUpdate, webhookRotateSecret and webhookDelete', () => {
  it('lists, changes, rotates and deletes; another store’s subscription is a not_found userError', async () => {
    const store = await makeStore(t.database, { dev: true });
    const made = (await create({ topic: 'orders/paid', address: receiver.url }, store.privateKey)).body.data.webhookCreate;
    const id = made.webhook.uuid;
    const listed = await graphql(t.app, store.privateKey, '{ merchant { webhooks(first: 10) { edges { node { uuid topic } } pageInfo { hasNextPage } } } }');
    expect(listed.body.data.merchant.webhooks).toEqual({ edges: [{ node: { uuid: id, topic: 'orders/paid' } }], pageInfo: { hasNextPage: false } });

    const update = (key: string, input: Record<string, unknown>) =>
      graphql(t.app, key, `mutation ($id: UUID!, $input: WebhookUpdateInput!) { webhookUpdate(id: $id, input: $input) { ${WEBHOOK} ${ERRORS} } }`, {
        id,
        input,
      });
    expect((await update(store.privateKey, { fields: ['id', 'status'] })).body.data.webhookUpdate).toMatchObject({
      webhook: { fields: ['id', 'status'] },
      userErrors: [],
    });
    expect((await update(store.privateKey, { address: 'ftp://x.example/' })).body.data.webhookUpdate.userErrors).toEqual([
      { field: 'input.address', code: 'validation_failed', message: 'must be an http or https URL' },
    ]);
    expect((await update(other.privateKey, { fields: [] })).body.data.webhookUpdate).toEqual({
      webhook: null,
      userErrors: [{ field: null, code: 'not_found', message: 'Webhook not found.' }],
    });

    const rotated = await graphql(
      t.app,
      store.privateKey,
      `mutation ($id: UUID!) { webhookRotateSecret(id: $id, overlapSeconds: 60) { webhook { uuid } secret ${ERRORS} } }`,
      { id },
    );
    expect(rotated.body.data.webhookRotateSecret).toMatchObject({ webhook: { uuid: id }, secret: expect.stringMatching(/^whsec_/), userErrors: [] });
    expect(rotated.body.data.webhookRotateSecret.secret).not.toBe(made.secret);
    const tooLong = await graphql(
      t.app,
      store.privateKey,
      `mutation ($id: UUID!) { webhookRotateSecret(id: $id, overlapSeconds: 999999) { secret ${ERRORS} } }`,
      { id },
    );
    expect(tooLong.body.data.webhookRotateSecret.userErrors).toEqual([
      { field: 'overlapSeconds', code: 'validation_failed', message: 'must be at most 604800 (a week)' },
    ]);

    const deleted = await graphql(t.app, store.privateKey, `mutation ($id: UUID!) { webhookDelete(id: $id) { webhook { uuid } ${ERRORS} } }`, { id });
    expect(deleted.body.data.webhookDelete).toEqual({ webhook: { uuid: id }, userErrors: [] });
    expect(await t.database.prisma.webhookSubscription.count({ where: { id } })).toBe(0);
  });
});

describe('merchant.webhookDeliveries and webhookReplay', () => {
  it('shows each delivery with its attempts, and replays an event', async () => {
    const store = await makeStore(t.database, { dev: true });
    const id = (await create({ topic: 'shipping_zones/create', address: receiver.url }, store.privateKey)).body.data.webhookCreate.webhook.uuid;
    await send(t.app, store.privateKey, 'POST', '/shipping-zones', { name: 'Z', zone_type: 'national', base_rate: 5, min_days: 1, max_days: 4 });
    const serverSecret = await loadServerSecret(t.database.prisma, t.config.secret);
    await testRelay(t.database, { serverSecret, storeIds: [store.store.id], allow: [receiver.hostPort] }).runOnce();
    const query = `query ($id: UUID!) { merchant { webhookDeliveries(webhookId: $id, first: 5) { edges { node { eventId topic status replay attempts { statusCode response } } } } } }`;
    const log = await graphql(t.app, store.privateKey, query, { id });
    const [delivery] = log.body.data.merchant.webhookDeliveries.edges.map((e: { node: unknown }) => e.node);
    expect(delivery).toEqual({
      eventId: expect.any(String),
      topic: 'shipping_zones/create',
      status: 'succeeded',
      replay: false,
      attempts: [{ statusCode: 200, response: `seen ${delivery.eventId}` }],
    });
    const replay = (eventId: string) =>
      graphql(
        t.app,
        store.privateKey,
        `mutation ($id: UUID!, $e: String!) { webhookReplay(id: $id, eventId: $e) { delivery { eventId replay status } ${ERRORS} } }`,
        {
          id,
          e: eventId,
        },
      );
    expect((await replay(delivery.eventId)).body.data.webhookReplay).toEqual({
      delivery: { eventId: delivery.eventId, replay: true, status: 'pending' },
      userErrors: [],
    });
    expect((await replay('00000000-0000-0000-0000-000000000000')).body.data.webhookReplay).toEqual({
      delivery: null,
      userErrors: [{ field: null, code: 'not_found', message: 'Event not found.' }],
    });
  });
});
