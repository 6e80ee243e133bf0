import type { Kv, Tally } from './kv.js';

/** What FailoverKv reports: one line when it switches to the fallback, one when it switches back. */
export interface FailoverLog {
  warn(details: object, message: string): void;
  info(details: object, message: string): void;
}

export interface FailoverOptions {
  /** Consecutive failed calls that open the circuit. */
  failureThreshold?: number;
  /** How often, while open, the primary is asked whether it answers again. */
  probeIntervalMs?: number;
  log: FailoverLog;
}

/**
 * A circuit breaker between a shared KV (Redis) and this process's memory. While the primary
 * answers, every call goes to it. A failed call is answered by the fallback; after a few in a row
 * the circuit opens, calls stop trying the primary (so they no longer wait for its timeout), and a
 * background probe pings it until it answers, which closes the circuit again.
 *
 * While open the counters are per process: a rate limit still applies, each process counting its
 * own calls, instead of none at all.
 */
export class FailoverKv implements Kv {
  readonly shared = true;
  private failures = 0;
  private openedAt: number | null = null;
  private probe: NodeJS.Timeout | null = null;
  private closed = false;
  private readonly failureThreshold: number;
  private readonly probeIntervalMs: number;

  constructor(
    private readonly primary: Kv & { ping(): Promise<void> },
    private readonly fallback: Kv,
    private readonly options: FailoverOptions,
  ) {
    this.failureThreshold = options.failureThreshold ?? 3;
    this.probeIntervalMs = options.probeIntervalMs ?? 1000;
  }

  /** True while calls go to the fallback. */
  get isOpen(): boolean {
    return this.openedAt !== null;
  }

  get degraded(): boolean {
    return this.isOpen;
  }

  private async run<T>(call: (kv: Kv) => Promise<T>): Promise<T> {
    if (this.isOpen) return call(this.fallback);
    try {
      const result = await call(this.primary);
      this.failures = 0;
      return result;
    } catch (error) {
      this.failures += 1;
      if (this.failures >= this.failureThreshold) this.open(error);
      return call(this.fallback);
    }
  }

  private open(error: unknown) {
    if (this.isOpen || this.closed) return;
    this.openedAt = Date.now();
    this.options.log.warn(
      { err: error, failures: this.failures },
      'The shared KV store (Redis) is not answering: counters and rate limits now live in this process until it answers again',
    );
    this.scheduleProbe();
  }

  private scheduleProbe() {
    this.probe = setTimeout(() => void this.runProbe(), this.probeIntervalMs);
    this.probe.unref();
  }

  private async runProbe() {
    try {
      await this.primary.ping();
    } catch {
      if (!this.closed) this.scheduleProbe();
      return;
    }
    if (this.closed || this.openedAt === null) return;
    const downMs = Date.now() - this.openedAt;
    this.openedAt = null;
    this.failures = 0;
    this.probe = null;
    this.options.log.info({ downMs }, 'The shared KV store (Redis) answers again: counters and rate limits are shared again');
  }

  increment(key: string, ttlMs: number) {
    return this.run((kv) => kv.increment(key, ttlMs));
  }

  decrement(key: string) {
    return this.run((kv) => kv.decrement(key));
  }

  get(key: string) {
    return this.run((kv) => kv.get(key));
  }

  set(key: string, value: string, options?: { ttlMs?: number; onlyIfAbsent?: boolean }) {
    return this.run((kv) => kv.set(key, value, options));
  }

  getMany(keys: string[]) {
    return this.run((kv) => kv.getMany(keys));
  }

  setMany(entries: [string, string, number?][]) {
    return this.run((kv) => kv.setMany(entries));
  }

  delete(key: string) {
    return this.run((kv) => kv.delete(key));
  }

  addToTally(index: string, key: string, counts: Record<string, number>) {
    return this.run((kv) => kv.addToTally(index, key, counts));
  }

  /** Both stores: tallies kept in memory while Redis was down are taken once it is back. */
  async takeTallies(index: string): Promise<Tally[]> {
    const kept = await this.fallback.takeTallies(index);
    return [...kept, ...(this.isOpen ? [] : await this.run((kv) => (kv === this.fallback ? Promise.resolve([]) : kv.takeTallies(index))))];
  }

  addToSketch(key: string, members: string[], ttlMs: number) {
    return this.run((kv) => kv.addToSketch(key, members, ttlMs));
  }

  sketchCount(key: string) {
    return this.run((kv) => kv.sketchCount(key));
  }

  async close() {
    this.closed = true;
    if (this.probe) clearTimeout(this.probe);
    await Promise.all([this.primary.close(), this.fallback.close()]);
  }
}
