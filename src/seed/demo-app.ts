import type { Store } from '../generated/prisma/client.js';
import { installApp } from '../domain/apps/manage-apps.js';
import { storeClientOf } from '../platform/database/store-scoped-client.js';
import type { OperatorCtx } from '../domain/store/manage-stores.js';

export const demoAppSlug = 'demo-shipping-sync';

/**
 * The demo store's installed app, so GraphiQL shows an installation with a setup sheet and an alert
 * (`merchant { appInstallations { … } }` with the demo private key). Its key is minted and not kept:
 * an app's key is shown once, and the demo needs none.
 */
export async function seedDemoApp(ctx: OperatorCtx, store: Store): Promise<void> {
  const app = await ctx.db.app.upsert({ where: { slug: demoAppSlug }, create: { slug: demoAppSlug, name: 'Shipping Sync (demo)' }, update: {} });
  const { installation } = await installApp(ctx, {
    store: store.slug,
    app: app.slug,
    scopes: ['merchant-app_setup-update', 'merchant-app_alerts-create', 'merchant-orders-read', 'merchant-items-read'],
  });
  const db = storeClientOf(ctx.db, store.id);
  await db.appSetupSheet.create({
    data: {
      installationId: installation.id,
      storeId: store.id,
      status: 'connected',
      items: [
        {
          key: 'carrier_account',
          label: 'Carrier account',
          value: 'ACME-204-55',
          sensitive: false,
          copyable: true,
          instructions: 'Quote it when you call the carrier.',
        },
        {
          key: 'tracking_page',
          label: 'Tracking page',
          value: 'https://track.example/demo',
          sensitive: false,
          copyable: true,
          instructions: 'Link it from your order emails.',
        },
      ],
    },
  });
  await db.appAlert.create({
    data: {
      storeId: store.id,
      installationId: installation.id,
      severity: 'info',
      title: 'Rates synced',
      message: 'The carrier rates for 3 zones are up to date.',
    },
  });
}
