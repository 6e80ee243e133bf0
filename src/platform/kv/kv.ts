/**
 * What processes share: counters, short-lived values and locks. In memory for one process,
 * Redis when several processes serve one store.
 */
export interface Kv {
  /** Adds one to a counter that expires `ttlMs` after its first increment; answers the new count and the time left. */
  increment(key: string, ttlMs: number): Promise<{ count: number; ttlMs: number }>;
  /** Takes one back from a counter that is still live, keeping its expiry; an expired or absent counter stays absent. */
  decrement(key: string): Promise<void>;
  get(key: string): Promise<string | null>;
  /** Stores a value; `onlyIfAbsent` makes it a lock-style set that answers false when the key exists. */
  set(key: string, value: string, options?: { ttlMs?: number; onlyIfAbsent?: boolean }): Promise<boolean>;
  delete(key: string): Promise<void>;
  /** The values of several keys, read in one atomic step (MGET): no `setMany` is seen half done. */
  getMany(keys: string[]): Promise<(string | null)[]>;
  /** Stores several values in one atomic step, each expiring `ttlMs` after (none without). */
  setMany(entries: [key: string, value: string, ttlMs?: number][]): Promise<void>;
  /** Adds `counts` to the fields of the counter hash `key` and files `key` under `index`, both in one step. */
  addToTally(index: string, key: string, counts: Record<string, number>): Promise<void>;
  /**
   * Every tally filed under `index`, each read, deleted and unfiled in one atomic step: of two
   * processes taking at once, one gets a tally and the other nothing, so no count is read twice.
   */
  takeTallies(index: string): Promise<Tally[]>;
  /** Adds members to the HyperLogLog `key` (PFADD), which expires `ttlMs` after its first add. */
  addToSketch(key: string, members: string[], ttlMs: number): Promise<void>;
  /** The HyperLogLog's estimate of its distinct members (PFCOUNT); 0 when absent. */
  sketchCount(key: string): Promise<number>;
  close(): Promise<void>;
  /** True when every process of a fleet reads the same values (Redis); absent for one process's memory. */
  readonly shared?: boolean;
  /** True while a store meant to be shared answers from this process's memory instead (Redis down). */
  readonly degraded?: boolean;
}

/** A counter hash taken out of the KV. */
export interface Tally {
  key: string;
  counts: Record<string, number>;
}
