import { ApiError } from '../errors/api-error.js';
import { WorkLimiter } from '../concurrency/work-limiter.js';
import type { Db } from './database.js';
import type { TransactionGateSettings } from './database-limits.js';

/** Saturation, not a fault: the write was not started, so the same request may simply be sent again. */
export const overloaded = () =>
  new ApiError('service_unavailable', 'The server is at capacity right now; retry after Retry-After seconds.', {
    headers: { 'retry-after': '1' },
  });

/**
 * A bounded queue in front of a process's transactions: at most `inFlight` run, at most `waiting`
 * wait (first come, first served) for at most `waitMs`, and any other is refused with 503 at once.
 * A burst of writes is shed before the database pool runs dry, so reads keep their connections and
 * no transaction fails waiting for one.
 */
export type TransactionGate = WorkLimiter;

export function transactionGate(settings: TransactionGateSettings): TransactionGate {
  return new WorkLimiter({ concurrency: settings.inFlight, queue: settings.waiting, waitMs: settings.waitMs }, overloaded);
}

const gates = new WeakMap<Db, TransactionGate>();

/** Puts `gate` in front of every store transaction on `db` (openDatabase does, once). */
export function gateTransactions(db: Db, gate: TransactionGate) {
  gates.set(db, gate);
}

/** The gate of `db`'s transactions; none for a client opened without one. */
export function transactionGateOf(db: Db): TransactionGate | undefined {
  return gates.get(db);
}
