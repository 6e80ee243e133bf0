import { randomUUID } from 'node:crypto';
import { Prisma } from '../generated/prisma/client.js';
import type { Db } from '../platform/database/database.js';

export interface ClaimedDelivery {
  id: string;
  storeId: string;
  subscriptionId: string;
  eventId: string;
  topic: string;
  /** Attempts made, this one included. */
  attempts: number;
  claimToken: string;
}

/**
 * Claims up to `batch` due deliveries for one process: each row locked with `FOR UPDATE SKIP LOCKED`
 * (another process takes others), its `nextAttemptAt` moved past the lease and a fresh claim token
 * set, so a process that dies mid-send leaves it to be claimed again after the lease: delivered at
 * least once. Only the head of each subscription's resource is due: a delivery waits while an
 * earlier event of the same resource to the same subscription is still pending (the head-of-line
 * rule), whatever that one's next attempt time; other resources never wait for it.
 */
export async function claimDeliveries(db: Db, options: { now: Date; batch: number; leaseMs: number; storeIds?: string[] }): Promise<ClaimedDelivery[]> {
  const inStores = options.storeIds ? Prisma.sql`AND d."storeId"::text IN (${Prisma.join(options.storeIds)})` : Prisma.empty;
  const leaseEnd = new Date(options.now.getTime() + options.leaseMs);
  return db.$queryRaw<ClaimedDelivery[]>`
    WITH due AS (
      SELECT d."id" FROM "WebhookDelivery" d
      WHERE d."status" = 'pending' AND d."nextAttemptAt" <= ${options.now} ${inStores}
        AND NOT EXISTS (
          SELECT 1 FROM "WebhookDelivery" e
          WHERE e."subscriptionId" = d."subscriptionId" AND e."resourceKey" = d."resourceKey" AND e."status" = 'pending'
            AND (e."eventSequence", e."createdAt", e."id") < (d."eventSequence", d."createdAt", d."id"))
      ORDER BY d."nextAttemptAt", d."eventSequence"
      LIMIT ${options.batch}
      FOR UPDATE OF d SKIP LOCKED
    )
    UPDATE "WebhookDelivery" w
    SET "nextAttemptAt" = ${leaseEnd}, "claimToken" = ${randomUUID()}::uuid, "attempts" = w."attempts" + 1, "updatedAt" = ${options.now}
    FROM due WHERE w."id" = due."id"
    RETURNING w."id", w."storeId", w."subscriptionId", w."eventId", w."topic", w."attempts", w."claimToken"::text AS "claimToken"`;
}
