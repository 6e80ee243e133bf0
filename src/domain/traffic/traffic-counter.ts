import type { Kv } from '../../platform/kv/kv.js';
import { dayMs, field, referrerHost, sketchKey, startOfDay, startOfHour, tallyIndex, tallyKey, type PageView } from './page-views.js';
import { VisitorIds } from './visitor-id.js';

/** A visitor sketch outlives its period by a day, so a late flush still reads it whole. */
const sketchTtlMs = { hour: dayMs + 3_600_000, day: 2 * dayMs };

/** How long views gather in the process before they reach the KV, and how many visitors may wait. */
const gatherMs = 1_000;
const maxWaitingVisitors = 10_000;

export interface CounterLog {
  warn(details: object, message: string): void;
}

interface Sketch {
  ttlMs: number;
  visitors: Set<string>;
}

/**
 * Counts storefront page views without the read waiting or paying a KV round trip: `record`
 * adds the view to this process's tallies and visitor sets, and once a second (or sooner, past
 * `maxWaitingVisitors`) they reach the KV as one HINCRBY batch per store and hour and one PFADD
 * per sketch, or their in-memory twins. A view costs a hash and a few map updates however busy
 * the store is. `settled` hands everything gathered to the KV at once, so a flush (or a test, or
 * a process stopping) sees every view recorded.
 */
export class TrafficCounter {
  private readonly visitors: VisitorIds;
  /** Views whose visitor hash waits for the day's salt (the first views of a day, once per process). */
  private readonly hashing = new Set<Promise<void>>();
  private tallies = new Map<string, Record<string, number>>();
  private sketches = new Map<string, Sketch>();
  private waitingVisitors = 0;
  private timer: NodeJS.Timeout | null = null;
  private handing: Promise<void> = Promise.resolve();

  constructor(
    private readonly kv: Kv,
    private readonly log: CounterLog,
  ) {
    this.visitors = new VisitorIds(kv);
  }

  record(view: PageView): void {
    const hour = startOfHour(view.at);
    const tally = this.tallyOf(tallyKey(view.storeId, hour));
    bump(tally, field.view(view.kind));
    if (view.kind === 'product' && view.subject) bump(tally, field.product(view.subject));
    const host = referrerHost(view.referrer);
    if (host) bump(tally, field.referrer(host));
    const visitor = this.visitors.of(view.storeId, view.clientIp, view.userAgent, view.at);
    if (typeof visitor === 'string') this.addVisitor(view, hour, visitor);
    else {
      const done = visitor
        .then((id) => this.addVisitor(view, hour, id))
        .catch((error: unknown) => this.log.warn({ err: error, store_id: view.storeId }, 'a storefront visitor could not be counted'))
        .finally(() => this.hashing.delete(done));
      this.hashing.add(done);
    }
    this.timer ??= setTimeout(() => void this.handOver(), gatherMs).unref();
  }

  /** Hands every view recorded so far to the KV; resolves once it holds them. */
  async settled(): Promise<void> {
    await Promise.all([...this.hashing]);
    await this.handOver();
  }

  private tallyOf(key: string) {
    let tally = this.tallies.get(key);
    if (!tally) this.tallies.set(key, (tally = {}));
    return tally;
  }

  private sketchOf(key: string, ttlMs: number) {
    let sketch = this.sketches.get(key);
    if (!sketch) this.sketches.set(key, (sketch = { ttlMs, visitors: new Set() }));
    return sketch;
  }

  private addVisitor(view: PageView, hour: Date, visitor: string) {
    this.sketchOf(sketchKey(view.storeId, 'hour', hour), sketchTtlMs.hour).visitors.add(visitor);
    this.sketchOf(sketchKey(view.storeId, 'day', startOfDay(view.at)), sketchTtlMs.day).visitors.add(visitor);
    if (++this.waitingVisitors >= maxWaitingVisitors) void this.handOver();
  }

  /** One hand-over at a time, so a `settled` returns only after the one under way has landed too. */
  private handOver(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const tallies = this.tallies;
    const sketches = this.sketches;
    this.tallies = new Map();
    this.sketches = new Map();
    this.waitingVisitors = 0;
    this.handing = this.handing.then(() => this.write(tallies, sketches));
    return this.handing;
  }

  private async write(tallies: Map<string, Record<string, number>>, sketches: Map<string, Sketch>) {
    const writes = [
      ...[...tallies].map(([key, counts]) => this.kv.addToTally(tallyIndex, key, counts)),
      ...[...sketches].map(([key, sketch]) => this.kv.addToSketch(key, [...sketch.visitors], sketch.ttlMs)),
    ];
    const failed = (await Promise.allSettled(writes)).filter((r) => r.status === 'rejected');
    if (failed.length) this.log.warn({ err: failed[0]!.reason, failed: failed.length }, 'storefront page views could not be counted');
  }
}

function bump(tally: Record<string, number>, name: string) {
  tally[name] = (tally[name] ?? 0) + 1;
}
