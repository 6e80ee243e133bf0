import { afterCommit } from '../platform/database/commit-signals.js';
import type { Db } from '../platform/database/database.js';
import type { ScopedClient, StoreDb } from '../platform/database/store-scoped-client.js';
import { transactionGateOf } from '../platform/database/transaction-gate.js';
import { tellingCommittedEvents } from './committed-events.js';

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
 * The store's transactions on `root`, each through the process's gate (transaction-gate.ts) when it
 * has one; the catalogue writes of one are announced after it ends, never while a reader could
 * still see the old rows, and its outbox events are told to live listeners once it has committed.
 */
export function transactorOf(root: Db, db: ScopedClient): Transactor {
  const gate = transactionGateOf(root);
  const run = <T>(fn: (db: StoreDb) => Promise<T>) => db.$transaction(fn, transactionOptions);
  if (!gate) return (fn) => tellingCommittedEvents(root, () => afterCommit(() => run(fn)));
  return (fn) => tellingCommittedEvents(root, () => afterCommit(() => gate.run(() => run(fn))));
}
