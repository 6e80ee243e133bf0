import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../platform/database/database.js';
import { periodicPass } from '../platform/periodic-pass.js';
import { claimDeliveries } from './claim-deliveries.js';
import { deliverClaimed, type DeliverySettings } from './deliver.js';
import { fanOut } from './fan-out.js';

/**
 * A claim holds a delivery for a minute, well past the 10 s a POST may take: a relay that dies
 * mid-send leaves its deliveries to be sent again after that. A pass repeats its steps while they
 * find work, up to `rounds`, so a burst drains without waiting for the next tick.
 */
export const relayRules = { eventBatch: 500, deliveryBatch: 100, leaseMs: 60_000, rounds: 20, intervalMs: 250 } as const;

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
  start(intervalMs?: number): void;
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

  return {
    runOnce: (now) => loop.runOnce(() => pass(now ? () => now : () => new Date())),
    start: (intervalMs = relayRules.intervalMs) => loop.start(() => pass(() => new Date()), intervalMs),
    stop: () => loop.stop(),
  };
}
