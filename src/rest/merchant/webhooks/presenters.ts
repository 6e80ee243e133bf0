import type { WebhookSubscription } from '../../../generated/prisma/client.js';
import type { DeliveryWithAttempts } from '../../../domain/webhooks/list-deliveries.js';
import type { SubscriptionWithSecret } from '../../../domain/webhooks/write-subscription.js';
import { isoTimestamp } from '../../kit/format.js';

const timestampOrNull = (date: Date | null) => (date ? isoTimestamp(date) : null);

/** A webhook subscription; its secret is never read back (presentSubscriptionWithSecret answers it once). */
export function presentSubscription(s: WebhookSubscription) {
  return {
    id: s.id,
    topic: s.topic,
    address: s.address,
    fields: s.fields,
    status: s.status,
    disabled_reason: s.disabledReason,
    consecutive_failures: s.consecutiveFailures,
    failing_since: timestampOrNull(s.failingSince),
    previous_secret_expires_at: timestampOrNull(s.previousSecretExpiresAt),
    app_installation_id: s.installationId,
    created_at: isoTimestamp(s.createdAt),
    updated_at: isoTimestamp(s.updatedAt),
  };
}

export function presentSubscriptionWithSecret(s: SubscriptionWithSecret) {
  return { ...presentSubscription(s), secret: s.secret };
}

export function presentDelivery(d: DeliveryWithAttempts) {
  return {
    id: d.id,
    event_id: d.eventId,
    topic: d.topic,
    status: d.status,
    replay: d.replay,
    next_attempt_at: d.status === 'pending' ? isoTimestamp(d.nextAttemptAt) : null,
    succeeded_at: timestampOrNull(d.succeededAt),
    created_at: isoTimestamp(d.createdAt),
    attempts: d.attemptLog.map((a) => ({
      attempted_at: isoTimestamp(a.attemptedAt),
      status_code: a.statusCode,
      latency_ms: a.latencyMs,
      response: a.response,
    })),
  };
}
