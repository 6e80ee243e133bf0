import { FailoverKv, type FailoverLog } from './failover-kv.js';
import type { Kv } from './kv.js';
import { MemoryKv } from './memory-kv.js';
import { RedisKv } from './redis-kv.js';

export interface OpenKvOptions {
  prefix?: string;
  commandTimeoutMs?: number;
  failureThreshold?: number;
  probeIntervalMs?: number;
  /** Where the switches to and from the in-process fallback are reported; silent when absent. */
  log?: FailoverLog;
}

const silent: FailoverLog = { warn: () => undefined, info: () => undefined };

/** Memory for one process; with a Redis URL, Redis behind a circuit breaker that falls back to memory while Redis does not answer. */
export function openKv(redisUrl: string | undefined, options: OpenKvOptions = {}): Kv {
  if (!redisUrl) return new MemoryKv();
  const { prefix, commandTimeoutMs, failureThreshold, probeIntervalMs, log = silent } = options;
  return new FailoverKv(RedisKv.connect(redisUrl, { prefix, commandTimeoutMs }), new MemoryKv(), { failureThreshold, probeIntervalMs, log });
}
