import type { Kv } from './kv.js';

interface Entry {
  value: string;
  expiresAt: number | null;
}

export class MemoryKv implements Kv {
  private readonly entries = new Map<string, Entry>();
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

  async delete(key: string) {
    this.entries.delete(key);
  }

  async close() {
    clearInterval(this.sweeper);
    this.entries.clear();
  }
}
