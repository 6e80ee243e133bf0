/**
 * A background pass run every so often (message delivery, the app data purge): one pass at a time,
 * a failed one reported and the next still run on time, and the timer never keeping the process up.
 */
export interface PeriodicPass {
  /** Runs `pass` now, tracked so `stop` waits for it; answers what it answers. */
  runOnce<T>(pass: () => Promise<T>): Promise<T>;
  /** Runs `pass` now and then every `intervalMs`, skipping a tick while the previous pass runs. */
  start(pass: () => Promise<unknown>, intervalMs: number): void;
  /**
   * Runs `pass` now and again after each pass ends: `busyMs` later when it found work, and when it
   * found none a pause that doubles from `busyMs` up to `idleMaxMs` (never past the work it knows
   * falls due), so an idle process asks its database almost nothing. `wake` cuts a pause short.
   */
  startPaced(pass: () => Promise<PassOutcome>, pacing: { busyMs: number; idleMaxMs: number }): void;
  /** Runs the next pass now (or right after the one under way) instead of at the end of its pause. */
  wake(): void;
  /** Stops the timer and waits for the pass under way. */
  stop(): Promise<void>;
}

/** What a paced pass tells its loop. */
export interface PassOutcome {
  /** Whether it found anything to do: an idle pass lengthens the pause. */
  busy: boolean;
  /** How soon work it saw waiting falls due, in ms; the pause never runs past it. */
  nextDueInMs?: number;
}

export function periodicPass(onError: (error: unknown) => void): PeriodicPass {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  let stopped = false;
  let tickNow: (() => void) | undefined;
  let wokenWhileRunning = false;
  const runOnce = <T>(pass: () => Promise<T>): Promise<T> => {
    const run = pass().finally(() => (running = undefined));
    running = run;
    return run;
  };
  const schedule = (tick: () => void, ms: number) => {
    if (stopped) return;
    timer = setTimeout(tick, ms);
    timer.unref();
  };
  return {
    runOnce,
    start(pass, intervalMs) {
      const tick = () => {
        if (!running) void runOnce(pass).catch(onError);
        schedule(tick, intervalMs);
      };
      tick();
    },
    startPaced(pass, { busyMs, idleMaxMs }) {
      let pause = busyMs;
      const tick = () => {
        timer = undefined;
        wokenWhileRunning = false;
        runOnce(pass).then(
          (outcome) => {
            pause = outcome.busy ? busyMs : Math.min(idleMaxMs, pause * 2);
            const due = outcome.nextDueInMs === undefined ? pause : Math.max(0, Math.min(pause, outcome.nextDueInMs));
            schedule(tick, wokenWhileRunning ? 0 : due);
          },
          (error: unknown) => {
            onError(error);
            pause = busyMs;
            schedule(tick, busyMs);
          },
        );
      };
      tickNow = () => {
        pause = busyMs;
        if (stopped) return;
        // Without a timer a pass is under way (or just ended and about to set one): it is told to go again at once.
        if (!timer) wokenWhileRunning = true;
        else {
          clearTimeout(timer);
          tick();
        }
      };
      tick();
    },
    wake: () => tickNow?.(),
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      await running?.catch(() => undefined);
    },
  };
}
