import { randomUUID } from 'node:crypto';
import type { Store } from '../../src/generated/prisma/client.js';
import { createApp, installApp } from '../../src/domain/apps/manage-apps.js';
import type { Database } from '../../src/platform/database/database.js';

export interface TestInstallation {
  id: number;
  appSlug: string;
  key: string;
}

/** A new app installed on the store with these scopes: its installation id, app slug and private key. */
export async function installTestApp(database: Database, store: Store, scopes: string[]): Promise<TestInstallation> {
  const ctx = { db: database.prisma, now: new Date() };
  const app = await createApp(ctx, { slug: `app-${randomUUID().slice(0, 8)}`, name: 'Test App' });
  const { installation, secret } = await installApp(ctx, { store: store.slug, app: app.slug, scopes });
  return { id: installation.id, appSlug: app.slug, key: secret };
}
