import type { WebhookAttempt, WebhookDelivery } from '../../generated/prisma/client.js';
import type { Ctx } from '../context.js';
import { keysetPage, type KeysetPage, type KeysetWindow } from '../pagination/keyset-page.js';
import { asDate, asString, type KeysetSort } from '../pagination/keyset.js';
import { findSubscription } from './find-subscription.js';

export const deliveryListLimits = { maxPageSize: 100, defaultPageSize: 20 } as const;

export type DeliveryWithAttempts = WebhookDelivery & { attemptLog: WebhookAttempt[] };

const newestFirst: KeysetSort<DeliveryWithAttempts> = [
  { field: 'createdAt', direction: 'desc', read: (row) => row.createdAt.toISOString(), parse: asDate },
  { field: 'id', direction: 'desc', read: (row) => row.id, parse: asString },
];

/** A subscription's delivery log, the newest first, each delivery with every attempt it took (the oldest first). */
export async function listDeliveries(ctx: Ctx, rawId: string, window: KeysetWindow): Promise<KeysetPage<DeliveryWithAttempts>> {
  const subscription = await findSubscription(ctx, rawId);
  return keysetPage(
    ctx,
    {
      binding: { list: 'merchant.webhook_deliveries', storeId: ctx.store.id, filters: { subscription: subscription.id } },
      sort: newestFirst,
      where: { subscriptionId: subscription.id },
      fetch: (args) =>
        ctx.db.webhookDelivery.findMany({
          ...(args as Parameters<typeof ctx.db.webhookDelivery.findMany>[0]),
          include: { attemptLog: { orderBy: { attemptedAt: 'asc' } } },
        }) as Promise<DeliveryWithAttempts[]>,
    },
    window,
  );
}
