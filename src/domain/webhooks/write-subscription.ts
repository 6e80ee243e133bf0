import { randomUUID } from 'node:crypto';
import type { WebhookSubscription } from '../../generated/prisma/client.js';
import { ApiError } from '../../platform/errors/api-error.js';
import type { Ctx } from '../context.js';
import { withTransaction } from '../transaction.js';
import { checkDestination } from './destination.js';
import { findSubscription, ownerOf } from './find-subscription.js';
import { newSigningSecret, sealSigningSecret } from './signing.js';
import type { SubscriptionChangeInput, SubscriptionCreateInput } from './subscription-fields.js';
import { topicRules } from './topics.js';

/** A subscription with its signing secret in clear: answered once, at creation and at each rotation. */
export type SubscriptionWithSecret = WebhookSubscription & { secret: string };

/** A subscription sends its topic's resource: the key must be able to read it (403 insufficient_scope naming the scope). */
function requireReadScope(ctx: Ctx, topic: keyof typeof topicRules) {
  const needed = topicRules[topic].readScope;
  if (needed && !ctx.principal.scopes.has(needed)) {
    throw new ApiError('insufficient_scope', `A subscription to ${topic} requires the ${needed} scope, which this key does not carry.`);
  }
}

/**
 * Subscribes the caller (an installation's key: that installation) to one topic at one address,
 * with a new signing secret answered this once. The address is checked before the transaction
 * opens: resolving a host name must not hold a connection.
 */
export async function createSubscription(ctx: Ctx, input: SubscriptionCreateInput): Promise<SubscriptionWithSecret> {
  const topic = input.topic as keyof typeof topicRules;
  requireReadScope(ctx, topic);
  const address = await checkDestination(ctx.store, input.address, ctx.settings.outboundAllow);
  const id = randomUUID();
  const secret = newSigningSecret();
  const subscription = await withTransaction(ctx, async (tx) => {
    const row = await tx.db.webhookSubscription.create({
      data: {
        id,
        storeId: tx.db.$storeId,
        ...ownerOf(ctx),
        topic,
        address,
        fields: input.fields ?? [],
        sealedSecret: sealSigningSecret(ctx.secret, id, secret),
      },
    });
    tx.outbox.append({ topic: 'webhook_subscriptions/create', payload: { id: row.id, topic: row.topic } });
    return row;
  });
  return { ...subscription, secret };
}

/**
 * Changes the address or the fields, or turns a disabled subscription back on (its failure count
 * starts again). An ended subscription (its app was uninstalled) cannot come back.
 */
export async function changeSubscription(ctx: Ctx, rawId: string, input: SubscriptionChangeInput): Promise<WebhookSubscription> {
  const current = await findSubscription(ctx, rawId);
  const address = input.address === undefined ? undefined : await checkDestination(ctx.store, input.address, ctx.settings.outboundAllow);
  return withTransaction(ctx, async (tx) => {
    const found = await findSubscription(tx, current.id);
    if (input.status === 'active' && found.status === 'ended')
      throw ApiError.invalidField('status', 'cannot be active: the app that made this subscription was uninstalled');
    const reactivate = input.status === 'active' && found.status !== 'active';
    const row = await tx.db.webhookSubscription.update({
      where: { id: found.id },
      data: {
        ...(address === undefined ? {} : { address }),
        ...(input.fields === undefined ? {} : { fields: input.fields }),
        ...(reactivate ? { status: 'active', disabledReason: null, consecutiveFailures: 0, failingSince: null } : {}),
      },
    });
    tx.outbox.append({ topic: 'webhook_subscriptions/update', payload: { id: row.id, topic: row.topic } });
    return row;
  });
}

/** Deletes the subscription and, with it, its deliveries still waiting and its delivery log. */
export async function deleteSubscription(ctx: Ctx, rawId: string): Promise<WebhookSubscription> {
  return withTransaction(ctx, async (tx) => {
    const found = await findSubscription(tx, rawId);
    await tx.db.webhookSubscription.delete({ where: { id: found.id } });
    tx.outbox.append({ topic: 'webhook_subscriptions/delete', payload: { id: found.id, topic: found.topic } });
    return found;
  });
}

/**
 * A new signing secret, answered this once. The one it replaces keeps signing for the overlap
 * (a day unless asked otherwise, 0 ends it now), so a receiver that still checks the old secret
 * accepts every delivery until it takes the new one; a rotation during an overlap ends the older one.
 */
export async function rotateSecret(ctx: Ctx, rawId: string, overlapSeconds: number): Promise<SubscriptionWithSecret> {
  const secret = newSigningSecret();
  const subscription = await withTransaction(ctx, async (tx) => {
    const found = await findSubscription(tx, rawId);
    const row = await tx.db.webhookSubscription.update({
      where: { id: found.id },
      data: {
        sealedSecret: sealSigningSecret(ctx.secret, found.id, secret),
        previousSealedSecret: overlapSeconds > 0 ? found.sealedSecret : null,
        previousSecretExpiresAt: overlapSeconds > 0 ? new Date(ctx.now.getTime() + overlapSeconds * 1000) : null,
      },
    });
    tx.outbox.append({ topic: 'webhook_subscriptions/update', payload: { id: row.id, topic: row.topic } });
    return row;
  });
  return { ...subscription, secret };
}

/** An uninstalled app's subscriptions end with it (its `app/uninstalled` event is still sent to it: relay/fan-out.ts). */
export async function endInstallationSubscriptions(db: Ctx['db'], installationId: number): Promise<void> {
  await db.webhookSubscription.updateMany({
    where: { installationId, status: { not: 'ended' } },
    data: { status: 'ended', disabledReason: 'app_uninstalled' },
  });
}
