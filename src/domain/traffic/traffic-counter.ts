import type { Kv } from '../../platform/kv/kv.js';
import { dayMs, field, hourMs, pageKinds, referrerHost, sketchKey, tallyIndex, tallyKey, type PageKind, type PageView } from './page-views.js';
import { VisitorIds } from './visitor-id.js';

/** A visitor sketch outlives its period by a day, so a late flush still reads it whole. */
const sketchTtlMs = { hour: dayMs + 3_600_000, day: 2 * dayMs };

/** How long views gather in the process before they reach the KV, and how many visitors may wait. */
const gatherMs = 1_000;
const maxWaitingVisitors = 10_000;
/** Referer headers whose host is remembered until the next hand-over: a busy page's referrers repeat. */
const maxRememberedReferrers = 1_000;

export interface CounterLog {
  warn(details: object, message: string): void;
}

/** One store's views in one UTC hour, as gathered: counts and visitors, no key strings until the hand-over. */
interface HourViews {
  views: Record<PageKind, number>;
  products: Map<string, number>;
  referrers: Map<string, number>;
  visitors: Set<string>;
}

type Gathered = Map<string, Map<number, HourViews>>;

/**
 * Counts storefront page views without the read waiting or paying a KV round trip: `record`
 * adds the view to this process's counts and visitor set for its store and hour, and once a second
 * (or sooner, past `maxWaitingVisitors`) they reach the KV as one HINCRBY batch per store and hour
 * and one PFADD per hour's and day's sketch, or their in-memory twins. A view costs a hash and a
 * few map updates however busy the store is, and allocates nothing else: the KV's key and field
 * names are built once per store and hour at the hand-over. `settled` hands everything gathered to
 * the KV at once, so a flush (or a test, or a process stopping) sees every view recorded.
 */
export class TrafficCounter {
  private readonly visitors: VisitorIds;
  /** Views whose visitor hash waits for the day's salt (the first views of a day, once per process). */
  private readonly hashing = new Set<Promise<void>>();
  private gathered: Gathered = new Map();
  private referrerHosts = new Map<string, string | null>();
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
    const hour = Math.floor(view.at.getTime() / hourMs) * hourMs;
    const gathered = this.hourOf(view.storeId, hour);
    gathered.views[view.kind] += 1;
    if (view.kind === 'product' && view.subject) bump(gathered.products, view.subject);
    const host = view.referrer ? this.hostOf(view.referrer) : null;
    if (host) bump(gathered.referrers, host);
    const visitor = this.visitors.of(view.storeId, view.clientIp, view.userAgent, view.at);
    if (typeof visitor === 'string') this.addVisitor(gathered, visitor);
    else {
      // Looked up again once hashed: a hand-over in between has taken the counts this view was added to.
      const done = visitor
        .then((id) => this.addVisitor(this.hourOf(view.storeId, hour), id))
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

  private hourOf(storeId: string, hour: number): HourViews {
    let hours = this.gathered.get(storeId);
    if (!hours) this.gathered.set(storeId, (hours = new Map()));
    let views = hours.get(hour);
    if (!views)
      hours.set(hour, (views = { views: { home: 0, product: 0, collection: 0, post: 0 }, products: new Map(), referrers: new Map(), visitors: new Set() }));
    return views;
  }

  private hostOf(referrer: string): string | null {
    let host = this.referrerHosts.get(referrer);
    if (host === undefined) {
      host = referrerHost(referrer);
      if (this.referrerHosts.size < maxRememberedReferrers) this.referrerHosts.set(referrer, host);
    }
    return host;
  }

  private addVisitor(gathered: HourViews, visitor: string) {
    gathered.visitors.add(visitor);
    if (++this.waitingVisitors >= maxWaitingVisitors) void this.handOver();
  }

  /** One hand-over at a time, so a `settled` returns only after the one under way has landed too. */
  private handOver(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const gathered = this.gathered;
    this.gathered = new Map();
    this.referrerHosts = new Map();
    this.waitingVisitors = 0;
    this.handing = this.handing.then(() => this.write(gathered));
    return this.handing;
  }

  private async write(gathered: Gathered) {
    const writes: Promise<void>[] = [];
    for (const [storeId, hours] of gathered) {
      // A day's sketch hears every visitor of its hours in this hand-over, once.
      const days = new Map<number, Set<string>>();
      for (const [hour, views] of hours) {
        const counts = countsOf(views);
        // A visitor hashed after the hand-over that took its view brings no count of its own.
        if (Object.keys(counts).length) writes.push(this.kv.addToTally(tallyIndex, tallyKey(storeId, new Date(hour)), counts));
        if (!views.visitors.size) continue;
        writes.push(this.kv.addToSketch(sketchKey(storeId, 'hour', new Date(hour)), [...views.visitors], sketchTtlMs.hour));
        const day = Math.floor(hour / dayMs) * dayMs;
        const visitors = days.get(day);
        if (visitors) for (const visitor of views.visitors) visitors.add(visitor);
        else days.set(day, new Set(views.visitors));
      }
      for (const [day, visitors] of days) writes.push(this.kv.addToSketch(sketchKey(storeId, 'day', new Date(day)), [...visitors], sketchTtlMs.day));
    }
    const failed = (await Promise.allSettled(writes)).filter((r) => r.status === 'rejected');
    if (failed.length) this.log.warn({ err: failed[0]!.reason, failed: failed.length }, 'storefront page views could not be counted');
  }
}

/** The tally's fields as the KV keeps them: views per kind, per product named, per referrer host. */
function countsOf(gathered: HourViews): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const kind of pageKinds) if (gathered.views[kind]) counts[field.view(kind)] = gathered.views[kind];
  for (const [subject, n] of gathered.products) counts[field.product(subject)] = n;
  for (const [host, n] of gathered.referrers) counts[field.referrer(host)] = n;
  return counts;
}

function bump(counts: Map<string, number>, name: string) {
  counts.set(name, (counts.get(name) ?? 0) + 1);
}
