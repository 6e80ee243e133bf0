import type { Kv } from './kv.js';
import { MemoryKv } from './memory-kv.js';
import { RedisKv } from './redis-kv.js';

export function openKv(redisUrl: string | undefined, prefix?: string): Kv {
  return redisUrl ? RedisKv.connect(redisUrl, prefix) : new MemoryKv();
}
