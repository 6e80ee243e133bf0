import { Redis } from 'ioredis';
import type { Kv } from './kv.js';

export class RedisKv implements Kv {
  constructor(
    private readonly redis: Redis,
    private readonly prefix = 'bazaar:',
  ) {
    // ioredis reconnects by itself and fails the commands meanwhile; their callers log what it costs them.
    redis.on('error', () => undefined);
  }

  static connect(url: string, prefix?: string): RedisKv {
    // Short command timeout: a Redis that stops answering should cost a request half a second, not hang it.
    return new RedisKv(new Redis(url, { maxRetriesPerRequest: 1, commandTimeout: 500, enableOfflineQueue: true }), prefix);
  }

  async increment(key: string, ttlMs: number) {
    const k = this.prefix + key;
    // One round trip; NX sets the expiry only on the first increment of the window.
    const results = await this.redis.multi().incr(k).pexpire(k, ttlMs, 'NX').pttl(k).exec();
    if (!results) throw new Error('redis transaction aborted');
    const [[incrError, count], , [ttlError, ttl]] = results;
    if (incrError) throw incrError;
    if (ttlError) throw ttlError;
    return { count: Number(count), ttlMs: Math.max(0, Number(ttl)) };
  }

  async get(key: string) {
    return this.redis.get(this.prefix + key);
  }

  async set(key: string, value: string, options: { ttlMs?: number; onlyIfAbsent?: boolean } = {}) {
    const k = this.prefix + key;
    const args: (string | number)[] = [];
    if (options.ttlMs) args.push('PX', options.ttlMs);
    if (options.onlyIfAbsent) args.push('NX');
    const result = await (this.redis.set as (...a: unknown[]) => Promise<string | null>)(k, value, ...args);
    return result === 'OK';
  }

  async delete(key: string) {
    await this.redis.del(this.prefix + key);
  }

  async close() {
    await this.redis.quit();
  }
}
