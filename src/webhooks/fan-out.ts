import { createHash } from 'node:crypto';
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

/** The first key of `pg_try_advisory_xact_lock(int, int)`: the fan-out of the whole database, one process at a time. */
const FAN_OUT_LOCK = 240_024_001;

/**
 * The second key: 0 for a relay of every store (every production relay), else one drawn from the
 * store set, so relays over disjoint sets of stores (test files sharing one PostgreSQL) do not make
 * each other skip a fan-out. Relays over overlapping but different sets would each fan out alone
 * and lose the sequence order between them: only tests name stores, each file its own.
 */
function fanOutScope(storeIds: string[] | undefined): number {
  if (!storeIds) return 0;
  return createHash('sha256').update([...storeIds].sort().join(',')).digest().readInt32BE(0) || 1;
}

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
      // The lock is taken (or not) once, before any event is read: no lock, no rows.
      const events = await tx.$queryRaw<ClaimedEvent[]>`
      WITH lock AS MATERIALIZED (SELECT pg_try_advisory_xact_lock(${FAN_OUT_LOCK}::int, ${fanOutScope(options.storeIds)}::int) AS locked)
      SELECT "id", "sequence", "storeId", "topic", "payload" FROM "OutboxEvent"
      WHERE (SELECT locked FROM lock) AND "publishedAt" IS NULL ${inStores}
      ORDER BY "sequence" LIMIT ${options.batch}
      FOR UPDATE SKIP LOCKED`;
      if (!events.length) return 0;
      const known = events.filter((event): event is ClaimedEvent & { topic: Topic } => isTopic(event.topic));
      const subscribers = known.length
        ? await tx.$queryRaw<Subscriber[]>`
          SELECT "id", "storeId", "topic", "installationId", "status" FROM "WebhookSubscription"
          WHERE "storeId" = ANY(${[...new Set(known.map((e) => e.storeId))]}::uuid[]) AND "topic" = ANY(${[...new Set(known.map((e) => e.topic))]}::text[])
            AND "status" IN ('active', 'ended')`
        : [];
      const deliveries = known.flatMap((event) =>
        subscribers.filter((subscriber) => receives(subscriber, event)).map((subscriber) => ({ event, subscriber })),
      );
      // One statement, whatever the batch: the deliveries (as columns) inserted and the events marked published.
      await tx.$executeRaw`
      WITH published AS (
        UPDATE "OutboxEvent" SET "publishedAt" = ${options.now} WHERE "id" = ANY(${events.map((e) => e.id)}::uuid[])
      )
      INSERT INTO "WebhookDelivery" ("id", "storeId", "subscriptionId", "eventId", "eventSequence", "topic", "resourceKey", "nextAttemptAt", "updatedAt")
      SELECT gen_random_uuid(), d."storeId", d."subscriptionId", d."eventId", d."eventSequence", d."topic", d."resourceKey", ${options.now}, ${options.now}
      FROM unnest(
        ${deliveries.map((d) => d.event.storeId)}::uuid[], ${deliveries.map((d) => d.subscriber.id)}::uuid[],
        ${deliveries.map((d) => d.event.id)}::uuid[], ${deliveries.map((d) => d.event.sequence)}::bigint[],
        ${deliveries.map((d) => d.event.topic)}::text[], ${deliveries.map((d) => resourceKeyOf(d.event.topic, d.event.payload))}::text[]
      ) AS d("storeId", "subscriptionId", "eventId", "eventSequence", "topic", "resourceKey")`;
      return events.length;
    }, transactionOptions),
  );
}
