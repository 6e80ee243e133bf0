import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { periodicPass, type PassOutcome } from '../../src/platform/periodic-pass.js';

// A paced loop on a controllable clock: when each pass ran, in ms since the start.

let loop: ReturnType<typeof periodicPass>;
let ranAt: number[];
let start: number;

beforeEach(() => {
  vi.useFakeTimers();
  start = Date.now();
  ranAt = [];
  loop = periodicPass((error) => {
    throw error;
  });
});
afterEach(async () => {
  await loop.stop();
  vi.useRealTimers();
});

function pace(outcomes: (n: number) => PassOutcome, pacing = { busyMs: 100, idleMaxMs: 800 }) {
  loop.startPaced(async () => {
    ranAt.push(Date.now() - start);
    return outcomes(ranAt.length);
  }, pacing);
}

describe('a paced pass', () => {
  it('doubles its pause after each idle pass, up to the most it may wait', async () => {
    pace(() => ({ busy: false }));
    await vi.advanceTimersByTimeAsync(3_000);
    expect(ranAt).toEqual([0, 200, 600, 1_400, 2_200, 3_000]);
  });

  it('goes back to its shortest pause once a pass finds work', async () => {
    pace((n) => ({ busy: n === 4 }));
    await vi.advanceTimersByTimeAsync(1_600);
    expect(ranAt).toEqual([0, 200, 600, 1_400, 1_500]);
  });

  it('never pauses past the work a pass saw waiting', async () => {
    pace((n) => ({ busy: false, nextDueInMs: n === 3 ? 50 : undefined }));
    await vi.advanceTimersByTimeAsync(1_500);
    expect(ranAt).toEqual([0, 200, 600, 650, 1_450]);
  });

  it('runs at once when woken during a pause, and starts its pauses over', async () => {
    pace(() => ({ busy: false }));
    await vi.advanceTimersByTimeAsync(1_000);
    expect(ranAt).toEqual([0, 200, 600]);
    loop.wake();
    await vi.advanceTimersByTimeAsync(0);
    expect(ranAt).toEqual([0, 200, 600, 1_000]);
    await vi.advanceTimersByTimeAsync(200);
    expect(ranAt).toEqual([0, 200, 600, 1_000, 1_200]);
  });

  it('runs again right after a pass that was under way when woken', async () => {
    let release!: () => void;
    loop.startPaced(
      () => {
        ranAt.push(Date.now() - start);
        if (ranAt.length > 1) return Promise.resolve({ busy: false });
        return new Promise<PassOutcome>((resolve) => (release = () => resolve({ busy: false })));
      },
      { busyMs: 100, idleMaxMs: 800 },
    );
    loop.wake();
    release();
    await vi.advanceTimersByTimeAsync(0);
    expect(ranAt).toEqual([0, 0]);
  });

  it('runs no pass once stopped, woken or not', async () => {
    pace(() => ({ busy: false }));
    await loop.stop();
    loop.wake();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(ranAt).toEqual([0]);
  });
});
