import { afterCommit } from '../platform/database/commit-signals.js';
import type { ScopedClient, StoreDb } from '../platform/database/store-scoped-client.js';
import type { TransactionGate } from '../platform/database/transaction-gate.js';

/** Runs `fn` in one database transaction of the store's client; `withTransaction` is the way in. */
export type Transactor = <T>(fn: (db: StoreDb) => Promise<T>) => Promise<T>;

/**
 * Request transactions are a handful of statements. `maxWait` bounds the wait for a connection
 * (PostgreSQL's pool is 10; PGlite runs one transaction at a time) and `timeout` rolls back a
 * transaction still open after it, so a stuck request cannot hold locks, or the whole embedded
 * database, for long. Isolation is the engine's default, READ COMMITTED.
 */
export const transactionOptions = { maxWait: 5_000, timeout: 10_000 } as const;

/**
 * The store's transactions, each through the process's gate (transaction-gate.ts) when it has one;
 * the catalogue writes of one are announced after it ends, never while a reader could still see the old rows.
 */
export function transactorOf(db: ScopedClient, gate?: TransactionGate): Transactor {
  if (!gate) return (fn) => afterCommit(() => db.$transaction(fn, transactionOptions));
  return (fn) => afterCommit(() => gate.run(() => db.$transaction(fn, transactionOptions)));
}
