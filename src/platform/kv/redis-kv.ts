import { Redis } from 'ioredis';
import type { Kv, Tally } from './kv.js';

export interface RedisKvOptions {
  /** Put before every key, so several deployments (or test files) can share one Redis. */
  prefix?: string;
  /** How long one call may wait for Redis (for the connection, then for the answer) before it fails. */
  commandTimeoutMs?: number;
}

export class RedisKv implements Kv {
  readonly shared = true;
  private connected: Promise<void> | null = null;

  constructor(
    private readonly redis: Redis,
    private readonly prefix = 'bazaar:',
    private readonly timeoutMs = 250,
  ) {
    // ioredis reconnects by itself and fails the commands meanwhile; FailoverKv decides what a failure costs.
    redis.on('error', () => undefined);
  }

  /**
   * Fails fast: a command without an answer within the timeout fails, and nothing is queued while
   * the connection is down, since queued commands would pile up and run late (an increment
   * counted twice, a lock taken after its caller gave up).
   */
  static connect(url: string, { prefix, commandTimeoutMs = 250 }: RedisKvOptions = {}): RedisKv {
    const redis = new Redis(url, {
      commandTimeout: commandTimeoutMs,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      autoResendUnfulfilledCommands: false,
    });
    return new RedisKv(redis, prefix, commandTimeoutMs);
  }

  /** Without an offline queue a command sent before the connection is ready fails at once; it waits for the connection instead, within its timeout. */
  private async ready(): Promise<void> {
    if (this.redis.status === 'ready') return;
    this.connected ??= new Promise((resolve) =>
      this.redis.once('ready', () => {
        this.connected = null;
        resolve();
      }),
    );
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`Redis is not connected (${this.redis.status}) after ${this.timeoutMs} ms`)), this.timeoutMs);
    });
    try {
      await Promise.race([this.connected, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  async ping(): Promise<void> {
    await this.ready();
    await this.redis.ping();
  }

  async increment(key: string, ttlMs: number) {
    await this.ready();
    const k = this.prefix + key;
    // One round trip; NX sets the expiry only on the first increment of the window.
    const results = await this.redis.multi().incr(k).pexpire(k, ttlMs, 'NX').pttl(k).exec();
    if (!results) throw new Error('redis transaction aborted');
    const [[incrError, count], , [ttlError, ttl]] = results;
    if (incrError) throw incrError;
    if (ttlError) throw ttlError;
    return { count: Number(count), ttlMs: Math.max(0, Number(ttl)) };
  }

  async decrement(key: string) {
    await this.ready();
    // A plain DECR of an expired key would create a counter at -1 that never expires.
    await this.redis.eval("if redis.call('exists', KEYS[1]) == 1 then redis.call('decr', KEYS[1]) end return 0", 1, this.prefix + key);
  }

  async get(key: string) {
    await this.ready();
    return this.redis.get(this.prefix + key);
  }

  async set(key: string, value: string, options: { ttlMs?: number; onlyIfAbsent?: boolean } = {}) {
    await this.ready();
    const k = this.prefix + key;
    const args: (string | number)[] = [];
    if (options.ttlMs) args.push('PX', options.ttlMs);
    if (options.onlyIfAbsent) args.push('NX');
    const result = await (this.redis.set as (...a: unknown[]) => Promise<string | null>)(k, value, ...args);
    return result === 'OK';
  }

  async getMany(keys: string[]) {
    if (!keys.length) return [];
    await this.ready();
    return this.redis.mget(keys.map((key) => this.prefix + key));
  }

  async setMany(entries: [string, string, number?][]) {
    if (!entries.length) return;
    await this.ready();
    const step = this.redis.multi();
    for (const [key, value, ttlMs] of entries) {
      if (ttlMs) step.set(this.prefix + key, value, 'PX', ttlMs);
      else step.set(this.prefix + key, value);
    }
    const results = await step.exec();
    const failed = results?.find(([error]) => error);
    if (!results || failed) throw failed?.[0] ?? new Error('redis transaction aborted');
  }

  async delete(key: string) {
    await this.ready();
    await this.redis.del(this.prefix + key);
  }

  async addToTally(index: string, key: string, counts: Record<string, number>) {
    await this.ready();
    const k = this.prefix + key;
    const step = this.redis.multi();
    for (const [field, by] of Object.entries(counts)) step.hincrby(k, field, by);
    await step.sadd(this.prefix + index, key).exec();
  }

  /** MULTI makes each HGETALL, DEL and SREM one step: a process that takes the same tally after it finds it empty. */
  async takeTallies(index: string): Promise<Tally[]> {
    await this.ready();
    const i = this.prefix + index;
    const taken: Tally[] = [];
    for (const key of await this.redis.smembers(i)) {
      const results = await this.redis
        .multi()
        .hgetall(this.prefix + key)
        .del(this.prefix + key)
        .srem(i, key)
        .exec();
      const [[error, fields]] = results ?? [[new Error('redis transaction aborted'), null]];
      if (error) throw error;
      const entries = Object.entries(fields as Record<string, string>);
      if (entries.length) taken.push({ key, counts: Object.fromEntries(entries.map(([field, n]) => [field, Number(n)])) });
    }
    return taken;
  }

  async addToSketch(key: string, members: string[], ttlMs: number) {
    await this.ready();
    const k = this.prefix + key;
    await this.redis
      .multi()
      .pfadd(k, ...members)
      .pexpire(k, ttlMs, 'NX')
      .exec();
  }

  async sketchCount(key: string) {
    await this.ready();
    return this.redis.pfcount(this.prefix + key);
  }

  /** QUIT waits for Redis to answer; one that does not is disconnected instead, so shutting down never hangs on it. */
  async close() {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
