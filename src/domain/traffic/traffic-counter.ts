import type { Kv } from '../../platform/kv/kv.js';
import { dayMs, field, referrerHost, sketchKey, startOfDay, startOfHour, tallyIndex, tallyKey, type PageView } from './page-views.js';
import { VisitorIds } from './visitor-id.js';

/** A visitor sketch outlives its period by a day, so a late flush still reads it whole. */
const sketchTtlMs = { hour: dayMs + 3_600_000, day: 2 * dayMs };

export interface CounterLog {
  warn(details: object, message: string): void;
}

/**
 * Counts storefront page views without the read waiting: `record` returns at once and the counts
 * reach the KV (one HINCRBY batch and one PFADD batch, or their in-memory twins) after the answer
 * has left. `settled` waits for those in flight, so a flush (or a test) sees every view recorded.
 */
export class TrafficCounter {
  private readonly inFlight = new Set<Promise<void>>();
  private readonly visitors: VisitorIds;

  constructor(
    private readonly kv: Kv,
    private readonly log: CounterLog,
  ) {
    this.visitors = new VisitorIds(kv);
  }

  record(view: PageView): void {
    const done = this.store(view)
      .catch((error: unknown) => this.log.warn({ err: error, store_id: view.storeId }, 'a storefront page view could not be counted'))
      .finally(() => this.inFlight.delete(done));
    this.inFlight.add(done);
  }

  private async store(view: PageView) {
    const hour = startOfHour(view.at);
    const host = referrerHost(view.referrer);
    const counts: Record<string, number> = { [field.view(view.kind)]: 1 };
    if (view.kind === 'product' && view.subject) counts[field.product(view.subject)] = 1;
    if (host) counts[field.referrer(host)] = 1;
    const visitor = await this.visitors.of(view.storeId, view.clientIp, view.userAgent, view.at);
    await Promise.all([
      this.kv.addToTally(tallyIndex, tallyKey(view.storeId, hour), counts),
      this.kv.addToSketch(sketchKey(view.storeId, 'hour', hour), [visitor], sketchTtlMs.hour),
      this.kv.addToSketch(sketchKey(view.storeId, 'day', startOfDay(view.at)), [visitor], sketchTtlMs.day),
    ]);
  }

  async settled(): Promise<void> {
    await Promise.all([...this.inFlight]);
  }
}
