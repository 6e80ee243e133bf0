import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../platform/database/database.js';
import { periodicPass } from '../platform/periodic-pass.js';
import { claimDeliveries } from './claim-deliveries.js';
import { deliverClaimed, type DeliverySettings } from './deliver.js';
import { fanOut } from './fan-out.js';
import { listenForOutbox } from './outbox-wake.js';

/**
 * A claim holds a delivery for a minute, well past the 10 s a POST may take: a relay that dies
 * mid-send leaves its deliveries to be sent again after that. A pass repeats its steps while they
 * find work, up to `rounds`, so a burst drains without waiting for the next tick. A relay that is
 * told of commits (PostgreSQL, `outbox-wake.ts`) starts a pass at each; the tick is the fallback:
 * `busyMs` after a pass that found work, then a pause doubling up to `intervalMs` while idle.
 */
export const relayRules = { eventBatch: 500, deliveryBatch: 100, leaseMs: 60_000, rounds: 20, intervalMs: 250, busyMs: 25 } as const;

export interface RelayOptions extends DeliverySettings {
  log: FastifyBaseLogger;
  /** Relay only these stores' events (a test's own stores); every store's when absent. */
  storeIds?: string[];
  leaseMs?: number;
  /** The PostgreSQL to LISTEN on for commits of outbox events and deliveries; without it (embedded) the relay ticks only. */
  listenUrl?: string;
}

export interface PassResult {
  published: number;
  delivered: number;
}

export interface WebhookRelay {
  /** One pass at `now`: fan out what the outbox holds, then send what is due. */
  runOnce(now?: Date): Promise<PassResult>;
  /** Runs passes until stopped: at each commit it is told of, and on the tick (`relayRules` unless given). */
  start(pacing?: { intervalMs?: number; busyMs?: number }): void;
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

  async function pass(clock: () => Date): Promise<PassResult> {
    const result = { published: 0, delivered: 0 };
    for (let round = 0; round < relayRules.rounds; round += 1) {
      const published = await fanOut(db, { now: clock(), batch: relayRules.eventBatch, storeIds: options.storeIds });
      const now = clock();
      const claimed = await claimDeliveries(db, { now, batch: relayRules.deliveryBatch, leaseMs, storeIds: options.storeIds });
      result.published += published;
      result.delivered += await deliverClaimed(db, claimed, options, now);
      if (!published && !claimed.length) break;
    }
    return result;
  }

  let stopListening: Promise<() => Promise<void>> | undefined;
  return {
    runOnce: (now) => loop.runOnce(() => pass(now ? () => now : () => new Date())),
    start({ intervalMs = relayRules.intervalMs, busyMs = relayRules.busyMs } = {}) {
      const paced = async () => {
        const result = await pass(() => new Date());
        return { busy: result.published > 0 || result.delivered > 0 };
      };
      loop.startPaced(paced, { busyMs: Math.min(busyMs, intervalMs), idleMaxMs: intervalMs });
      if (options.listenUrl) {
        stopListening = listenForOutbox(
          options.listenUrl,
          () => loop.wake(),
          (error) => options.log.warn({ err: error }, 'webhook relay: listening for commits failed; ticking meanwhile'),
        );
      }
    },
    async stop() {
      await (await stopListening)?.();
      await loop.stop();
    },
  };
}
