import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { FailoverKv } from '../../src/platform/kv/failover-kv.js';
import { MemoryKv } from '../../src/platform/kv/memory-kv.js';
import { RedisKv } from '../../src/platform/kv/redis-kv.js';
import { startBlackHole, startPausableProxy } from '../support/tcp.js';

// Issue 5: when Redis stops answering, calls fail fast (a short timeout, nothing queued), a circuit
// breaker switches the KV port to this process's memory, the switch is logged once each way, and
// a background probe switches back when Redis answers again.

const OPENED = 'The shared KV store (Redis) is not answering: counters and rate limits now live in this process until it answers again';
const CLOSED = 'The shared KV store (Redis) answers again: counters and rate limits are shared again';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function recordingLog() {
  const lines: string[] = [];
  return {
    lines,
    log: { warn: (_: object, message: string) => lines.push(`warn: ${message}`), info: (_: object, message: string) => lines.push(`info: ${message}`) },
  };
}

async function until(condition: () => boolean, what: string, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await sleep(20);
  }
}

describe('A Redis that accepts connections and never answers', () => {
  it('is replaced by memory after a few failed calls, with one log line however many calls follow', async () => {
    const blackHole = await startBlackHole();
    cleanups.push(blackHole.close);
    const { lines, log } = recordingLog();
    const kv = new FailoverKv(RedisKv.connect(blackHole.url, { commandTimeoutMs: 100 }), new MemoryKv(), { failureThreshold: 3, probeIntervalMs: 20, log });
    cleanups.push(() => kv.close());

    const counts = [];
    for (let n = 0; n < 6; n += 1) counts.push((await kv.increment('calls', 60_000)).count);
    expect(counts).toEqual([1, 2, 3, 4, 5, 6]);
    expect(kv.isOpen).toBe(true);
    expect(await kv.set('lock', 'a', { onlyIfAbsent: true })).toBe(true);
    expect(await kv.get('lock')).toBe('a');
    await sleep(200); // several failed probes
    expect(lines).toEqual([`warn: ${OPENED}`]);
  });

  it('fails a bare RedisKv call within its timeout instead of queueing it', async () => {
    const blackHole = await startBlackHole();
    cleanups.push(blackHole.close);
    const redis = RedisKv.connect(blackHole.url, { commandTimeoutMs: 100 });
    cleanups.push(() => redis.close());
    await expect(redis.increment('calls', 60_000)).rejects.toThrow(/Redis is not connected \(connect\) after 100 ms/);
  });
});

describe.skipIf(!process.env.REDIS_URL)('A Redis that stops answering and comes back', () => {
  it('is replaced by memory while it is away and used again, shared with other processes, once it answers', async () => {
    const target = new URL(process.env.REDIS_URL!);
    const proxy = await startPausableProxy({ host: target.hostname, port: Number(target.port || 6379) });
    cleanups.push(proxy.close);
    const prefix = `failover:${randomUUID()}:`;
    const { lines, log } = recordingLog();
    const kv = new FailoverKv(RedisKv.connect(proxy.url, { prefix, commandTimeoutMs: 200 }), new MemoryKv(), { failureThreshold: 3, probeIntervalMs: 50, log });
    cleanups.push(() => kv.close());
    // Another process, connected to Redis directly.
    const peer = RedisKv.connect(process.env.REDIS_URL!, { prefix, commandTimeoutMs: 2000 });
    cleanups.push(() => peer.close());

    expect((await kv.increment('shared', 60_000)).count).toBe(1);
    expect((await peer.increment('shared', 60_000)).count).toBe(2);

    proxy.pause();
    const whileAway = [];
    for (let n = 0; n < 4; n += 1) whileAway.push((await kv.increment('local', 60_000)).count);
    expect(whileAway).toEqual([1, 2, 3, 4]);
    expect(kv.isOpen).toBe(true);
    // This process counts on alone meanwhile.
    expect((await kv.increment('shared', 60_000)).count).toBe(1);
    expect((await peer.increment('shared', 60_000)).count).toBe(3);

    proxy.resume();
    await until(() => !kv.isOpen, 'the breaker closes');
    expect((await kv.increment('shared', 60_000)).count).toBe(4);
    expect(lines).toEqual([`warn: ${OPENED}`, `info: ${CLOSED}`]);
  });
});
