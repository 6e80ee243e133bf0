import type { OutboxEvent, Store, WebhookSubscription } from '../generated/prisma/client.js';
import { checkDestination } from '../domain/webhooks/destination.js';
import type { Db } from '../platform/database/database.js';
import { ApiError } from '../platform/errors/api-error.js';
import { DownloadRefused } from '../platform/net/guarded-download.js';
import { guardedPost } from '../platform/net/guarded-post.js';
import type { ClaimedDelivery } from './claim-deliveries.js';
import { recordFinalFailure, recordGone, recordSuccess } from './failing-subscriptions.js';
import { gated } from './gated.js';
import { nextAttemptAt } from './retry-schedule.js';
import { webhookBody, webhookHeaders } from './webhook-request.js';

export const deliveryLimits = { timeoutMs: 10_000, keptResponseBytes: 1024 } as const;

export interface DeliverySettings {
  serverSecret: string;
  retryScheduleS: readonly number[];
  allow: readonly string[];
  random?: () => number;
}

type Subscription = WebhookSubscription & { store: Pick<Store, 'mode'> };

interface Outcome {
  statusCode: number | null;
  response: string;
  latencyMs: number;
}

/** Whether a subscription still takes this delivery: an active one, or an ended one its `app/uninstalled`. */
function stillWanted(subscription: Subscription, topic: string): boolean {
  return subscription.status === 'active' || (subscription.status === 'ended' && topic === 'app/uninstalled');
}

async function attempt(delivery: ClaimedDelivery, subscription: Subscription, event: OutboxEvent, settings: DeliverySettings, now: Date): Promise<Outcome> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const body = webhookBody(event.payload, subscription.fields);
  try {
    // Checked again at every delivery: a host name that now resolves inward is refused.
    await checkDestination(subscription.store, subscription.address, settings.allow);
    const headers = webhookHeaders(
      { serverSecret: settings.serverSecret, subscription, event, deliveryId: delivery.id, attempt: delivery.attempts, body },
      now,
    );
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
function afterFailure(sent: Sent, settings: DeliverySettings, now: Date) {
  const retryAt = sent.outcome.statusCode === 410 ? null : nextAttemptAt(settings.retryScheduleS, sent.delivery.attempts, now, settings.random);
  return retryAt ? { nextAttemptAt: retryAt, claimToken: null } : { status: 'failed', claimToken: null };
}

/**
 * Settles a batch of attempts in one transaction: every attempt's log row, and each delivery's new
 * state, written only while the claim is still this process's (the token it claimed with), so a
 * delivery is marked succeeded at most once even when a lease ran out and another process sent it
 * again. Then the subscriptions' failure counts follow (failing-subscriptions.ts).
 */
async function settle(db: Db, token: string, sent: Sent[], cancelled: ClaimedDelivery[], settings: DeliverySettings, now: Date): Promise<number> {
  const held = (ids: string[]) => ({ id: { in: ids }, status: 'pending', claimToken: token });
  const succeeded = sent.filter((s) => isSuccess(s.outcome));
  const failed = sent.filter((s) => !isSuccess(s.outcome)).map((s) => ({ ...s, next: afterFailure(s, settings, now) }));
  const [, marked, ...failures] = await gated(db, () =>
    db.$transaction([
      db.webhookDelivery.updateMany({ where: held(cancelled.map((d) => d.id)), data: { status: 'cancelled', claimToken: null } }),
      db.webhookDelivery.updateMany({ where: held(succeeded.map((s) => s.delivery.id)), data: { status: 'succeeded', succeededAt: now, claimToken: null } }),
      ...failed.map((f) => db.webhookDelivery.updateMany({ where: held([f.delivery.id]), data: f.next })),
      db.webhookAttempt.createMany({
        data: sent.map(({ delivery, outcome }) => ({
          storeId: delivery.storeId,
          deliveryId: delivery.id,
          attemptedAt: now,
          statusCode: outcome.statusCode,
          latencyMs: outcome.latencyMs,
          response: outcome.response,
        })),
      }),
    ]),
  );
  const recovered = new Map(succeeded.map((s) => [s.subscription.id, s.subscription]));
  for (const subscription of recovered.values()) await recordSuccess(db, subscription);
  for (const [index, f] of failed.entries()) {
    if (failures[index]?.count !== 1 || !('status' in f.next)) continue;
    if (f.outcome.statusCode === 410) await recordGone(db, f.subscription, now);
    else await recordFinalFailure(db, f.subscription.id, now);
  }
  return marked.count;
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
    db.outboxEvent.findMany({ where: { id: { in: [...new Set(claimed.map((d) => d.eventId))] } } }),
  ]);
  const subscriptionOf = new Map(subscriptions.map((s) => [s.id, s]));
  const eventOf = new Map(events.map((e) => [e.id, e]));
  const cancelled: ClaimedDelivery[] = [];
  const sending: Promise<Sent>[] = [];
  for (const delivery of claimed) {
    const subscription = subscriptionOf.get(delivery.subscriptionId);
    const event = eventOf.get(delivery.eventId);
    if (!subscription || !event || !stillWanted(subscription, delivery.topic)) cancelled.push(delivery);
    else sending.push(attempt(delivery, subscription, event, settings, now).then((outcome) => ({ delivery, subscription, outcome })));
  }
  return settle(db, token, await Promise.all(sending), cancelled, settings, now);
}
