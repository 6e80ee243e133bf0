import { scope } from '../../../auth/requirements.js';
import { listDeliveries } from '../../../domain/webhooks/list-deliveries.js';
import { findSubscription } from '../../../domain/webhooks/find-subscription.js';
import { listSubscriptions } from '../../../domain/webhooks/list-subscriptions.js';
import { replayEvent } from '../../../domain/webhooks/replay-event.js';
import { subscriptionLimits } from '../../../domain/webhooks/subscription-fields.js';
import { changeSubscription, createSubscription, deleteSubscription, rotateSecret } from '../../../domain/webhooks/write-subscription.js';
import { list, single } from '../../kit/envelope.js';
import { defineRoute } from '../../kit/route.js';
import { MERCHANT_PREFIX } from '../paths.js';
import { presentDelivery, presentSubscription, presentSubscriptionWithSecret } from './presenters.js';
import {
  deliveryAnswer,
  deliveryListAnswer,
  deliveryListQuery,
  replayBody,
  rotateBody,
  webhookAnswer,
  webhookChangeBody,
  webhookCreateBody,
  webhookListAnswer,
  webhookListQuery,
  webhookParams,
  webhookWithSecretAnswer,
} from './schemas.js';

const tag = 'Webhooks';
const whose = "An app installation's key sees and manages its installation's subscriptions only; a key the merchant minted, the merchant's own.";

export const webhookRoutes = [
  defineRoute({
    method: 'GET',
    url: '/webhooks',
    operationId: 'listMerchantWebhooks',
    tag,
    summary: "The caller's webhook subscriptions, the oldest first",
    description: whose,
    auth: scope('merchant-webhooks-read'),
    designed: true,
    query: webhookListQuery,
    answer: webhookListAnswer,
    wireNames: { size: 'limit' },
    handle: async (ctx, { query }) => {
      const page = await listSubscriptions(ctx, query);
      return { body: list('Webhooks', page.rows.map(presentSubscription), page) };
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/webhooks',
    operationId: 'createMerchantWebhook',
    tag,
    summary: 'Subscribe an address to a topic; the answer shows the signing secret, this once',
    description: whose,
    auth: scope('merchant-webhooks-write'),
    designed: true,
    body: webhookCreateBody,
    answer: webhookWithSecretAnswer,
    status: 201,
    handle: async (ctx, { body }) => {
      const created = await createSubscription(ctx, body);
      return { body: single('Webhook created', presentSubscriptionWithSecret(created)), headers: { location: `${MERCHANT_PREFIX}/webhooks/${created.id}` } };
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/webhooks/:webhook',
    operationId: 'getMerchantWebhook',
    tag,
    summary: 'A webhook subscription',
    auth: scope('merchant-webhooks-read'),
    designed: true,
    params: webhookParams,
    answer: webhookAnswer,
    handle: async (ctx, { params }) => ({ body: single('Webhook', presentSubscription(await findSubscription(ctx, params.webhook))) }),
  }),
  defineRoute({
    method: 'PATCH',
    url: '/webhooks/:webhook',
    operationId: 'updateMerchantWebhook',
    tag,
    summary: 'Change the address or fields of a webhook subscription, or turn a disabled one back on',
    auth: scope('merchant-webhooks-write'),
    designed: true,
    params: webhookParams,
    body: webhookChangeBody,
    answer: webhookAnswer,
    handle: async (ctx, { params, body }) => ({ body: single('Webhook updated', presentSubscription(await changeSubscription(ctx, params.webhook, body))) }),
  }),
  defineRoute({
    method: 'DELETE',
    url: '/webhooks/:webhook',
    operationId: 'deleteMerchantWebhook',
    tag,
    summary: 'Delete a webhook subscription, its pending deliveries and its delivery log',
    auth: scope('merchant-webhooks-write'),
    designed: true,
    params: webhookParams,
    answer: webhookAnswer,
    handle: async (ctx, { params }) => ({ body: single('Webhook deleted', presentSubscription(await deleteSubscription(ctx, params.webhook))) }),
  }),
  defineRoute({
    method: 'POST',
    url: '/webhooks/:webhook/rotate-secret',
    operationId: 'rotateMerchantWebhookSecret',
    tag,
    summary: 'Replace the signing secret; the previous one keeps signing beside it for the overlap',
    description: 'During the overlap every delivery carries two v1 signatures in Bazaar-Signature, the new secret first.',
    auth: scope('merchant-webhooks-write'),
    designed: true,
    params: webhookParams,
    body: rotateBody,
    answer: webhookWithSecretAnswer,
    handle: async (ctx, { params, body }) => {
      const rotated = await rotateSecret(ctx, params.webhook, body?.overlapSeconds ?? subscriptionLimits.defaultOverlapSeconds);
      return { body: single('Webhook secret rotated', presentSubscriptionWithSecret(rotated)) };
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/webhooks/:webhook/deliveries',
    operationId: 'listMerchantWebhookDeliveries',
    tag,
    summary: 'The delivery log of a webhook subscription, the newest first, each with every attempt',
    auth: scope('merchant-webhooks-read'),
    designed: true,
    params: webhookParams,
    query: deliveryListQuery,
    answer: deliveryListAnswer,
    wireNames: { size: 'limit' },
    handle: async (ctx, { params, query }) => {
      const page = await listDeliveries(ctx, params.webhook, query);
      return { body: list('Webhook deliveries', page.rows.map(presentDelivery), page) };
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/webhooks/:webhook/replay',
    operationId: 'replayMerchantWebhookEvent',
    tag,
    summary: 'Send an event of the last 7 days to the subscription again',
    description:
      'The event must be of the subscription’s topic; another store’s event is a 404. The new delivery is queued behind earlier pending events of the same resource.',
    auth: scope('merchant-webhooks-write'),
    designed: true,
    params: webhookParams,
    body: replayBody,
    answer: deliveryAnswer,
    status: 202,
    handle: async (ctx, { params, body }) => ({
      body: single('Webhook replay queued', presentDelivery(await replayEvent(ctx, params.webhook, body.event_id))),
    }),
  }),
];
