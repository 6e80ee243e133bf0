import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product, Store } from '../../../../src/generated/prisma/client.js';
import { installTestApp, type TestInstallation } from '../../../support/apps.js';
import { createProduct } from '../../../support/catalog.js';
import { expectFailure } from '../../../support/failure.js';
import { call } from '../../../support/http.js';
import { makeStore, type TestStore } from '../../../support/stores.js';
import { startTestApp, type TestApp } from '../../../support/test-app.js';
import { MERCHANT, outboxOf, send } from '../../../support/writes.js';

// Issue 20, App operations: PUT /app/setup, POST /app/alerts and PUT /app/requirements, called with an
// installation's key (a merchant key is 403 forbidden), with the alert caps on a controllable clock.

let t: TestApp;
let now = new Date('2026-11-26T10:00:00.000Z');
let shop: TestStore;
let app: TestInstallation;
let product: Product;

const scopes = ['merchant-app_setup-update', 'merchant-app_alerts-create', 'merchant-app-requirements-write'];

beforeAll(async () => {
  t = await startTestApp({}, { clock: () => now.getTime() });
  shop = await makeStore(t.database);
  app = await installTestApp(t.database, shop.store, scopes);
  product = await createProduct(t.database, shop.store, { title: 'Kettle' });
});
afterAll(() => t.close());

const sheet = {
  status: 'action_required',
  items: [
    { key: 'webhook_url', label: 'Webhook URL', value: 'https://hooks.example/abc', sensitive: false, copyable: true, instructions: 'Paste it into the carrier portal.' },
    { key: 'api_secret', label: 'API secret', value: 'sec_0123456789abcdefWXYZ', sensitive: true, copyable: true, instructions: null },
    { key: 'pin', label: 'PIN', value: '4321', sensitive: true, copyable: false, instructions: null },
  ],
};

describe('PUT /app/setup', () => {
  it('replaces the sheet and answers data.setup, sensitive values masked', async () => {
    const res = await send(t.app, app.key, 'PUT', '/app/setup', sheet);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      status: 'success',
      message: 'App setup saved',
      data: {
        setup: {
          status: 'action_required',
          items: [sheet.items[0], { ...sheet.items[1], value: '••••WXYZ' }, { ...sheet.items[2], value: '••••' }],
          updated_at: now.toISOString(),
        },
      },
    });
  });

  it('keeps sensitive values encrypted at rest, never in clear', async () => {
    const row = await t.database.prisma.appSetupSheet.findUniqueOrThrow({ where: { installationId: app.id } });
    const stored = JSON.stringify(row.items);
    expect(stored).not.toContain('sec_0123456789abcdefWXYZ');
    expect(stored).not.toContain('4321');
    expect((row.items as any[])[1]).toMatchObject({ key: 'api_secret', value: null, sealed: expect.stringMatching(/^v1\./) });
  });

  it('is a full replace: items left out are gone', async () => {
    const res = await send(t.app, app.key, 'PUT', '/app/setup', { status: 'complete', items: [] });
    expect(res.body.data.setup).toEqual({ status: 'complete', items: [], updated_at: now.toISOString() });
  });

  it('refuses a URL-like value that is not https, naming the item field', async () => {
    const res = await send(t.app, app.key, 'PUT', '/app/setup', { status: 'x', items: [{ key: 'a', label: 'A', value: 'http://hooks.example' }] });
    expect(res.status).toBe(422);
    expect(res.body.error.errors).toEqual({ 'items.0.value': ['must be an https URL (https://…): a URL-like value is accepted over https only'] });
  });

  it('caps the item count and field lengths, and refuses repeated keys', async () => {
    const many = Array.from({ length: 51 }, (_, i) => ({ key: `k${i}`, label: 'L' }));
    expect((await send(t.app, app.key, 'PUT', '/app/setup', { status: 'x', items: many })).body.error.errors).toEqual({ items: ['must list at most 50 items'] });
    const long = await send(t.app, app.key, 'PUT', '/app/setup', { status: 'x', items: [{ key: 'a', label: 'L'.repeat(121) }] });
    expect(long.body.error.errors).toEqual({ 'items.0.label': ['must be at most 120 characters'] });
    const twice = await send(t.app, app.key, 'PUT', '/app/setup', { status: 'x', items: [{ key: 'a', label: 'A' }, { key: 'a', label: 'B' }] });
    expect(twice.body.error.errors).toEqual({ 'items.1.key': ['repeats the key a'] });
  });

  it('answers 403 forbidden to a key the merchant minted', async () => {
    expectFailure(await send(t.app, shop.privateKey, 'PUT', '/app/setup', sheet), 403, 'forbidden', "This operation needs an app installation's key; keys the merchant minted cannot call it.");
  });

  it('records app_setup/update and replays under an Idempotency-Key', async () => {
    const headers = { 'content-type': 'application/json', 'idempotency-key': 'setup-1' };
    const payload = JSON.stringify({ status: 'replayed', items: [] });
    const first = await call(t.app, { method: 'PUT', url: `${MERCHANT}/app/setup`, key: app.key, headers, payload });
    const again = await call(t.app, { method: 'PUT', url: `${MERCHANT}/app/setup`, key: app.key, headers, payload });
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.raw).toBe(first.raw);
    const events = (await outboxOf(t.database, shop.store)).filter((e) => e.topic === 'app_setup/update');
    expect(events.at(-1)).toEqual({ topic: 'app_setup/update', payload: { installation_id: app.id, status: 'replayed' } });
  });
});

describe('POST /app/alerts', () => {
  it('raises an alert and answers its notification id', async () => {
    const res = await send(t.app, app.key, 'POST', '/app/alerts', { severity: 'warning', title: 'Sync paused', message: 'The carrier rejected our token.' });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ type: 'app_alert', severity: 'warning', deduped: false, notification_id: expect.stringMatching(/^[0-9a-f-]{36}$/) });
  });

  it('collapses a repeat of a dedupe_key within the hour into the first alert, and not after it', async () => {
    const body = { severity: 'error', title: 'Feed failed', message: 'Three products failed.', dedupe_key: 'feed:42' };
    const first = (await send(t.app, app.key, 'POST', '/app/alerts', body)).body.data;
    now = new Date(now.getTime() + 59 * 60_000);
    const repeat = (await send(t.app, app.key, 'POST', '/app/alerts', { ...body, message: 'Four now.' })).body.data;
    expect(repeat).toEqual({ ...first, deduped: true });
    now = new Date(now.getTime() + 2 * 60_000);
    const later = (await send(t.app, app.key, 'POST', '/app/alerts', body)).body.data;
    expect(later).toMatchObject({ deduped: false });
    expect(later.notification_id).not.toBe(first.notification_id);
  });

  it('refuses a target field by name, an unknown severity and HTML', async () => {
    const target = await send(t.app, app.key, 'POST', '/app/alerts', { severity: 'info', title: 'T', message: 'M', target: 'staff@example.com' });
    expect(target.status).toBe(422);
    expect(target.body.error.errors).toEqual({ target: ['is not a field of this operation'] });
    const severity = await send(t.app, app.key, 'POST', '/app/alerts', { severity: 'urgent', title: 'T', message: 'M' });
    expect(severity.body.error.errors).toEqual({ severity: ['must be one of info, warning, error'] });
    const html = await send(t.app, app.key, 'POST', '/app/alerts', { severity: 'info', title: 'T', message: '<b>bold</b>' });
    expect(html.body.error.errors).toEqual({ message: ['must be plain text, without HTML tags'] });
  });

  it('caps an installation at 60 alerts a rolling hour: 429 too_many_requests with Retry-After', async () => {
    const capped = await installTestApp(t.database, shop.store, scopes);
    const start = now;
    for (let i = 0; i < 60; i++) {
      now = new Date(start.getTime() + i * 1000);
      expect((await send(t.app, capped.key, 'POST', '/app/alerts', { severity: 'info', title: `n${i}`, message: 'm' })).status).toBe(200);
    }
    now = new Date(start.getTime() + 600_000);
    const refused = await send(t.app, capped.key, 'POST', '/app/alerts', { severity: 'info', title: 'one more', message: 'm' });
    expectFailure(refused, 429, 'too_many_requests');
    expect(refused.headers['retry-after']).toBe(String(3000));
    // Another installation of the same store has its own allowance.
    expect((await send(t.app, app.key, 'POST', '/app/alerts', { severity: 'info', title: 'mine', message: 'm' })).status).toBe(200);
    now = new Date(start.getTime() + 3_600_001);
    expect((await send(t.app, capped.key, 'POST', '/app/alerts', { severity: 'info', title: 'again', message: 'm' })).status).toBe(200);
  });

  it('lets concurrent alerts neither pass the cap nor create one dedupe key twice', async () => {
    const racer = await installTestApp(t.database, shop.store, scopes);
    for (let i = 0; i < 50; i++) await send(t.app, racer.key, 'POST', '/app/alerts', { severity: 'info', title: `s${i}`, message: 'm' });
    const alerts = Array.from({ length: 20 }, (_, i) => send(t.app, racer.key, 'POST', '/app/alerts', { severity: 'info', title: `r${i}`, message: 'm' }));
    const statuses = (await Promise.all(alerts)).map((res) => res.status).sort();
    expect(statuses).toEqual([...Array(10).fill(200), ...Array(10).fill(429)]);
    const repeats = await Promise.all(
      Array.from({ length: 5 }, () => send(t.app, app.key, 'POST', '/app/alerts', { severity: 'info', title: 'once', message: 'm', dedupe_key: 'race-once' })),
    );
    expect(new Set(repeats.map((res) => res.body.data.notification_id)).size).toBe(1);
    expect(repeats.filter((res) => res.body.data.deduped)).toHaveLength(4);
  });

  it('answers 403 forbidden to a merchant key', async () => {
    expectFailure(await send(t.app, shop.privateKey, 'POST', '/app/alerts', { severity: 'info', title: 'T', message: 'M' }), 403, 'forbidden');
  });
});

describe('PUT /app/requirements', () => {
  it("replaces the installation's requirements and answers them", async () => {
    const items = [{ product_product_p_id: product.pId, prefix: `app.${app.appSlug}.size` }];
    const res = await send(t.app, app.key, 'PUT', '/app/requirements', { items });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ requirements: items });
    const replaced = await send(t.app, app.key, 'PUT', '/app/requirements', { items: [] });
    expect(replaced.body.data).toEqual({ requirements: [] });
  });

  it("refuses a prefix outside the app's namespace and another store's product, naming the item", async () => {
    const other: Store = (await makeStore(t.database)).store;
    const foreign = await createProduct(t.database, other, { title: 'Foreign' });
    const res = await send(t.app, app.key, 'PUT', '/app/requirements', {
      items: [
        { product_product_p_id: product.pId, prefix: 'app.someone-else.size' },
        { product_product_p_id: foreign.pId, prefix: `app.${app.appSlug}.size` },
      ],
    });
    expect(res.status).toBe(422);
    expect(res.body.error.errors).toEqual({
      'items.0.prefix': [`must lie under this app's namespace app.${app.appSlug}.`],
      'items.1.product_product_p_id': [`names no product of this store (${foreign.pId})`],
    });
  });
});
