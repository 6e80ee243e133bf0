import type { OutboxEvent, Store, WebhookSubscription } from '../generated/prisma/client.js';
import { checkDestination } from '../domain/webhooks/destination.js';
import type { Db } from '../platform/database/database.js';
import { ApiError } from '../platform/errors/api-error.js';
import { DownloadRefused } from '../platform/net/guarded-download.js';
import { guardedPost } from '../platform/net/guarded-post.js';
import type { ClaimedDelivery } from './claim-deliveries.js';
import { recordFinalFailure, recordGone, recordSuccess } from './failing-subscriptions.js';
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
    const headers = webhookHeaders({ serverSecret: settings.serverSecret, subscription, event, deliveryId: delivery.id, attempt: delivery.attempts, body }, now);
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

/**
 * Settles one attempt: its log row, and the delivery's new state, written only while the claim is
 * still this process's (the token it claimed with), so a delivery is marked succeeded at most
 * once even when a lease ran out and another process sent it again.
 */
async function settle(db: Db, delivery: ClaimedDelivery, subscription: Subscription, outcome: Outcome, settings: DeliverySettings, now: Date) {
  const ok = outcome.statusCode !== null && outcome.statusCode >= 200 && outcome.statusCode < 300;
  const gone = outcome.statusCode === 410;
  const retryAt = ok || gone ? null : nextAttemptAt(settings.retryScheduleS, delivery.attempts, now, settings.random);
  const state = ok
    ? { status: 'succeeded', succeededAt: now, claimToken: null }
    : retryAt
      ? { nextAttemptAt: retryAt, claimToken: null }
      : { status: 'failed', claimToken: null };
  const [settled] = await db.$transaction([
    db.webhookDelivery.updateMany({ where: { id: delivery.id, status: 'pending', claimToken: delivery.claimToken }, data: state }),
    db.webhookAttempt.create({
      data: { storeId: delivery.storeId, deliveryId: delivery.id, attemptedAt: now, statusCode: outcome.statusCode, latencyMs: outcome.latencyMs, response: outcome.response },
    }),
  ]);
  if (settled.count !== 1) return false;
  if (ok) await recordSuccess(db, subscription);
  else if (gone) await recordGone(db, subscription, now);
  else if (!retryAt) await recordFinalFailure(db, subscription.id, now);
  return ok;
}

/** Sends the claimed deliveries at once (each is the head of its resource, so none waits for another) and settles each; answers how many succeeded. */
export async function deliverClaimed(db: Db, claimed: ClaimedDelivery[], settings: DeliverySettings, now: Date): Promise<number> {
  if (!claimed.length) return 0;
  const [subscriptions, events] = await Promise.all([
    db.webhookSubscription.findMany({ where: { id: { in: [...new Set(claimed.map((d) => d.subscriptionId))] } }, include: { store: { select: { mode: true } } } }),
    db.outboxEvent.findMany({ where: { id: { in: [...new Set(claimed.map((d) => d.eventId))] } } }),
  ]);
  const subscriptionOf = new Map(subscriptions.map((s) => [s.id, s]));
  const eventOf = new Map(events.map((e) => [e.id, e]));
  const results = await Promise.all(
    claimed.map(async (delivery) => {
      const subscription = subscriptionOf.get(delivery.subscriptionId);
      const event = eventOf.get(delivery.eventId);
      if (!subscription || !event || !stillWanted(subscription, delivery.topic)) {
        await db.webhookDelivery.updateMany({ where: { id: delivery.id, claimToken: delivery.claimToken, status: 'pending' }, data: { status: 'cancelled', claimToken: null } });
        return false;
      }
      return settle(db, delivery, subscription, await attempt(delivery, subscription, event, settings, now), settings, now);
    }),
  );
  return results.filter(Boolean).length;
}
