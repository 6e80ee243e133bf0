import type { FastifyBaseLogger } from 'fastify';
import { onCommitSignal } from '../platform/database/commit-signals.js';
import type { Db } from '../platform/database/database.js';
import { periodicPass, type PassOutcome } from '../platform/periodic-pass.js';
import { claimDeliveries } from './claim-deliveries.js';
import { deliverClaimed, type DeliverySettings } from './deliver.js';
import { fanOut } from './fan-out.js';

/**
 * A claim holds a delivery for a minute, well past the 10 s a POST may take: a relay that dies
 * mid-send leaves its deliveries to be sent again after that. A pass repeats its steps while they
 * find work, up to `rounds`, so a burst drains without waiting for the next pass; one that used
 * them all is followed by the next at once. After a pass that found work the next comes `busyMs`
 * later; each idle pass doubles the pause up to `idleMaxMs`, and an event committed in this
 * process wakes the relay at once. So an idle relay asks its database almost nothing, an event of
 * this process is sent as it commits, and one of another process (the CLI, another server) waits
 * at most `idleMaxMs`, as does a retry falling due.
 */
export const relayRules = { eventBatch: 500, deliveryBatch: 100, leaseMs: 60_000, rounds: 20, busyMs: 100, idleMaxMs: 2_000 } as const;

export interface RelayOptions extends DeliverySettings {
  log: FastifyBaseLogger;
  /** Relay only these stores' events (a test's own stores); every store's when absent. */
  storeIds?: string[];
  leaseMs?: number;
}

export interface PassResult {
  published: number;
  delivered: number;
}

export interface WebhookRelay {
  /** One pass at `now`: fan out what the outbox holds, then send what is due. */
  runOnce(now?: Date): Promise<PassResult>;
  start(pacing?: { busyMs: number; idleMaxMs: number }): void;
  stop(): Promise<void>;
}

/**
 * Delivers the outbox as webhooks, for every store (or the given ones). Several processes may each
 * run one on one PostgreSQL: fan-out and claims are safe to run side by side (fan-out.ts,
 * claim-deliveries.ts).
 */
export function webhookRelay(db: Db, options: RelayOptions): WebhookRelay {
  const loop = periodicPass((error) => options.log.error({ err: error }, 'webhook relay pass failed'));
  const leaseMs = options.leaseMs ?? relayRules.leaseMs;

  async function pass(clock: () => Date): Promise<PassResult & PassOutcome> {
    const result = { published: 0, delivered: 0, busy: false, nextDueInMs: undefined as number | undefined };
    for (let round = 0; round < relayRules.rounds; round += 1) {
      const published = await fanOut(db, { now: clock(), batch: relayRules.eventBatch, storeIds: options.storeIds });
      const now = clock();
      const claimed = await claimDeliveries(db, { now, batch: relayRules.deliveryBatch, leaseMs, storeIds: options.storeIds });
      result.published += published;
      result.delivered += await deliverClaimed(db, claimed, options, now);
      if (!published && !claimed.length) return result;
      result.busy = true;
    }
    result.nextDueInMs = 0;
    return result;
  }

  const mine = options.storeIds && new Set(options.storeIds);
  let stopHearing: (() => void) | undefined;
  return {
    runOnce: async (now) => {
      const { published, delivered } = await loop.runOnce(() => pass(now ? () => now : () => new Date()));
      return { published, delivered };
    },
    start(pacing = { busyMs: relayRules.busyMs, idleMaxMs: relayRules.idleMaxMs }) {
      stopHearing = onCommitSignal(db, 'outbox', (storeId) => {
        if (!mine || mine.has(storeId)) loop.wake();
      });
      loop.startPaced(() => pass(() => new Date()), pacing);
    },
    stop: () => {
      stopHearing?.();
      return loop.stop();
    },
  };
}
