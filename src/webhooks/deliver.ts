import type { OutboxEvent, Store, WebhookSubscription } from '../generated/prisma/client.js';
import { Prisma } from '../generated/prisma/client.js';
import { checkDestination } from '../domain/webhooks/destination.js';
import type { Db } from '../platform/database/database.js';
import { ApiError } from '../platform/errors/api-error.js';
import { DownloadRefused } from '../platform/net/guarded-download.js';
import { guardedPost } from '../platform/net/guarded-post.js';
import type { ClaimedDelivery } from './claim-deliveries.js';
import { recordFinalFailure, recordGone, recordSuccess } from './failing-subscriptions.js';
import { nextAttemptAt } from './retry-schedule.js';
import { secretsInForce, webhookBody, webhookHeaders } from './webhook-request.js';

export const deliveryLimits = { timeoutMs: 10_000, keptResponseBytes: 1024 } as const;

export interface DeliverySettings {
  serverSecret: string;
  retryScheduleS: readonly number[];
  allow: readonly string[];
  random?: () => number;
}

type Subscription = WebhookSubscription & { store: Pick<Store, 'mode'> };
type Event = Pick<OutboxEvent, 'id' | 'storeId' | 'topic' | 'payload' | 'createdAt'>;

interface Outcome {
  statusCode: number | null;
  response: string;
  latencyMs: number;
}

/** Whether a subscription still takes this delivery: an active one, or an ended one its `app/uninstalled`. */
function stillWanted(subscription: Subscription, topic: string): boolean {
  return subscription.status === 'active' || (subscription.status === 'ended' && topic === 'app/uninstalled');
}

async function attempt(delivery: ClaimedDelivery, subscription: Subscription, secrets: string[], event: Event, settings: DeliverySettings, now: Date): Promise<Outcome> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const body = webhookBody(event.payload, subscription.fields);
  try {
    // Checked again at every delivery: a host name that now resolves inward is refused.
    await checkDestination(subscription.store, subscription.address, settings.allow);
    const headers = webhookHeaders({ secrets, event, deliveryId: delivery.id, attempt: delivery.attempts, body }, now);
    const answer = await guardedPost(subscription.address, body, headers, {
      timeoutMs: deliveryLimits.timeoutMs,
      keepBytes: deliveryLimits.keptResponseBytes,
      allow: settings.allow,
    });
    return { statusCode: answer.status, response: answer.body, latencyMs: elapsed() };
  } catch (error) {
    if (error instanceof DownloadRefused) return { statusCode: null, response: `not sent: the address ${error.message}`, latencyMs: elapsed() };
    if (error instanceof ApiError) return { statusCode: null, response: `not sent: the address ${error.message}`, latencyMs: elapsed() };
    throw error;
  }
}

type Sent = { delivery: ClaimedDelivery; subscription: Subscription; outcome: Outcome };

const isSuccess = (outcome: Outcome) => outcome.statusCode !== null && outcome.statusCode >= 200 && outcome.statusCode < 300;

/** What a failed attempt does to its delivery: tried again later, or `failed` for good (every attempt spent, or a 410). */
function retryAt(sent: Sent, settings: DeliverySettings, now: Date): Date | null {
  return sent.outcome.statusCode === 410 ? null : nextAttemptAt(settings.retryScheduleS, sent.delivery.attempts, now, settings.random);
}

/**
 * Settles a batch of attempts in one statement (so one transaction, of a fixed shape whatever the
 * batch): every attempt's log row, and each delivery's new state, written only while the claim is
 * still this process's (the token it claimed with), so a delivery is marked succeeded at most once
 * even when a lease ran out and another process sent it again. Then the subscriptions' failure
 * counts follow (failing-subscriptions.ts): a statement only for a subscription that was failing.
 */
async function settle(db: Db, token: string, sent: Sent[], cancelled: ClaimedDelivery[], settings: DeliverySettings, now: Date): Promise<number> {
  const succeeded = sent.filter((s) => isSuccess(s.outcome));
  const failed = sent.filter((s) => !isSuccess(s.outcome)).map((s) => ({ ...s, retryAt: retryAt(s, settings, now) }));
  const held = Prisma.sql`w."status" = 'pending' AND w."claimToken" = ${token}::uuid`;
  const [settled] = await db.$queryRaw<{ succeeded: number; failed: string[] }[]>`
    WITH cancelled AS (
      UPDATE "WebhookDelivery" w SET "status" = 'cancelled', "claimToken" = NULL, "updatedAt" = ${now}
      WHERE w."id" = ANY(${cancelled.map((d) => d.id)}::uuid[]) AND ${held}
    ), succeeded AS (
      UPDATE "WebhookDelivery" w SET "status" = 'succeeded', "succeededAt" = ${now}, "claimToken" = NULL, "updatedAt" = ${now}
      WHERE w."id" = ANY(${succeeded.map((s) => s.delivery.id)}::uuid[]) AND ${held}
      RETURNING w."id"
    ), failed AS (
      -- A failure is tried again at its time, or (no time left) failed for good.
      UPDATE "WebhookDelivery" w
      SET "status" = CASE WHEN f."retryAt" IS NULL THEN 'failed' ELSE w."status" END,
        "nextAttemptAt" = COALESCE(f."retryAt", w."nextAttemptAt"), "claimToken" = NULL, "updatedAt" = ${now}
      FROM unnest(${failed.map((f) => f.delivery.id)}::uuid[], ${failed.map((f) => f.retryAt)}::timestamptz[]) AS f("id", "retryAt")
      WHERE w."id" = f."id" AND ${held}
      RETURNING w."id", w."status"
    ), attempts AS (
      INSERT INTO "WebhookAttempt" ("id", "storeId", "deliveryId", "attemptedAt", "statusCode", "latencyMs", "response")
      SELECT gen_random_uuid(), a."storeId", a."deliveryId", ${now}, a."statusCode", a."latencyMs", a."response"
      FROM unnest(
        ${sent.map((s) => s.delivery.storeId)}::uuid[], ${sent.map((s) => s.delivery.id)}::uuid[],
        ${sent.map((s) => s.outcome.statusCode)}::int[], ${sent.map((s) => s.outcome.latencyMs)}::int[], ${sent.map((s) => s.outcome.response)}::text[]
      ) AS a("storeId", "deliveryId", "statusCode", "latencyMs", "response")
    )
    SELECT (SELECT count(*) FROM succeeded)::int AS "succeeded", ARRAY(SELECT "id"::text FROM failed WHERE "status" = 'failed') AS "failed"`;
  const failedForGood = new Set(settled?.failed ?? []);
  const recovered = new Map(succeeded.map((s) => [s.subscription.id, s.subscription]));
  for (const subscription of recovered.values()) await recordSuccess(db, subscription);
  for (const f of failed) {
    if (!failedForGood.has(f.delivery.id)) continue;
    if (f.outcome.statusCode === 410) await recordGone(db, f.subscription, now);
    else await recordFinalFailure(db, f.subscription.id, now);
  }
  return settled?.succeeded ?? 0;
}

/** Sends the claimed deliveries at once (each is the head of its resource, so none waits for another) and settles them; answers how many succeeded. */
export async function deliverClaimed(db: Db, claimed: ClaimedDelivery[], settings: DeliverySettings, now: Date): Promise<number> {
  const token = claimed[0]?.claimToken;
  if (!token) return 0;
  const [subscriptions, events] = await Promise.all([
    db.webhookSubscription.findMany({
      where: { id: { in: [...new Set(claimed.map((d) => d.subscriptionId))] } },
      include: { store: { select: { mode: true } } },
    }),
    db.$queryRaw<Event[]>`
      SELECT "id", "storeId", "topic", "payload", "createdAt" FROM "OutboxEvent" WHERE "id" = ANY(${[...new Set(claimed.map((d) => d.eventId))]}::uuid[])`,
  ]);
  const subscriptionOf = new Map(subscriptions.map((s) => [s.id, s]));
  const secretsOf = new Map<string, string[]>();
  const secrets = (subscription: Subscription) => {
    if (!secretsOf.has(subscription.id)) secretsOf.set(subscription.id, secretsInForce(settings.serverSecret, subscription, now));
    return secretsOf.get(subscription.id)!;
  };
  const eventOf = new Map(events.map((e) => [e.id, e]));
  const cancelled: ClaimedDelivery[] = [];
  const sending: Promise<Sent>[] = [];
  for (const delivery of claimed) {
    const subscription = subscriptionOf.get(delivery.subscriptionId);
    const event = eventOf.get(delivery.eventId);
    if (!subscription || !event || !stillWanted(subscription, delivery.topic)) cancelled.push(delivery);
    else sending.push(attempt(delivery, subscription, secrets(subscription), event, settings, now).then((outcome) => ({ delivery, subscription, outcome })));
  }
  return settle(db, token, await Promise.all(sending), cancelled, settings, now);
}
