import { z } from 'zod';
import type { KeysetWindow } from '../../../domain/pagination/keyset-page.js';
import { deliveryListLimits } from '../../../domain/webhooks/list-deliveries.js';
import { subscriptionListLimits } from '../../../domain/webhooks/list-subscriptions.js';
import { rotateShape, subscriptionChangeShape, subscriptionCreateShape, subscriptionLimits } from '../../../domain/webhooks/subscription-fields.js';
import { webhookTopics } from '../../../domain/webhooks/topics.js';
import { cursorParam, integerParam } from '../../../platform/validation/wire-params.js';
import { isoTimestamp, uuid } from '../../kit/common-schemas.js';
import { listAnswer, singleAnswer } from '../../kit/envelope.js';
import { wireObject } from '../../kit/wire-object.js';

function listQuery(limits: { maxPageSize: number; defaultPageSize: number }) {
  return z
    .looseObject({
      limit: integerParam(1, limits.maxPageSize).meta({ description: `Page size, default ${limits.defaultPageSize}.` }),
      starting_after: cursorParam,
    })
    .transform((q): KeysetWindow => ({ size: q.limit ?? limits.defaultPageSize, after: q.starting_after }));
}

export const webhookListQuery = listQuery(subscriptionListLimits);
export const deliveryListQuery = listQuery(deliveryListLimits);

export const webhookParams = z.object({ webhook: z.string().meta({ description: 'The uuid of a webhook subscription of the caller.' }) });

export const webhookCreateBody = wireObject(subscriptionCreateShape).meta({
  description: [
    `topic: one of ${webhookTopics.join(', ')}; the key must also carry the read scope of the topic's resource (403 insufficient_scope naming it).`,
    'address: an https URL (a dev store also takes http) that does not resolve to an internal address.',
    `fields: up to ${subscriptionLimits.fields} top-level payload field names to send; absent or empty sends the whole object.`,
  ].join(' '),
});

export const webhookChangeBody = wireObject(subscriptionChangeShape).meta({
  description: 'Any of address and fields (as on create); status: active turns a disabled subscription back on, its failure count starting again.',
});

export const rotateBody = wireObject(rotateShape)
  .optional()
  .meta({
    description: `overlap_seconds (0-${subscriptionLimits.maxOverlapSeconds}, default ${subscriptionLimits.defaultOverlapSeconds}): how long the previous secret keeps signing beside the new one.`,
  });

export const replayBody = z.strictObject({
  event_id: z.string({ error: 'is required' }).meta({ description: 'The id of an event of the last 7 days (the Bazaar-Event-Id header of its deliveries).' }),
});

const timestampOrNull = isoTimestamp.nullable();

export const merchantWebhook = z
  .strictObject({
    id: uuid,
    topic: z.string(),
    address: z.string(),
    fields: z.array(z.string()),
    status: z
      .enum(['active', 'disabled', 'ended'])
      .meta({ description: 'disabled: failing too long or answered 410 (see disabled_reason); ended: its app was uninstalled.' }),
    disabled_reason: z.enum(['failing', 'gone', 'app_uninstalled']).nullable(),
    consecutive_failures: z.int().meta({ description: 'Deliveries in a row that failed after every retry; a success resets it.' }),
    failing_since: timestampOrNull,
    previous_secret_expires_at: timestampOrNull.meta({ description: 'Until then the previous secret signs every delivery beside the current one.' }),
    app_installation_id: z.int().nullable().meta({ description: "The installation that made it; null for the merchant's own." }),
    created_at: isoTimestamp,
    updated_at: isoTimestamp,
  })
  .meta({ id: 'MerchantWebhook', description: 'A webhook subscription: one topic sent to one address, signed with its secret.' });

export const merchantWebhookWithSecret = merchantWebhook
  .extend({ secret: z.string().meta({ description: 'The signing secret, shown in this answer only.' }) })
  .meta({ id: 'MerchantWebhookWithSecret' });

export const merchantWebhookDelivery = z
  .strictObject({
    id: uuid,
    event_id: uuid,
    topic: z.string(),
    status: z.enum(['pending', 'succeeded', 'failed', 'cancelled']),
    replay: z.boolean(),
    next_attempt_at: timestampOrNull,
    succeeded_at: timestampOrNull,
    created_at: isoTimestamp,
    attempts: z.array(
      z.strictObject({
        attempted_at: isoTimestamp,
        status_code: z.int().nullable().meta({ description: 'Null when no answer came (timeout, connection error, refused address).' }),
        latency_ms: z.int(),
        response: z.string().meta({ description: 'The first 1 KiB of the answer, or why there was none.' }),
      }),
    ),
  })
  .meta({ id: 'MerchantWebhookDelivery', description: 'One event sent to one subscription, with every attempt.' });

export const webhookAnswer = singleAnswer(merchantWebhook);
export const webhookWithSecretAnswer = singleAnswer(merchantWebhookWithSecret);
export const webhookListAnswer = listAnswer(merchantWebhook);
export const deliveryAnswer = singleAnswer(merchantWebhookDelivery);
export const deliveryListAnswer = listAnswer(merchantWebhookDelivery);
