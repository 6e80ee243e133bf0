import type { FastifyBaseLogger } from 'fastify';
import { Prisma, type Message } from '../generated/prisma/client.js';
import { maskedColumns, SECRET_MASK } from '../domain/messages/message-secrets.js';
import type { Db } from '../platform/database/database.js';
import { onCommitSignal } from '../platform/database/commit-signals.js';
import { periodicPass, type PassOutcome } from '../platform/periodic-pass.js';
import type { Transports } from './transports.js';

/**
 * Retries back off from 30 s, doubling to at most an hour, with ±20% jitter so a provider outage
 * does not end in a thundering herd; after 12 attempts (about 6 hours) a message is `failed` and
 * stays listed by `messages --to`. A claim holds a message for 2 minutes: a worker that dies
 * mid-send leaves it to be sent again after that, so nothing is lost (a message may, rarely, go twice).
 */
export const deliveryRules = {
  batch: 20,
  leaseMs: 120_000,
  firstRetryMs: 30_000,
  maxRetryMs: 3_600_000,
  maxAttempts: 12,
  busyMs: 1000,
  idleMaxMs: 60_000,
} as const;

/** The `lastError` of a message whose secret expired before any attempt delivered it. */
export const expiredUnsent = 'its code or token expired before it was delivered';

export function retryDelayMs(attempt: number, random = Math.random): number {
  const base = Math.min(deliveryRules.maxRetryMs, deliveryRules.firstRetryMs * 2 ** (attempt - 1));
  return Math.round(base * (0.8 + 0.4 * random()));
}

export interface DeliveryWorker {
  /** One pass at `now`: mask expired secrets, claim what is due, send it, settle each; then clear expired bodies. Answers how many were sent. */
  runOnce(now?: Date): Promise<number>;
  /**
   * Runs a pass now and then paced until stopped: a second after a pass that sent something, and
   * when idle a pause doubling up to a minute, cut short by a message this process queues
   * (the `messages` commit signal) and never running past the next retry it saw waiting.
   */
  start(pacing?: { busyMs: number; idleMaxMs: number }): void;
  /** Stops polling and waits for the pass under way. */
  stop(): Promise<void>;
}

/**
 * Sends the messages outbox of every store. It takes the unscoped client because a process
 * delivers for all the stores it serves; it reads and writes only `Message` rows. Several
 * processes may run one each: a message is claimed by a conditional update that only one wins.
 */
export interface DeliveryOptions {
  retentionHours: number;
  log: FastifyBaseLogger;
  /** Deliver only these stores' messages (a worker per shard of stores); every store's when absent. */
  storeIds?: string[];
}

export function deliveryWorker(db: Db, transports: Transports, options: DeliveryOptions): DeliveryWorker {
  const stores = options.storeIds ? { storeId: { in: options.storeIds } } : {};
  const loop = periodicPass((error) => options.log.error({ err: error }, 'message delivery pass failed'));

  async function claim(message: Message, now: Date): Promise<boolean> {
    const { count } = await db.message.updateMany({
      where: { id: message.id, status: 'pending', nextAttemptAt: message.nextAttemptAt },
      data: { nextAttemptAt: new Date(now.getTime() + deliveryRules.leaseMs), attempts: { increment: 1 } },
    });
    return count === 1;
  }

  async function deliver(message: Message, now: Date): Promise<boolean> {
    const attempt = message.attempts + 1;
    try {
      const transport = transports[message.channel];
      if (!transport) throw new Error(`no transport for channel ${message.channel}`);
      await transport.send(message);
      // Handed to someone outside Bazaar, the secret needs no keeping: masked in the same update that records the delivery.
      await db.message.update({
        where: { id: message.id },
        data: { status: 'sent', sentAt: new Date(), lastError: null, ...(transport.delivers ? maskedColumns(message) : {}) },
      });
      return true;
    } catch (error) {
      const lastError = error instanceof Error ? error.message.slice(0, 500) : String(error);
      const giveUp = attempt >= deliveryRules.maxAttempts;
      await db.message.update({
        where: { id: message.id },
        data: giveUp ? { status: 'failed', lastError } : { nextAttemptAt: new Date(now.getTime() + retryDelayMs(attempt)), lastError },
      });
      options.log.warn({ messageId: message.id, channel: message.channel, attempt, giveUp, err: lastError }, 'message delivery failed');
      return false;
    }
  }

  /**
   * A secret past its lifetime is masked out of text and subject, whether or not anyone delivered it
   * (the recording provider's messages, read in the dev mailbox, keep theirs until then); a message
   * still waiting to go is given up, since what it carries no longer works.
   */
  async function maskExpiredSecrets(now: Date): Promise<void> {
    const inStores = options.storeIds ? Prisma.sql`AND "storeId"::text IN (${Prisma.join(options.storeIds)})` : Prisma.empty;
    await db.$executeRaw`
      UPDATE "Message" SET
        "text" = replace("text", "secret", ${SECRET_MASK}),
        "subject" = replace("subject", "secret", ${SECRET_MASK}),
        "lastError" = CASE WHEN "status" = 'pending' THEN ${expiredUnsent} ELSE "lastError" END,
        "status" = CASE WHEN "status" = 'pending' THEN 'failed' ELSE "status" END,
        "secret" = NULL,
        "secretExpiresAt" = NULL
      WHERE "secretExpiresAt" <= ${now} AND "secret" IS NOT NULL ${inStores}`;
  }

  async function pass(now: Date): Promise<{ sent: number; outcome: PassOutcome }> {
    await maskExpiredSecrets(now);
    // The batch is read with the first message not yet due, if any: when it falls due is the longest the loop may pause.
    const waiting = await db.message.findMany({
      where: { ...stores, status: 'pending' },
      orderBy: { nextAttemptAt: 'asc' },
      take: deliveryRules.batch + 1,
    });
    const due = waiting.filter((message) => message.nextAttemptAt <= now).slice(0, deliveryRules.batch);
    const next = waiting.find((message) => message.nextAttemptAt > now);
    let sent = 0;
    for (const message of due) if ((await claim(message, now)) && (await deliver(message, now))) sent += 1;
    await db.message.updateMany({
      where: {
        ...stores,
        status: { in: ['sent', 'failed'] },
        text: { not: null },
        createdAt: { lt: new Date(now.getTime() - options.retentionHours * 3_600_000) },
      },
      data: { text: null },
    });
    return { sent, outcome: { busy: due.length > 0, nextDueInMs: next && next.nextAttemptAt.getTime() - now.getTime() } };
  }

  const mine = options.storeIds && new Set(options.storeIds);
  let stopHearing: (() => void) | undefined;
  return {
    runOnce: async (now = new Date()) => (await loop.runOnce(() => pass(now))).sent,
    start(pacing = { busyMs: deliveryRules.busyMs, idleMaxMs: deliveryRules.idleMaxMs }) {
      stopHearing = onCommitSignal(db, 'messages', (storeId) => {
        if (!mine || mine.has(storeId)) loop.wake();
      });
      loop.startPaced(async () => (await pass(new Date())).outcome, pacing);
    },
    stop: () => {
      stopHearing?.();
      return loop.stop();
    },
  };
}
