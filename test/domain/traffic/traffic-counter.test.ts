import { afterEach, describe, expect, it, vi } from 'vitest';
import { tallyIndex } from '../../../src/domain/traffic/page-views.js';
import { TrafficCounter } from '../../../src/domain/traffic/traffic-counter.js';
import { MemoryKv } from '../../../src/platform/kv/memory-kv.js';

// The counter gathers views in the process and hands them to the KV in batches: a page view costs
// no KV round trip, and a busy store's second of views is one tally write and two sketch writes.

const storeId = '00000000-0000-4000-8000-000000000001';
const at = new Date('2026-03-04T05:06:07Z');
const silent = { warn: () => undefined };

/** The real in-memory KV, with its tally and sketch writes counted. */
function countingKv() {
  const kv = new MemoryKv();
  const writes = { tallies: 0, sketches: 0 };
  const addToTally = kv.addToTally.bind(kv);
  const addToSketch = kv.addToSketch.bind(kv);
  kv.addToTally = (index, key, counts) => ((writes.tallies += 1), addToTally(index, key, counts));
  kv.addToSketch = (key, members, ttlMs) => ((writes.sketches += 1), addToSketch(key, members, ttlMs));
  return { kv, writes };
}

const view = (n: number) => ({ storeId, kind: 'product' as const, subject: 'lamp', clientIp: `203.0.113.${n % 250}`, userAgent: `Browser/${n}`, referrer: 'https://news.example.com/a', at });

afterEach(() => vi.useRealTimers());

describe('gathering page views in the process', () => {
  it('hands 500 views of one store and hour to the KV as one tally and two sketch writes', async () => {
    const { kv, writes } = countingKv();
    const counter = new TrafficCounter(kv, silent);
    for (let n = 0; n < 500; n += 1) counter.record(view(n));
    await counter.settled();
    expect(writes).toEqual({ tallies: 1, sketches: 2 });
    const [tally] = await kv.takeTallies(tallyIndex);
    expect(tally!.counts).toEqual({ 'v:product': 500, 'p:lamp': 500, 'r:news.example.com': 500 });
  });

  it('counts each distinct visitor in the hour and day sketches', async () => {
    const { kv } = countingKv();
    const counter = new TrafficCounter(kv, silent);
    for (let n = 0; n < 300; n += 1) counter.record(view(n % 100));
    await counter.settled();
    const keys = [`traffic:visitors:${storeId}:hour:${Date.parse('2026-03-04T05:00:00Z')}`, `traffic:visitors:${storeId}:day:${Date.parse('2026-03-04T00:00:00Z')}`];
    for (const key of keys) expect(Math.abs((await kv.sketchCount(key)) - 100)).toBeLessThanOrEqual(3);
  });

  it('hands views over by itself a second after the first, without anyone waiting for them', async () => {
    const { kv, writes } = countingKv();
    const counter = new TrafficCounter(kv, silent);
    await counter.settled();
    vi.useFakeTimers();
    counter.record(view(1));
    counter.record(view(2));
    await vi.advanceTimersByTimeAsync(999);
    expect(writes.tallies).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(writes.tallies).toBe(1);
    expect((await kv.takeTallies(tallyIndex))[0]!.counts['v:product']).toBe(2);
  });

  it('keeps a view recorded while the day’s salt is still being read', async () => {
    const { kv } = countingKv();
    const counter = new TrafficCounter(kv, silent);
    counter.record(view(1));
    await counter.settled();
    expect((await kv.takeTallies(tallyIndex))[0]!.counts['v:product']).toBe(1);
    expect(await kv.sketchCount(`traffic:visitors:${storeId}:day:${Date.parse('2026-03-04T00:00:00Z')}`)).toBe(1);
  });

  it('splits one hand-over at the hour, and gives the day sketch each visitor of both hours once', async () => {
    const { kv, writes } = countingKv();
    const counter = new TrafficCounter(kv, silent);
    const late = new Date('2026-03-04T05:59:59Z');
    const early = new Date('2026-03-04T06:00:00Z');
    for (const n of [1, 2]) counter.record({ ...view(n), at: late });
    for (const n of [2, 3]) counter.record({ ...view(n), at: early, kind: 'home', subject: undefined, referrer: 'not an address' });
    await counter.settled();
    expect(writes).toEqual({ tallies: 2, sketches: 3 });
    const tallies = Object.fromEntries((await kv.takeTallies(tallyIndex)).map((t) => [t.key.split(':').at(-1), t.counts]));
    expect(tallies).toEqual({
      [Date.parse('2026-03-04T05:00:00Z')]: { 'v:product': 2, 'p:lamp': 2, 'r:news.example.com': 2 },
      [Date.parse('2026-03-04T06:00:00Z')]: { 'v:home': 2 },
    });
    expect(await kv.sketchCount(`traffic:visitors:${storeId}:day:${Date.parse('2026-03-04T00:00:00Z')}`)).toBe(3);
  });
});
