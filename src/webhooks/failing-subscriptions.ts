import type { WebhookSubscription } from '../generated/prisma/client.js';
import { writeAlert } from '../domain/apps/alerts/raise-alert.js';
import { enqueueMessage } from '../domain/messages/enqueue-message.js';
import { inStoreTransaction } from '../domain/store-transaction.js';
import type { Db } from '../platform/database/database.js';

/**
 * The disabling rule: a subscription is disabled when a delivery to it fails for good (every
 * attempt spent) and none has succeeded for `disableAfterDays` days, at least `disableAfterFailures`
 * deliveries in a row having failed; a receiver answering 410 Gone disables it at once. Any
 * success resets the count. The merchant (by email to the store's support address) and the owning
 * installation (an app alert) are told when a subscription starts failing and when it is disabled,
 * not at every failure.
 */
export const failureRule = { disableAfterDays: 3, disableAfterFailures: 5 } as const;

type Notice = 'failing' | 'disabled' | 'gone';

const wording: Record<Notice, (s: WebhookSubscription) => { title: string; message: string }> = {
  failing: (s) => ({
    title: 'A webhook is failing',
    message: `Deliveries of ${s.topic} to ${s.address} fail after every retry. It will be disabled if none succeeds for ${failureRule.disableAfterDays} days; replay the failed events once the receiver is fixed.`,
  }),
  disabled: (s) => ({
    title: 'A webhook was disabled',
    message: `Deliveries of ${s.topic} to ${s.address} failed for ${failureRule.disableAfterDays} days, so the subscription was disabled. Fix the receiver, set its status back to active, and replay what it missed.`,
  }),
  gone: (s) => ({
    title: 'A webhook was ended by its receiver',
    message: `${s.address} answered 410 Gone to a delivery of ${s.topic}, so the subscription was disabled.`,
  }),
};

async function tell(db: Db, subscription: WebhookSubscription, notice: Notice, now: Date) {
  const text = wording[notice](subscription);
  await inStoreTransaction(db, subscription.storeId, async (tx, outbox) => {
    const store = await tx.store.findUniqueOrThrow({ where: { id: subscription.storeId } });
    if (store.supportEmail) {
      await enqueueMessage(
        { db: tx, store, now },
        { channel: 'email', recipient: store.supportEmail.toLowerCase(), template: `webhook_${notice}`, subject: text.title, text: text.message },
      );
    }
    if (subscription.installationId !== null) {
      await writeAlert({ db: tx, outbox, now }, subscription.installationId, {
        severity: notice === 'failing' ? 'warning' : 'error',
        ...text,
        dedupeKey: `webhook:${subscription.id}:${notice}`,
      });
    }
  });
}

/** Counts a delivery failed for good, and disables the subscription by the rule; whoever should hear of it is told. */
export async function recordFinalFailure(db: Db, subscriptionId: string, now: Date): Promise<void> {
  const [counted] = await db.$queryRaw<WebhookSubscription[]>`
    UPDATE "WebhookSubscription"
    SET "consecutiveFailures" = "consecutiveFailures" + 1, "failingSince" = COALESCE("failingSince", ${now}), "updatedAt" = ${now}
    WHERE "id" = ${subscriptionId}::uuid AND "status" = 'active'
    RETURNING *`;
  if (!counted) return;
  const failingFor = now.getTime() - (counted.failingSince ?? now).getTime();
  if (counted.consecutiveFailures >= failureRule.disableAfterFailures && failingFor >= failureRule.disableAfterDays * 86_400_000) {
    const { count } = await db.webhookSubscription.updateMany({
      where: { id: subscriptionId, status: 'active' },
      data: { status: 'disabled', disabledReason: 'failing' },
    });
    if (count === 1) await tell(db, counted, 'disabled', now);
  } else if (counted.consecutiveFailures === 1) {
    await tell(db, counted, 'failing', now);
  }
}

/** A receiver that answered 410 Gone wants no more: the subscription is disabled at once. */
export async function recordGone(db: Db, subscription: WebhookSubscription, now: Date): Promise<void> {
  const { count } = await db.webhookSubscription.updateMany({
    where: { id: subscription.id, status: 'active' },
    data: { status: 'disabled', disabledReason: 'gone' },
  });
  if (count === 1) await tell(db, subscription, 'gone', now);
}

/** A success ends a run of failures. */
export async function recordSuccess(db: Db, subscription: WebhookSubscription): Promise<void> {
  if (subscription.consecutiveFailures === 0 && subscription.failingSince === null) return;
  await db.webhookSubscription.updateMany({ where: { id: subscription.id }, data: { consecutiveFailures: 0, failingSince: null } });
}
