import { describe, expect, it } from 'vitest';
import { HyperLogLog } from '../../src/platform/kv/hyperloglog.js';

// The in-memory HyperLogLog (16,384 registers, as Redis keeps): a standard error of about 0.81 %.

describe('HyperLogLog', () => {
  it.each([100, 5_000, 200_000])('estimates %i distinct members within 3 percent (about four standard errors)', (distinct) => {
    const sketch = new HyperLogLog();
    for (let i = 0; i < distinct; i += 1) sketch.add(`visitor-${distinct}-${i}`);
    expect(Math.abs(sketch.count() - distinct) / distinct).toBeLessThan(0.03);
  });

  it('counts a member added again once', () => {
    const sketch = new HyperLogLog();
    for (let round = 0; round < 10; round += 1) for (let i = 0; i < 50; i += 1) sketch.add(`v${i}`);
    expect(sketch.count()).toBe(50);
  });

  it('answers 0 when empty', () => {
    expect(new HyperLogLog().count()).toBe(0);
  });
});
