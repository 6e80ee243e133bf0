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
  close(): Promise<void>;
  /** True when every process of a fleet reads the same values (Redis); absent for one process's memory. */
  readonly shared?: boolean;
  /** True while a store meant to be shared answers from this process's memory instead (Redis down). */
  readonly degraded?: boolean;
}
