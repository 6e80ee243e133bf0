import type { WebhookSubscription as SubscriptionRow } from '../../generated/prisma/client.js';
import { deliveryListLimits, listDeliveries, type DeliveryWithAttempts } from '../../domain/webhooks/list-deliveries.js';
import { listSubscriptions, subscriptionListLimits } from '../../domain/webhooks/list-subscriptions.js';
import { builder, merchantScope } from '../builder.js';
import { Merchant } from '../merchant/namespace.js';
import { connectionOf, windowOf } from '../shared/connection.js';
import { WebhookDelivery, WebhookSubscription } from './types.js';

builder.objectFields(Merchant, (t) => ({
  webhooks: t.connection({
    type: WebhookSubscription,
    ...merchantScope('merchant-webhooks-read'),
    description: "GET /webhooks: the caller's subscriptions (an installation's key: its own), the oldest first.",
    resolve: async (_m, args, { ctx }) =>
      connectionOf<SubscriptionRow>(await listSubscriptions(ctx, windowOf(args, subscriptionListLimits.maxPageSize, subscriptionListLimits.defaultPageSize))),
  }),
  webhookDeliveries: t.connection({
    type: WebhookDelivery,
    ...merchantScope('merchant-webhooks-read'),
    description: 'GET /webhooks/{webhook}/deliveries: the newest first, each with every attempt.',
    args: { webhookId: t.arg({ type: 'UUID', required: true, description: 'The uuid of a subscription of the caller.' }) },
    resolve: async (_m, args, { ctx }) =>
      connectionOf<DeliveryWithAttempts>(
        await listDeliveries(ctx, args.webhookId, windowOf(args, deliveryListLimits.maxPageSize, deliveryListLimits.defaultPageSize)),
      ),
  }),
}));
