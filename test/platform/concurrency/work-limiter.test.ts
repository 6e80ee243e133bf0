import { describe, expect, it } from 'vitest';
import { WorkLimiter } from '../../../src/platform/concurrency/work-limiter.js';

/** A task that runs until the test lets it finish. */
function gate() {
  let open!: () => void;
  const done = new Promise<void>((resolve) => (open = resolve));
  return { done, open };
}

const full = () => new Error('full');

describe('WorkLimiter', () => {
  it('runs as many tasks as its concurrency, queues the next ones in order, and refuses beyond the queue at once', async () => {
    const limiter = new WorkLimiter({ concurrency: 2, queue: 2 }, full);
    const started: number[] = [];
    const gates = [gate(), gate(), gate(), gate()];
    const runs = gates.map((g, i) =>
      limiter.run(async () => {
        started.push(i);
        await g.done;
        return i;
      }),
    );
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    await expect(limiter.run(async () => 'never')).rejects.toThrow('full');
    gates[1]!.open();
    await runs[1];
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual([0, 1, 2]);
    for (const g of gates) g.open();
    expect(await Promise.all(runs)).toEqual([0, 1, 2, 3]);
    expect(started).toEqual([0, 1, 2, 3]);
  });

  it('frees the slot of a task that fails', async () => {
    const limiter = new WorkLimiter({ concurrency: 1, queue: 0 }, full);
    await expect(limiter.run(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await limiter.run(async () => 'ran')).toBe('ran');
  });

  it('refuses a task that waited longer than its wait bound, and the queue goes on without it', async () => {
    const limiter = new WorkLimiter({ concurrency: 1, queue: 1, waitMs: 10 }, full);
    const first = gate();
    const running = limiter.run(() => first.done);
    await expect(limiter.run(async () => 'late')).rejects.toThrow('full');
    first.open();
    await running;
    expect(await limiter.run(async () => 'next')).toBe('next');
  });
});
