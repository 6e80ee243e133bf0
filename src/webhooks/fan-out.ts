import { Prisma } from '../generated/prisma/client.js';
import type { Db } from '../platform/database/database.js';
import type { Topic } from '../domain/events.js';
import { isAppOwnTopic, isTopic, resourceKeyOf } from '../domain/webhooks/topics.js';
import { transactionOptions } from '../domain/transactor.js';
import { gated } from './gated.js';

interface ClaimedEvent {
  id: string;
  sequence: bigint;
  storeId: string;
  topic: string;
  payload: Record<string, unknown>;
}

interface Subscriber {
  id: string;
  storeId: string;
  topic: string;
  installationId: number | null;
  status: string;
}

/** A fixed key of `pg_try_advisory_xact_lock`: the fan-out of the whole database, one process at a time. */
const FAN_OUT_LOCK = 240_024_001;

/**
 * Whether the subscription gets the event: its topic, while it is active. An installation gets the
 * app's own events about itself only; an ended subscription (its app uninstalled) still gets the
 * `app/uninstalled` that ended it, the app's one chance to hear of it.
 */
function receives(subscriber: Subscriber, event: ClaimedEvent & { topic: Topic }): boolean {
  if (subscriber.storeId !== event.storeId || subscriber.topic !== event.topic) return false;
  const own = isAppOwnTopic(event.topic);
  if (own && subscriber.installationId !== null && event.payload.installation_id !== subscriber.installationId) return false;
  if (subscriber.status === 'active') return true;
  return subscriber.status === 'ended' && event.topic === 'app/uninstalled';
}

/**
 * Turns the oldest unpublished outbox events into one delivery per matching subscription and marks
 * them published, in one transaction: a relay killed at any instant either fanned an event out
 * whole or left it for the next pass. Events are claimed with `FOR UPDATE SKIP LOCKED`; the
 * transaction-scoped advisory lock makes one process fan out at a time, so events are fanned out in
 * sequence order and a resource's later event never gets its delivery before an earlier one has
 * its own (delivery.ts keeps them in that order). Answers how many events were published.
 */
export async function fanOut(db: Db, options: { now: Date; batch: number; storeIds?: string[] }): Promise<number> {
  const inStores = options.storeIds ? Prisma.sql`AND "storeId"::text IN (${Prisma.join(options.storeIds)})` : Prisma.empty;
  return gated(db, () =>
    db.$transaction(async (tx) => {
      const [lock] = await tx.$queryRaw<{ locked: boolean }[]>`SELECT pg_try_advisory_xact_lock(${FAN_OUT_LOCK}::bigint) AS locked`;
      if (!lock?.locked) return 0;
      const events = await tx.$queryRaw<ClaimedEvent[]>`
      SELECT "id", "sequence", "storeId", "topic", "payload" FROM "OutboxEvent"
      WHERE "publishedAt" IS NULL ${inStores}
      ORDER BY "sequence" LIMIT ${options.batch}
      FOR UPDATE SKIP LOCKED`;
      if (!events.length) return 0;
      const known = events.filter((event): event is ClaimedEvent & { topic: Topic } => isTopic(event.topic));
      const subscribers = known.length
        ? await tx.webhookSubscription.findMany({
            where: {
              storeId: { in: [...new Set(known.map((e) => e.storeId))] },
              topic: { in: [...new Set(known.map((e) => e.topic))] },
              status: { in: ['active', 'ended'] },
            },
            select: { id: true, storeId: true, topic: true, installationId: true, status: true },
          })
        : [];
      const deliveries = known.flatMap((event) =>
        subscribers
          .filter((subscriber) => receives(subscriber, event))
          .map((subscriber) => ({
            storeId: event.storeId,
            subscriptionId: subscriber.id,
            eventId: event.id,
            eventSequence: event.sequence,
            topic: event.topic,
            resourceKey: resourceKeyOf(event.topic, event.payload),
            nextAttemptAt: options.now,
          })),
      );
      if (deliveries.length) await tx.webhookDelivery.createMany({ data: deliveries });
      await tx.outboxEvent.updateMany({ where: { id: { in: events.map((e) => e.id) } }, data: { publishedAt: options.now } });
      return events.length;
    }, transactionOptions),
  );
}
