import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installTestApp, type TestInstallation } from '../support/apps.js';
import { graphql } from '../support/http.js';
import { makeKey, makeStore, type TestStore } from '../support/stores.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { send } from '../support/writes.js';

// Issue 20, GraphQL: merchant.appInstallation (the caller's), the merchant's view of every installation
// with its setup sheet and alerts behind their scopes, and collected records for their owner and the merchant.

let t: TestApp;
let shop: TestStore;
let app: TestInstallation;
let other: TestInstallation;

const scopes = ['merchant-app_setup-update', 'merchant-app_alerts-create', 'merchant-collected-definitions-manage', 'merchant-collected-records-submit'];
const INSTALLATIONS = `{ merchant { appInstallations { id appSlug namespace scopes uninstalledAt setupSheet { status items { key value sensitive } } alerts(first: 5) { severity title } } } }`;

beforeAll(async () => {
  t = await startTestApp();
  shop = await makeStore(t.database);
  app = await installTestApp(t.database, shop.store, scopes);
  other = await installTestApp(t.database, shop.store, ['merchant-business_profile-read']);
  await send(t.app, app.key, 'PUT', '/app/setup', {
    status: 'connected',
    items: [{ key: 'token', label: 'Token', value: 'tok_abcdefghijklmnop1234', sensitive: true }],
  });
  await send(t.app, app.key, 'POST', '/app/alerts', { severity: 'error', title: 'Sync failed', message: 'Retrying.' });
  const type = `app_${app.appSlug}_${app.id}_leads`;
  await send(t.app, app.key, 'POST', '/collected-definitions', { type, name: 'Leads', fields: [{ key: 'email', name: 'Email', type: 'email', required: true }] });
  await send(t.app, app.key, 'POST', '/records', { type, fields: { email: 'lead@example.com' } });
});
afterAll(() => t.close());

describe('merchant.appInstallation', () => {
  it("answers the calling installation, and null for the merchant's key", async () => {
    const query = '{ merchant { appInstallation { id appSlug namespace scopes } } }';
    expect((await graphql(t.app, app.key, query)).body).toEqual({
      data: { merchant: { appInstallation: { id: app.id, appSlug: app.appSlug, namespace: `app.${app.appSlug}.`, scopes } } },
    });
    expect((await graphql(t.app, shop.privateKey, query)).body).toEqual({ data: { merchant: { appInstallation: null } } });
  });
});

describe('merchant.appInstallations', () => {
  it('shows the merchant every installation, its setup sheet in clear and its alerts', async () => {
    const res = await graphql(t.app, shop.privateKey, INSTALLATIONS);
    expect(res.body).toEqual({
      data: {
        merchant: {
          appInstallations: [
            {
              id: app.id,
              appSlug: app.appSlug,
              namespace: `app.${app.appSlug}.`,
              scopes,
              uninstalledAt: null,
              setupSheet: { status: 'connected', items: [{ key: 'token', value: 'tok_abcdefghijklmnop1234', sensitive: true }] },
              alerts: [{ severity: 'ERROR', title: 'Sync failed' }],
            },
            { id: other.id, appSlug: other.appSlug, namespace: `app.${other.appSlug}.`, scopes: ['merchant-business_profile-read'], uninstalledAt: null, setupSheet: null, alerts: [] },
          ],
        },
      },
    });
  });

  it("shows an app's key only its own installation", async () => {
    const res = await graphql(t.app, other.key, '{ merchant { appInstallations { id } } }');
    expect(res.body).toEqual({ data: { merchant: { appInstallations: [{ id: other.id }] } } });
  });

  it('needs the scopes of the setup sheet and alerts', async () => {
    const key = await makeKey(t.database, { store: shop.store.slug, kind: 'private', scopes: ['merchant-business_profile-read'] });
    const res = await graphql(t.app, key, '{ merchant { appInstallations { id setupSheet { status } } } }');
    expect(res.body.errors[0].extensions.code).toBe('insufficient_scope');
  });
});

describe('merchant.collectedRecords', () => {
  it('reads records for the owning installation and the merchant; another installation gets forbidden', async () => {
    const type = `app_${app.appSlug}_${app.id}_leads`;
    const query = `query ($type: String!) { merchant { collectedRecords(type: $type, first: 10) { edges { node { type fields } } } } }`;
    const expected = { data: { merchant: { collectedRecords: { edges: [{ node: { type, fields: { email: 'lead@example.com' } } }] } } } };
    expect((await graphql(t.app, app.key, query, { type })).body).toEqual(expected);
    expect((await graphql(t.app, shop.privateKey, query, { type })).body).toEqual(expected);
    const key = (await installTestApp(t.database, shop.store, ['merchant-collected-records-submit'])).key;
    expect((await graphql(t.app, key, query, { type })).body.errors[0].extensions.code).toBe('forbidden');
  });
});
