import { HyperLogLog } from './hyperloglog.js';
import type { Kv, Tally } from './kv.js';

interface Entry {
  value: string;
  expiresAt: number | null;
}

export class MemoryKv implements Kv {
  private readonly entries = new Map<string, Entry>();
  private readonly tallies = new Map<string, Map<string, Record<string, number>>>();
  private readonly sketches = new Map<string, { sketch: HyperLogLog; expiresAt: number }>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(private readonly now: () => number = Date.now) {
    // Expired counters would otherwise pile up, one per client and minute.
    this.sweeper = setInterval(() => this.sweep(), 60_000);
    this.sweeper.unref();
  }

  private live(key: string): Entry | undefined {
    const entry = this.entries.get(key);
    if (entry && entry.expiresAt !== null && entry.expiresAt <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  private sweep() {
    for (const key of this.entries.keys()) this.live(key);
    for (const [key, { expiresAt }] of this.sketches) if (expiresAt <= this.now()) this.sketches.delete(key);
  }

  async increment(key: string, ttlMs: number) {
    const entry = this.live(key);
    if (!entry) {
      this.entries.set(key, { value: '1', expiresAt: this.now() + ttlMs });
      return { count: 1, ttlMs };
    }
    entry.value = String(Number(entry.value) + 1);
    return { count: Number(entry.value), ttlMs: entry.expiresAt === null ? ttlMs : entry.expiresAt - this.now() };
  }

  async decrement(key: string) {
    const entry = this.live(key);
    if (entry) entry.value = String(Number(entry.value) - 1);
  }

  async get(key: string) {
    return this.live(key)?.value ?? null;
  }

  async set(key: string, value: string, options: { ttlMs?: number; onlyIfAbsent?: boolean } = {}) {
    if (options.onlyIfAbsent && this.live(key)) return false;
    this.entries.set(key, { value, expiresAt: options.ttlMs ? this.now() + options.ttlMs : null });
    return true;
  }

  async getMany(keys: string[]) {
    return keys.map((key) => this.live(key)?.value ?? null);
  }

  async setMany(entries: [string, string, number?][]) {
    for (const [key, value, ttlMs] of entries) this.entries.set(key, { value, expiresAt: ttlMs ? this.now() + ttlMs : null });
  }

  async delete(key: string) {
    this.entries.delete(key);
  }

  async addToTally(index: string, key: string, counts: Record<string, number>) {
    let filed = this.tallies.get(index);
    if (!filed) this.tallies.set(index, (filed = new Map()));
    const tally = filed.get(key) ?? {};
    for (const [field, by] of Object.entries(counts)) tally[field] = (tally[field] ?? 0) + by;
    filed.set(key, tally);
  }

  async takeTallies(index: string): Promise<Tally[]> {
    const filed = this.tallies.get(index);
    this.tallies.delete(index);
    return [...(filed ?? [])].map(([key, counts]) => ({ key, counts }));
  }

  async addToSketch(key: string, members: string[], ttlMs: number) {
    let kept = this.sketches.get(key);
    if (!kept || kept.expiresAt <= this.now()) this.sketches.set(key, (kept = { sketch: new HyperLogLog(), expiresAt: this.now() + ttlMs }));
    for (const member of members) kept.sketch.add(member);
  }

  async sketchCount(key: string) {
    const kept = this.sketches.get(key);
    return kept && kept.expiresAt > this.now() ? kept.sketch.count() : 0;
  }

  async close() {
    clearInterval(this.sweeper);
    this.entries.clear();
    this.tallies.clear();
    this.sketches.clear();
  }
}
