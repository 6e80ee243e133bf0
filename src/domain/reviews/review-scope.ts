import type { StoreDb } from '../../platform/database/store-scoped-client.js';
import type { Ctx } from '../context.js';
import { Outbox } from '../outbox.js';

/**
 * What a review write needs of its caller: the store's client, a clock and its transactions. A
 * request's context is one; so is the operator CLI's store scope, which moderates without a request.
 */
export type ReviewScope = Pick<Ctx, 'db' | 'now' | 'transact'>;

/** One transaction of the store with its outbox, written at its commit (as `withTransaction` does for a request). */
export function inReviewTransaction<T>(scope: ReviewScope, fn: (db: StoreDb, outbox: Outbox) => Promise<T>): Promise<T> {
  return scope.transact(async (db) => {
    const outbox = new Outbox();
    const result = await fn(db, outbox);
    await outbox.write(db);
    return result;
  });
}
