import type { Ctx } from './context.js';
import { createLoaders } from './loaders.js';
import { Outbox } from './outbox.js';

/** A context inside `withTransaction`: its client, loaders and reads are the transaction's. */
export type TransactionCtx = Ctx & { outbox: Outbox };

export function isInTransaction(ctx: Ctx): ctx is TransactionCtx {
  return ctx.outbox !== undefined;
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
