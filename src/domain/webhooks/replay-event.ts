import { ApiError } from '../../platform/errors/api-error.js';
import { uuidPattern } from '../../platform/validation/text-rules.js';
import type { Ctx } from '../context.js';
import { withTransaction } from '../transaction.js';
import { findSubscription } from './find-subscription.js';
import type { DeliveryWithAttempts } from './list-deliveries.js';
import { isAppOwnTopic, isTopic, resourceKeyOf } from './topics.js';

/** How far back an event may be replayed. */
export const replayWindowDays = 7;

/**
 * Sends one event of the store again to the subscription, as a new delivery (marked `replay`)
 * queued behind any earlier pending event of the same resource. The event must be of the last
 * seven days and of the subscription's topic; another store's event, or one the subscription could
 * never have received (another app's), is a 404 like an unknown one. A disabled subscription takes
 * replays once it is active again.
 */
export async function replayEvent(ctx: Ctx, rawId: string, rawEventId: string): Promise<DeliveryWithAttempts> {
  return withTransaction(ctx, async (tx) => {
    const subscription = await findSubscription(tx, rawId);
    const event = uuidPattern.test(rawEventId) ? await tx.db.outboxEvent.findFirst({ where: { id: rawEventId.toLowerCase() } }) : null;
    const payload = (event?.payload ?? {}) as Record<string, unknown>;
    const foreign =
      event &&
      isTopic(event.topic) &&
      isAppOwnTopic(event.topic) &&
      subscription.installationId !== null &&
      payload.installation_id !== subscription.installationId;
    if (!event || foreign || !isTopic(event.topic)) throw ApiError.notFound('Event');
    if (event.topic !== subscription.topic)
      throw ApiError.invalidField('eventId', `is a ${event.topic} event; this webhook is subscribed to ${subscription.topic}`);
    if (event.createdAt.getTime() < ctx.now.getTime() - replayWindowDays * 86_400_000) {
      throw ApiError.invalidField('eventId', `is older than ${replayWindowDays} days, the longest an event can be replayed`);
    }
    return tx.db.webhookDelivery.create({
      data: {
        storeId: tx.db.$storeId,
        subscriptionId: subscription.id,
        eventId: event.id,
        eventSequence: event.sequence,
        topic: event.topic,
        resourceKey: resourceKeyOf(event.topic, payload),
        replay: true,
        nextAttemptAt: ctx.now,
        createdAt: ctx.now,
      },
      include: { attemptLog: true },
    });
  });
}
