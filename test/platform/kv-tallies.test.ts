import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import type { Kv } from '../../src/platform/kv/kv.js';
import { MemoryKv } from '../../src/platform/kv/memory-kv.js';
import { openKv } from '../../src/platform/kv/open-kv.js';
import { RedisKv } from '../../src/platform/kv/redis-kv.js';

// The KV's tallies (counter hashes filed under an index, taken atomically) and sketches
// (HyperLogLog): what traffic analytics buffers in; memory always, Redis when REDIS_URL is set.
const adapters: [string, () => Kv][] = [['memory', () => new MemoryKv()]];
if (process.env.REDIS_URL) {
  adapters.push(['redis', () => RedisKv.connect(process.env.REDIS_URL!, { prefix: `kv-tally:${randomUUID()}:`, commandTimeoutMs: 2000 })]);
  adapters.push(['redis behind the failover', () => openKv(process.env.REDIS_URL, { prefix: `kv-tally:${randomUUID()}:`, commandTimeoutMs: 2000 })]);
}

describe.each(adapters)('KV tallies and sketches (%s)', (_name, open) => {
  const kv = open();
  afterAll(() => kv.close());

  it('adds counts per field, and takes each tally once, however many take at once', async () => {
    await Promise.all(Array.from({ length: 50 }, (_, i) => kv.addToTally('idx', `t${i % 2}`, { a: 1, b: 2 })));
    const taken = await Promise.all([kv.takeTallies('idx'), kv.takeTallies('idx'), kv.takeTallies('idx')]);
    const all = taken.flat().sort((x, y) => x.key.localeCompare(y.key));
    expect(all).toEqual([
      { key: 't0', counts: { a: 25, b: 50 } },
      { key: 't1', counts: { a: 25, b: 50 } },
    ]);
    expect(await kv.takeTallies('idx')).toEqual([]);
  });

  it('estimates the distinct members of a sketch, 0 for none', async () => {
    await kv.addToSketch('s', ['a', 'b', 'a', 'c'], 60_000);
    await kv.addToSketch('s', ['c', 'd'], 60_000);
    expect(await kv.sketchCount('s')).toBe(4);
    expect(await kv.sketchCount('absent')).toBe(0);
  });
});
