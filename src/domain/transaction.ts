import { afterCommit } from '../platform/database/catalog-writes.js';
import type { ScopedClient } from '../platform/database/store-scoped-client.js';
import type { TransactionGate } from '../platform/database/transaction-gate.js';
import type { Ctx, Transactor } from './context.js';
import { createLoaders } from './loaders.js';
import { Outbox } from './outbox.js';

/**
 * Request transactions are a handful of statements. `maxWait` bounds the wait for a connection
 * (PostgreSQL's pool is 10; PGlite runs one transaction at a time) and `timeout` rolls back a
 * transaction still open after it, so a stuck request cannot hold locks, or the whole embedded
 * database, for long. Isolation is the engine's default, READ COMMITTED.
 */
export const transactionOptions = { maxWait: 5_000, timeout: 10_000 } as const;

/** A context inside `withTransaction`: its client, loaders and reads are the transaction's. */
export type TransactionCtx = Ctx & { outbox: Outbox };

export function isInTransaction(ctx: Ctx): ctx is TransactionCtx {
  return ctx.outbox !== undefined;
}

/**
 * The store's transactions, each through the process's gate (transaction-gate.ts) when it has one;
 * the catalogue writes of one are announced after it ends, never while a reader could still see the old rows.
 */
export function transactorOf(db: ScopedClient, gate?: TransactionGate): Transactor {
  if (!gate) return (fn) => afterCommit(() => db.$transaction(fn, transactionOptions));
  return (fn) => afterCommit(() => gate.run(() => db.$transaction(fn, transactionOptions)));
}

/**
 * Runs `fn` in one database transaction of the context's store, with fresh loaders reading
 * through it and an outbox whose events are written in it just before commit. When `fn`
 * throws, the transaction rolls back and no event is written. Inside a transaction already,
 * `fn` joins it (no savepoint): an error it throws is meant to abort the whole transaction.
 */
export async function withTransaction<T>(ctx: Ctx, fn: (tx: TransactionCtx) => Promise<T>): Promise<T> {
  if (isInTransaction(ctx)) return fn(ctx);
  return ctx.transact(async (db) => {
    const outbox = new Outbox();
    // The catalogue snapshot stays outside: what the transaction reads and writes is newer than it.
    const result = await fn({ ...ctx, db, loaders: createLoaders(db, ctx.now), outbox, transact: (inner) => inner(db), catalog: undefined });
    await outbox.write(db);
    return result;
  });
}
