import type { Logger } from 'pino';

/** What a step adds to its line: fields for the JSON log, and a few words for the message. */
export interface StepReport {
  note?: string;
  [field: string]: unknown;
}

/** Runs one step of a start and reports how long it took. */
export type StepTimer = <T>(step: string, work: () => Promise<T>, report?: (result: T) => StepReport) => Promise<T>;

export const untimed: StepTimer = (_step, work) => work();

/**
 * One info line per step, `start: migrations 0.4 s (12 applied already)`, with `step` and `ms` as
 * fields: a start that got slow shows at once which step did.
 */
export function loggedSteps(log: Logger, prefix: string): StepTimer {
  return async (step, work, report) => {
    const began = performance.now();
    const result = await work();
    const ms = Math.round(performance.now() - began);
    const { note, ...fields } = report?.(result) ?? {};
    log.info({ step, ms, ...fields }, `${prefix}: ${step} ${(ms / 1000).toFixed(1)} s${note ? ` (${note})` : ''}`);
    return result;
  };
}
