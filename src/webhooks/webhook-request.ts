import type { OutboxEvent, WebhookSubscription } from '../generated/prisma/client.js';
import { openSigningSecret, signatureHeader } from '../domain/webhooks/signing.js';

/** The version of the payload objects, the merchant API's: a receiver reads it to know what it parses. */
export const webhookApiVersion = 'v1';

/** The body: the event's payload, cut to the subscription's `fields` when it names any. */
export function webhookBody(payload: OutboxEvent['payload'], fields: string[]): string {
  const object = (payload ?? {}) as Record<string, unknown>;
  if (!fields.length) return JSON.stringify(object);
  return JSON.stringify(Object.fromEntries(fields.filter((name) => Object.hasOwn(object, name)).map((name) => [name, object[name]])));
}

/**
 * The secrets in force at `now`: the current one, and the previous one during a rotation's overlap.
 * Opening one derives its key (HKDF), so a batch opens each subscription's once.
 */
export function secretsInForce(serverSecret: string, subscription: WebhookSubscription, now: Date): string[] {
  const secrets = [openSigningSecret(serverSecret, subscription.id, subscription.sealedSecret)];
  if (subscription.previousSealedSecret && subscription.previousSecretExpiresAt && subscription.previousSecretExpiresAt > now) {
    secrets.push(openSigningSecret(serverSecret, subscription.id, subscription.previousSealedSecret));
  }
  return secrets;
}

/** The headers of one delivery attempt (README, *Webhooks*). */
export function webhookHeaders(
  input: { secrets: string[]; event: Pick<OutboxEvent, 'id' | 'topic' | 'storeId' | 'createdAt'>; deliveryId: string; attempt: number; body: string },
  now: Date,
): Record<string, string> {
  const { event } = input;
  return {
    'content-type': 'application/json',
    'user-agent': 'Bazaar-Webhooks/1',
    'bazaar-event-id': event.id,
    'bazaar-delivery-id': input.deliveryId,
    'bazaar-attempt': String(input.attempt),
    'bazaar-topic': event.topic,
    'bazaar-store-id': event.storeId,
    'bazaar-occurred-at': event.createdAt.toISOString(),
    'bazaar-api-version': webhookApiVersion,
    'bazaar-signature': signatureHeader(input.secrets, Math.floor(now.getTime() / 1000), input.body),
  };
}
