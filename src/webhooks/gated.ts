import type { Db } from '../platform/database/database.js';
import { transactionGateOf } from '../platform/database/transaction-gate.js';

/**
 * Runs one of the relay's transactions through the process's transaction gate, as request
 * transactions go: on the embedded database it takes its turn on the one connection, and on a
 * saturated process it is refused like a request (the pass fails, is logged, and the next one retries).
 */
export function gated<T>(db: Db, transaction: () => Promise<T>): Promise<T> {
  const gate = transactionGateOf(db);
  return gate ? gate.run(transaction) : transaction();
}
