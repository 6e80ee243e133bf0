import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authenticate } from '../../src/auth/authenticate.js';
import { databaseKeyLookup } from '../../src/auth/key-lookup.js';
import { expectFailure } from '../support/failure.js';
import { get } from '../support/http.js';
import { cli, cliFailure, cliJson, pointCliAtTestDatabase, uniqueSlug, withApp, withDatabase } from './cli-harness.js';

// Issue 20, installations: `app create|install|list|uninstall`, the installation's key resolved into
// the request's principal, and uninstalling revoking the keys at once with app/uninstalled recorded.

const db = pointCliAtTestDatabase();
afterAll(() => db.cleanup());

const isoTime = expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
const PRODUCTS = '/api/v1/merchant/products';

const store = uniqueSlug('apps');
const app = uniqueSlug('app');

beforeAll(async () => {
  await cliJson('store', 'create', '--name', 'App Shop', '--slug', store);
  await cliJson('app', 'create', '--slug', app, '--name', 'Reviews Sync');
});

describe('app create', () => {
  it('registers an app and names its namespace', async () => {
    const slug = uniqueSlug('app');
    expect(await cliJson('app', 'create', '--slug', slug, '--name', 'Stock Sync')).toEqual({
      id: expect.any(String),
      slug,
      name: 'Stock Sync',
      namespace: `app.${slug}.`,
    });
  });

  it('refuses a taken slug with conflict, and a slug with an underscore or a dot', async () => {
    expect(await cliFailure('app', 'create', '--slug', app, '--name', 'Again')).toEqual({
      code: 1,
      error: { code: 'conflict', message: `An app with slug "${app}" already exists.` },
    });
    const message = 'must be lower-case letters, digits and dashes (1-40)';
    for (const slug of ['my_app', 'my.app', 'My-App'])
      expect(await cliFailure('app', 'create', '--slug', slug, '--name', 'Bad')).toEqual({ code: 1, error: { code: 'validation_failed', message, errors: { slug: [message] } } });
  });
});

describe('app install', () => {
  it('prints the installation and its private key once, as one object with --json', async () => {
    const shop = uniqueSlug('apps');
    await cliJson('store', 'create', '--name', 'Installed Shop', '--slug', shop);
    const out = await cliJson('app', 'install', '--store', shop, '--app', app, '--scopes', 'merchant-app_setup-update,merchant-items-read');
    expect(out).toEqual({
      installation: {
        id: expect.any(Number),
        app,
        app_name: 'Reviews Sync',
        store: shop,
        scopes: ['merchant-app_setup-update', 'merchant-items-read'],
        status: 'installed',
        installed_at: isoTime,
        uninstalled_at: null,
        data_retained_until: null,
      },
      key: expect.stringMatching(/^sk_live_[A-Za-z0-9_-]{20,}$/),
    });
    expect(Number.isInteger(out.installation.id)).toBe(true);
  });

  it('refuses a second installation of an installed app with conflict', async () => {
    const shop = uniqueSlug('apps');
    await cliJson('store', 'create', '--name', 'Twice Shop', '--slug', shop);
    const { installation } = await cliJson('app', 'install', '--store', shop, '--app', app, '--scopes', 'merchant-items-read');
    expect(await cliFailure('app', 'install', '--store', shop, '--app', app, '--scopes', 'merchant-items-read')).toEqual({
      code: 1,
      error: { code: 'conflict', message: `App "${app}" is already installed on store "${shop}" (installation ${installation.id}); uninstall it first.` },
    });
  });

  it('refuses an unknown scope, an unknown app and an unknown store', async () => {
    expect(await cliFailure('app', 'install', '--store', store, '--app', app, '--scopes', 'merchant-everything')).toEqual({
      code: 1,
      error: { code: 'validation_failed', message: 'Unknown scope(s): merchant-everything.', errors: { scopes: ['Unknown scope(s): merchant-everything.'] } },
    });
    const missingApp = uniqueSlug('nope');
    expect(await cliFailure('app', 'install', '--store', store, '--app', missingApp, '--scopes', 'all')).toEqual({
      code: 1,
      error: { code: 'not_found', message: `App "${missingApp}" not found.` },
    });
    const missingStore = uniqueSlug('nope');
    expect(await cliFailure('app', 'install', '--store', missingStore, '--app', app, '--scopes', 'all')).toEqual({
      code: 1,
      error: { code: 'not_found', message: `Store "${missingStore}" not found.` },
    });
  });

  it('resolves the installation from its key into the principal; a merchant key has none', async () => {
    const { installation, key } = await cliJson('app', 'install', '--store', store, '--app', app, '--scopes', 'merchant-items-read');
    const merchant = await cliJson('key', 'create', '--store', store, '--kind', 'private', '--scopes', 'merchant-items-read');
    await withDatabase(db, async (database) => {
      const lookup = databaseKeyLookup(database.prisma);
      const credentials = { origin: undefined, storeHeader: undefined };
      const ofApp = await authenticate(lookup, 'merchant', { ...credentials, clientKey: key });
      expect(ofApp.principal).toMatchObject({ kind: 'private', installation: { id: installation.id, appSlug: app }, scopes: new Set(['merchant-items-read']) });
      const ofMerchant = await authenticate(lookup, 'merchant', { ...credentials, clientKey: merchant.key });
      expect(ofMerchant.principal.installation).toBeNull();
    });
  });
});

describe('app list', () => {
  it("lists the store's installations by id, uninstalled ones included", async () => {
    const shop = uniqueSlug('apps');
    const other = uniqueSlug('app');
    await cliJson('store', 'create', '--name', 'Listed Shop', '--slug', shop);
    await cliJson('app', 'create', '--slug', other, '--name', 'Other');
    expect(await cliJson('app', 'list', '--store', shop)).toEqual({ store: shop, installations: [] });
    const first = (await cliJson('app', 'install', '--store', shop, '--app', app, '--scopes', 'merchant-items-read')).installation;
    const second = (await cliJson('app', 'install', '--store', shop, '--app', other, '--scopes', 'merchant-orders-read')).installation;
    await cliJson('app', 'uninstall', '--store', shop, '--app', other);
    const listed = await cliJson('app', 'list', '--store', shop);
    expect(listed.installations.map((i: any) => [i.id, i.app, i.status])).toEqual([
      [first.id, app, 'installed'],
      [second.id, other, 'uninstalled'],
    ]);
    const text = await cli('app', 'list', '--store', shop);
    expect(text.stdout[0]).toContain(`  ${first.id}  ${app}  installed  scopes: merchant-items-read`);
  });
});

describe('app uninstall', () => {
  it('revokes the keys at once (403 api_key_revoked), keeps the data 30 days and records app/uninstalled', async () => {
    const shop = uniqueSlug('apps');
    await cliJson('store', 'create', '--name', 'Leaving Shop', '--slug', shop);
    const { installation, key } = await cliJson('app', 'install', '--store', shop, '--app', app, '--scopes', 'merchant-items-read');
    await withApp(db, async (t) => {
      expect((await get(t.app, PRODUCTS, key)).status).toBe(200);
    });
    const out = await cliJson('app', 'uninstall', '--store', shop, '--app', app);
    expect(out.installation).toMatchObject({ id: installation.id, status: 'uninstalled', uninstalled_at: isoTime, data_retained_until: isoTime });
    const kept = Date.parse(out.installation.data_retained_until) - Date.parse(out.installation.uninstalled_at);
    expect(kept).toBe(30 * 86_400_000);
    await withApp(db, async (t) => {
      expectFailure(await get(t.app, PRODUCTS, key), 403, 'api_key_revoked', 'This API key was revoked.');
    });
    await withDatabase(db, async (database) => {
      const events = await database.prisma.outboxEvent.findMany({ where: { store: { slug: shop }, topic: 'app/uninstalled' } });
      expect(events.map((e: { payload: unknown }) => e.payload)).toEqual([
        { installation_id: installation.id, app, uninstalled_at: out.installation.uninstalled_at, data_retained_until: out.installation.data_retained_until },
      ]);
    });
    // Uninstalling again answers the installation as it is.
    expect((await cliJson('app', 'uninstall', '--store', shop, '--app', app)).installation).toEqual(out.installation);
  });

  it('installs again on the same installation with a new key and the new scopes', async () => {
    const shop = uniqueSlug('apps');
    await cliJson('store', 'create', '--name', 'Returning Shop', '--slug', shop);
    const first = await cliJson('app', 'install', '--store', shop, '--app', app, '--scopes', 'merchant-items-read');
    await cliJson('app', 'uninstall', '--store', shop, '--app', app);
    const again = await cliJson('app', 'install', '--store', shop, '--app', app, '--scopes', 'merchant-orders-read');
    expect(again.installation).toMatchObject({ id: first.installation.id, status: 'installed', scopes: ['merchant-orders-read'], uninstalled_at: null });
    expect(again.key).not.toBe(first.key);
    await withApp(db, async (t) => {
      expectFailure(await get(t.app, PRODUCTS, first.key), 403, 'api_key_revoked');
      expectFailure(await get(t.app, PRODUCTS, again.key), 403, 'insufficient_scope');
    });
  });

  it('answers not_found for an app the store never installed', async () => {
    const shop = uniqueSlug('apps');
    await cliJson('store', 'create', '--name', 'Bare Shop', '--slug', shop);
    expect(await cliFailure('app', 'uninstall', '--store', shop, '--app', app)).toEqual({
      code: 1,
      error: { code: 'not_found', message: `Installation of app "${app}" on store "${shop}" not found.` },
    });
  });
});
