import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, installApp, uninstallApp } from '../../../src/domain/apps/manage-apps.js';
import type { Store } from '../../../src/generated/prisma/client.js';
import type { Database } from '../../../src/platform/database/database.js';
import { ApiError } from '../../../src/platform/errors/api-error.js';
import { makeStore } from '../../support/stores.js';
import { openTestDatabase } from '../../support/test-app.js';

// `app create` and `app install` sent many times at once, called as the CLI calls them (the
// operator's unscoped client). PGlite runs one transaction at a time, so the race is real only on
// PostgreSQL; the embedded run checks the same answers one after another.
const racers = 10;

let database: Database;
const operator = () => ({ db: database.prisma, now: new Date() });

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const race = <T>(call: () => Promise<T>) => Promise.allSettled(Array.from({ length: racers }, call));
const winners = <T>(results: PromiseSettledResult<T>[]) => results.filter((r): r is PromiseFulfilledResult<T> => r.status === 'fulfilled').map((r) => r.value);
/** The refusals as the CLI prints them: anything but an ApiError would be a 500. */
const refusals = (results: PromiseSettledResult<unknown>[]) =>
  results
    .filter((r): r is PromiseRejectedResult => r.status === 'rejected')
    .map(({ reason }) => (reason instanceof ApiError ? { code: reason.code, message: reason.message } : reason));

const newSlug = () => `app-${randomUUID().slice(0, 8)}`;
const scopes = ['merchant-items-read'];

async function installationState(store: Store, appSlug: string) {
  const installations = await database.prisma.appInstallation.findMany({ where: { storeId: store.id, app: { slug: appSlug } } });
  const keys = await database.prisma.apiKey.findMany({ where: { installationId: { in: installations.map((i) => i.id) } } });
  const events = await database.prisma.outboxEvent.findMany({ where: { storeId: store.id, topic: 'app/installed' } });
  return { installations, keys, events };
}

describe('app create, sent at once with one slug', () => {
  it('creates one app and refuses every other create with 409 conflict', async () => {
    const slug = newSlug();
    const results = await race(() => createApp(operator(), { slug, name: 'Stock Sync' }));
    expect(winners(results)).toEqual([expect.objectContaining({ slug, name: 'Stock Sync' })]);
    expect(refusals(results)).toEqual(Array.from({ length: racers - 1 }, () => ({ code: 'conflict', message: `An app with slug "${slug}" already exists.` })));
    expect(await database.prisma.app.count({ where: { slug } })).toBe(1);
  });
});

describe('app install, sent at once for one app on one store', () => {
  it('installs once, mints one key, and refuses every other install with 409 conflict naming the installation', async () => {
    const { store } = await makeStore(database);
    const app = await createApp(operator(), { slug: newSlug(), name: 'Reviews Sync' });
    const results = await race(() => installApp(operator(), { store: store.slug, app: app.slug, scopes }));

    const [won, ...more] = winners(results);
    expect(more).toEqual([]);
    const { installations, keys, events } = await installationState(store, app.slug);
    expect(installations.map((i) => ({ id: i.id, scopes: i.scopes, uninstalledAt: i.uninstalledAt }))).toEqual([
      { id: won.installation.id, scopes, uninstalledAt: null },
    ]);
    expect(won.installation.app.slug).toBe(app.slug);
    expect(keys.map((k) => ({ installationId: k.installationId, revokedAt: k.revokedAt }))).toEqual([{ installationId: won.installation.id, revokedAt: null }]);
    expect(events.map((e) => e.payload)).toEqual([{ installation_id: won.installation.id, app: app.slug, scopes }]);
    const message = `App "${app.slug}" is already installed on store "${store.slug}" (installation ${won.installation.id}); uninstall it first.`;
    expect(refusals(results)).toEqual(Array.from({ length: racers - 1 }, () => ({ code: 'conflict', message })));
  });

  it('installs an uninstalled app again once: the same installation, one new key, every other install 409 conflict', async () => {
    const { store } = await makeStore(database);
    const app = await createApp(operator(), { slug: newSlug(), name: 'Reviews Sync' });
    const first = await installApp(operator(), { store: store.slug, app: app.slug, scopes });
    await uninstallApp(operator(), { store: store.slug, app: app.slug });
    const granted = ['merchant-items-read', 'merchant-app_setup-update'];
    const results = await race(() => installApp(operator(), { store: store.slug, app: app.slug, scopes: granted }));

    const [won, ...more] = winners(results);
    expect(more).toEqual([]);
    expect(won.installation.id).toBe(first.installation.id);
    const { installations, keys, events } = await installationState(store, app.slug);
    expect(installations.map((i) => ({ id: i.id, scopes: i.scopes, uninstalledAt: i.uninstalledAt }))).toEqual([
      { id: first.installation.id, scopes: won.installation.scopes, uninstalledAt: null },
    ]);
    expect(keys.filter((k) => k.revokedAt === null)).toHaveLength(1);
    expect(keys).toHaveLength(2);
    expect(events).toHaveLength(2);
    const message = `App "${app.slug}" is already installed on store "${store.slug}" (installation ${first.installation.id}); uninstall it first.`;
    expect(refusals(results)).toEqual(Array.from({ length: racers - 1 }, () => ({ code: 'conflict', message })));
  });
});
