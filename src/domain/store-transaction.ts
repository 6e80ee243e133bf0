import type { Db } from '../platform/database/database.js';
import { storeClientOf, type StoreDb } from '../platform/database/store-scoped-client.js';
import { Outbox } from './outbox.js';
import { transactorOf } from './transactor.js';

/**
 * One transaction of a store's own client with an outbox written at its commit, for work that
 * runs outside a request (operator commands, the webhook relay): the same guarantees as
 * `withTransaction` without a request's context.
 */
export async function inStoreTransaction<T>(db: Db, storeId: string, fn: (db: StoreDb, outbox: Outbox) => Promise<T>): Promise<T> {
  const transact = transactorOf(db, storeClientOf(db, storeId));
  return transact(async (tx) => {
    const outbox = new Outbox();
    const result = await fn(tx, outbox);
    await outbox.write(tx);
    return result;
  });
}
