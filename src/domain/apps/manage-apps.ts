import { z } from 'zod';
import type { App, AppInstallation, Store } from '../../generated/prisma/client.js';
import { storeClientOf, type StoreDb } from '../../platform/database/store-scoped-client.js';
import { ApiError } from '../../platform/errors/api-error.js';
import { parseInput } from '../../platform/validation/parse-input.js';
import { grantedScopes, privateKeyRow } from '../keys/manage-keys.js';
import { findOrInsert } from '../find-or-insert.js';
import { findStoreBySlug, type OperatorCtx } from '../store/manage-stores.js';
import { inStoreTransaction } from '../store-transaction.js';
import { endInstallationSubscriptions } from '../webhooks/write-subscription.js';
import { dataRetainedUntil } from './retention.js';

export type InstallationWithApp = AppInstallation & { app: App };

/** Lower-case letters, digits and dashes: no `_` or `.`, which the app's namespace and type prefix use as separators (namespace.ts). */
const appSlug = z.string().regex(/^[a-z0-9](?:[a-z0-9-]{0,38}[a-z0-9])?$/, { error: 'must be lower-case letters, digits and dashes (1-40)' });

const createInput = z.object({ slug: appSlug, name: z.string().trim().min(1, { error: 'is required' }).max(120) });

/**
 * Registers the app. The insert skips a taken slug instead of failing on the unique index, so
 * concurrent creates of one slug make one app and answer the others 409 `conflict`.
 */
export async function createApp(ctx: OperatorCtx, raw: z.input<typeof createInput>): Promise<App> {
  const input = parseInput(createInput, raw);
  const [app] = await ctx.db.app.createManyAndReturn({ data: [input], skipDuplicates: true });
  if (!app) throw new ApiError('conflict', `An app with slug "${input.slug}" already exists.`);
  return app;
}

async function findApp(ctx: OperatorCtx, slug: string): Promise<App> {
  const app = await ctx.db.app.findUnique({ where: { slug } });
  if (!app) throw ApiError.notFound(`App "${slug}"`);
  return app;
}

const installInput = z.object({
  store: z.string().min(1),
  app: z.string().min(1),
  scopes: z.array(z.string()).min(1, { error: 'grant at least one scope' }),
});

export interface Installed {
  installation: InstallationWithApp;
  /** The installation's private key; shown here once and never stored. */
  secret: string;
}

const alreadyInstalled = (app: App, store: Store, installationId: number) =>
  new ApiError('conflict', `App "${app.slug}" is already installed on store "${store.slug}" (installation ${installationId}); uninstall it first.`);

/**
 * Installs the app on the store with the scopes the merchant granted, and mints the installation's
 * key. An app uninstalled within the retention period is installed again on the same installation
 * (same id, its data kept) with the new scopes; one still installed answers 409 `conflict`.
 * Concurrent installs make one installation and one key: the first install is decided by the unique
 * (store, app) index (findOrInsert), a reinstall by the update that finds the row still uninstalled.
 */
export async function installApp(ctx: OperatorCtx, raw: z.input<typeof installInput>): Promise<Installed> {
  const input = parseInput(installInput, raw);
  const scopes = grantedScopes(input.scopes);
  const store = await findStoreBySlug(ctx, input.store);
  const app = await findApp(ctx, input.app);
  return inStoreTransaction(ctx.db, store.id, async (db, outbox) => {
    const { row, created } = await findOrInsert(
      () => db.appInstallation.findUnique({ where: { storeId_appId: { storeId: store.id, appId: app.id } } }),
      () => db.appInstallation.createManyAndReturn({ data: [{ storeId: store.id, appId: app.id, scopes }], skipDuplicates: true }),
    );
    const installed = created ? row : await reinstall(db, row, scopes);
    if (!installed) throw alreadyInstalled(app, store, row.id);
    const installation = { ...installed, app };
    const { secret, data } = privateKeyRow(store, scopes, `app ${app.slug}`);
    await db.apiKey.create({ data: { ...data, installationId: installation.id, appSlug: app.slug } });
    outbox.append({ topic: 'app/installed', payload: { installation_id: installation.id, app: app.slug, scopes } });
    return { installation, secret };
  });
}

/** Installs an uninstalled installation again with `scopes`; null when it is installed (also by a concurrent install that got there first). */
async function reinstall(db: StoreDb, existing: AppInstallation, scopes: string[]): Promise<AppInstallation | null> {
  if (!existing.uninstalledAt) return null;
  const [row] = await db.appInstallation.updateManyAndReturn({ where: { id: existing.id, uninstalledAt: { not: null } }, data: { scopes, uninstalledAt: null } });
  return row ?? null;
}

/** Every installation of the store, uninstalled ones whose data is still kept included, by id. */
export async function listInstallations(ctx: OperatorCtx, storeSlug: string): Promise<InstallationWithApp[]> {
  const store = await findStoreBySlug(ctx, storeSlug);
  return storeClientOf(ctx.db, store.id).appInstallation.findMany({ orderBy: { id: 'asc' }, include: { app: true } });
}

const uninstallInput = z.object({ store: z.string().min(1), app: z.string().min(1) });

/**
 * Uninstalls the app: its keys are revoked at once (they answer 403 `api_key_revoked`), its data is
 * kept for the retention period, and `app/uninstalled` is recorded in the same transaction.
 * Uninstalling again answers the installation as it is.
 */
export async function uninstallApp(ctx: OperatorCtx, raw: z.input<typeof uninstallInput>): Promise<InstallationWithApp> {
  const input = parseInput(uninstallInput, raw);
  const store = await findStoreBySlug(ctx, input.store);
  const app = await findApp(ctx, input.app);
  return inStoreTransaction(ctx.db, store.id, async (db, outbox) => {
    const existing = await db.appInstallation.findUnique({ where: { storeId_appId: { storeId: store.id, appId: app.id } } });
    if (!existing) throw ApiError.notFound(`Installation of app "${app.slug}" on store "${store.slug}"`);
    if (existing.uninstalledAt) return { ...existing, app };
    await db.apiKey.updateMany({ where: { installationId: existing.id, revokedAt: null }, data: { revokedAt: ctx.now } });
    await endInstallationSubscriptions(db, existing.id);
    const installation = await db.appInstallation.update({ where: { id: existing.id }, data: { uninstalledAt: ctx.now }, include: { app: true } });
    outbox.append({
      topic: 'app/uninstalled',
      payload: {
        installation_id: installation.id,
        app: app.slug,
        uninstalled_at: ctx.now.toISOString(),
        data_retained_until: dataRetainedUntil(ctx.now).toISOString(),
      },
    });
    return installation;
  });
}
