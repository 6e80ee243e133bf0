import { randomUUID } from 'node:crypto';
import { merchantScopes } from '../../src/auth/scopes.js';
import { createApp, installApp } from '../../src/domain/apps/manage-apps.js';
import type { MetafieldDefinition } from '../../src/generated/prisma/client.js';
import type { Database } from '../../src/platform/database/database.js';
import type { TestStore } from './stores.js';

/** Registers an app with a fresh slug (apps are global) and installs it on the store: its slug and the installation's key. */
export async function installTestApp(database: Database, shop: TestStore, scopes: string[] = [...merchantScopes]) {
  const ctx = { db: database.prisma, now: new Date() };
  const slug = `app-${randomUUID().slice(0, 8)}`;
  await createApp(ctx, { slug, name: `App ${slug}` });
  const { installation, secret } = await installApp(ctx, { store: shop.store.slug, app: slug, scopes });
  return { slug, installationId: installation.id, key: secret };
}

/** A metafield definition written as an operator would (no API call): a fixture for value and read tests. */
export function defineMetafield(
  database: Database,
  shop: TestStore,
  fullKey: string,
  type: string,
  extra: { ownerType?: string; storefrontVisible?: boolean; validations?: { name: string; value: unknown }[] } = {},
): Promise<MetafieldDefinition> {
  const dot = fullKey.lastIndexOf('.');
  return database.prisma.metafieldDefinition.create({
    data: {
      storeId: shop.store.id,
      ownerType: extra.ownerType ?? 'product',
      namespace: fullKey.slice(0, dot),
      key: fullKey.slice(dot + 1),
      name: fullKey,
      type,
      validations: (extra.validations ?? []) as object[],
      storefrontVisible: extra.storefrontVisible ?? false,
    },
  });
}
