/**
 * A background pass run every so often (message delivery, the app data purge): one pass at a time,
 * a failed one reported and the next still run on time, and the timer never keeping the process up.
 */
export interface PeriodicPass {
  /** Runs `pass` now, tracked so `stop` waits for it; answers what it answers. */
  runOnce<T>(pass: () => Promise<T>): Promise<T>;
  /** Runs `pass` now and then every `intervalMs`, skipping a tick while the previous pass runs. */
  start(pass: () => Promise<unknown>, intervalMs: number): void;
  /** Stops the timer and waits for the pass under way. */
  stop(): Promise<void>;
}

export function periodicPass(onError: (error: unknown) => void): PeriodicPass {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  const runOnce = <T>(pass: () => Promise<T>): Promise<T> => {
    const run = pass().finally(() => (running = undefined));
    running = run;
    return run;
  };
  return {
    runOnce,
    start(pass, intervalMs) {
      const tick = () => {
        if (!running) void runOnce(pass).catch(onError);
        timer = setTimeout(tick, intervalMs);
        timer.unref();
      };
      tick();
    },
    async stop() {
      if (timer) clearTimeout(timer);
      timer = undefined;
      await running?.catch(() => undefined);
    },
  };
}
