import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import type { Kv } from '../../src/platform/kv/kv.js';
import { MemoryKv } from '../../src/platform/kv/memory-kv.js';
import { openKv } from '../../src/platform/kv/open-kv.js';
import { RedisKv } from '../../src/platform/kv/redis-kv.js';

// The KV port's contract, held by both adapters: memory always, Redis when the services run gives REDIS_URL.
const adapters: [string, () => Kv][] = [['memory', () => new MemoryKv()]];
if (process.env.REDIS_URL) {
  adapters.push(['redis', () => RedisKv.connect(process.env.REDIS_URL!, { prefix: `kv-test:${randomUUID()}:`, commandTimeoutMs: 2000 })]);
  adapters.push([
    'redis behind the failover openKv gives the server',
    () => openKv(process.env.REDIS_URL, { prefix: `kv-test:${randomUUID()}:`, commandTimeoutMs: 2000 }),
  ]);
}

describe.each(adapters)('KV port (%s)', (_name, open) => {
  const kv = open();
  afterAll(() => kv.close());

  it('counts increments in a window that expires', async () => {
    expect(await kv.increment('c', 200)).toMatchObject({ count: 1 });
    const second = await kv.increment('c', 200);
    expect(second.count).toBe(2);
    expect(second.ttlMs).toBeGreaterThan(0);
    expect(second.ttlMs).toBeLessThanOrEqual(200);
    await sleep(300);
    expect((await kv.increment('c', 200)).count).toBe(1);
  });

  it('takes one back from a live counter, keeping its window, and leaves an expired one absent', async () => {
    await kv.increment('d', 200);
    await kv.increment('d', 200);
    await kv.decrement('d');
    expect((await kv.increment('d', 200)).count).toBe(2);
    await sleep(300);
    await kv.decrement('d');
    expect(await kv.get('d')).toBeNull();
    expect((await kv.increment('d', 200)).count).toBe(1);
  });

  it('sets, reads and deletes values', async () => {
    expect(await kv.get('v')).toBeNull();
    expect(await kv.set('v', 'one')).toBe(true);
    expect(await kv.get('v')).toBe('one');
    await kv.delete('v');
    expect(await kv.get('v')).toBeNull();
  });

  it('sets several values in one step and reads them in one, an absent key as null', async () => {
    await kv.setMany([
      ['many:a', 'one'],
      ['many:b', 'two', 60_000],
    ]);
    expect(await kv.getMany(['many:a', 'many:absent', 'many:b'])).toEqual(['one', null, 'two']);
    expect(await kv.getMany([])).toEqual([]);
  });

  it('sets only if absent, as a lock does', async () => {
    expect(await kv.set('lock', 'a', { onlyIfAbsent: true, ttlMs: 200 })).toBe(true);
    expect(await kv.set('lock', 'b', { onlyIfAbsent: true, ttlMs: 200 })).toBe(false);
    expect(await kv.get('lock')).toBe('a');
    await sleep(300);
    expect(await kv.set('lock', 'c', { onlyIfAbsent: true })).toBe(true);
  });
});
