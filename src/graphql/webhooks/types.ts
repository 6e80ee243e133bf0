import type { WebhookAttempt as AttemptRow, WebhookSubscription as SubscriptionRow } from '../../generated/prisma/client.js';
import type { DeliveryWithAttempts } from '../../domain/webhooks/list-deliveries.js';
import { subscriptionLimits } from '../../domain/webhooks/subscription-fields.js';
import { builder } from '../builder.js';

// The GraphQL face of the REST webhook objects (src/rest/merchant/webhooks), camelCased.

export const WebhookSubscription = builder.objectRef<SubscriptionRow>('WebhookSubscription').implement({
  description: 'A webhook subscription: one topic sent to one address, signed with its secret (REST GET /webhooks/{webhook}).',
  fields: (t) => ({
    uuid: t.field({ type: 'UUID', description: 'The uuid (REST `id`).', resolve: (s) => s.id }),
    topic: t.exposeString('topic'),
    address: t.exposeString('address'),
    fields: t.exposeStringList('fields', { description: 'The top-level payload fields sent; empty: the whole object.' }),
    status: t.exposeString('status', { description: 'active; disabled (failing too long, or a 410: see disabledReason); ended (its app was uninstalled).' }),
    disabledReason: t.exposeString('disabledReason', { nullable: true, description: 'failing, gone or app_uninstalled.' }),
    consecutiveFailures: t.exposeInt('consecutiveFailures', { description: 'Deliveries in a row that failed after every retry; a success resets it.' }),
    failingSince: t.expose('failingSince', { type: 'DateTime', nullable: true }),
    previousSecretExpiresAt: t.expose('previousSecretExpiresAt', {
      type: 'DateTime',
      nullable: true,
      description: 'Until then the previous secret signs beside the current one.',
    }),
    appInstallationId: t.exposeInt('installationId', { nullable: true, description: "The installation that made it; null for the merchant's own." }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
  }),
});

export const WebhookAttempt = builder.objectRef<AttemptRow>('WebhookAttempt').implement({
  description: 'One POST of a delivery.',
  fields: (t) => ({
    attemptedAt: t.expose('attemptedAt', { type: 'DateTime' }),
    statusCode: t.exposeInt('statusCode', { nullable: true, description: 'Null when no answer came (timeout, connection error, refused address).' }),
    latencyMs: t.exposeInt('latencyMs'),
    response: t.exposeString('response', { description: 'The first 1 KiB of the answer, or why there was none.' }),
  }),
});

export const WebhookDelivery = builder.objectRef<DeliveryWithAttempts>('WebhookDelivery').implement({
  description: 'One event sent to one subscription, with every attempt (REST GET /webhooks/{webhook}/deliveries).',
  fields: (t) => ({
    uuid: t.field({ type: 'UUID', resolve: (d) => d.id }),
    eventId: t.field({ type: 'UUID', description: 'The Bazaar-Event-Id header of its attempts.', resolve: (d) => d.eventId }),
    topic: t.exposeString('topic'),
    status: t.exposeString('status', { description: 'pending, succeeded, failed or cancelled.' }),
    replay: t.exposeBoolean('replay'),
    nextAttemptAt: t.field({ type: 'DateTime', nullable: true, resolve: (d) => (d.status === 'pending' ? d.nextAttemptAt : null) }),
    succeededAt: t.expose('succeededAt', { type: 'DateTime', nullable: true }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    attempts: t.field({ type: [WebhookAttempt], resolve: (d) => d.attemptLog }),
  }),
});

export const WebhookCreateInput = builder.inputType('WebhookCreateInput', {
  description: 'POST /webhooks; the rules are REST\u2019s.',
  fields: (t) => ({
    topic: t.string({ required: true, description: 'A topic Bazaar records; the key also needs the read scope of its resource.' }),
    address: t.string({ required: true, description: 'https (a dev store also takes http), never an internal address.' }),
    fields: t.stringList({
      required: false,
      description: `Up to ${subscriptionLimits.fields} top-level payload field names; absent or empty: the whole object.`,
    }),
  }),
});

export const WebhookUpdateInput = builder.inputType('WebhookUpdateInput', {
  description: 'PATCH /webhooks/{webhook}: the fields sent change.',
  fields: (t) => ({
    address: t.string({ required: false }),
    fields: t.stringList({ required: false }),
    status: t.string({ required: false, description: 'active turns a disabled subscription back on.' }),
  }),
});
