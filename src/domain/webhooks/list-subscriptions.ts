import type { WebhookSubscription } from '../../generated/prisma/client.js';
import type { Ctx } from '../context.js';
import { keysetPage, type KeysetPage, type KeysetWindow } from '../pagination/keyset-page.js';
import { asDate, asString, type KeysetSort } from '../pagination/keyset.js';
import { ownerOf } from './find-subscription.js';

export const subscriptionListLimits = { maxPageSize: 100, defaultPageSize: 20 } as const;

const oldestFirst: KeysetSort<WebhookSubscription> = [
  { field: 'createdAt', direction: 'asc', read: (row) => row.createdAt.toISOString(), parse: asDate },
  { field: 'id', direction: 'asc', read: (row) => row.id, parse: asString },
];

/** The caller's subscriptions (find-subscription.ts says whose), the oldest first, whatever their status. */
export function listSubscriptions(ctx: Ctx, window: KeysetWindow): Promise<KeysetPage<WebhookSubscription>> {
  const owner = ownerOf(ctx);
  return keysetPage(
    ctx,
    {
      binding: { list: 'merchant.webhooks', storeId: ctx.store.id, filters: { installation: owner.installationId } },
      sort: oldestFirst,
      where: owner,
      fetch: (args) => ctx.db.webhookSubscription.findMany(args as Parameters<typeof ctx.db.webhookSubscription.findMany>[0]),
    },
    window,
  );
}
