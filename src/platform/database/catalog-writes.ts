import { AsyncLocalStorage } from 'node:async_hooks';
import type { Db } from './database.js';

/** Announced for a write made outside any store's client (an operator's: the CLI, a seed, a test's fixture): every store's answers are suspect. */
export const EVERY_STORE = '*';

type Listener = (storeId: string) => Promise<void>;

const listeners = new WeakMap<Db, Set<Listener>>();

/** The stores a transaction changed, told once it has committed: telling before would let a reader cache the old rows under the new version. */
const pending = new AsyncLocalStorage<Map<Db, Set<string>>>();

/** Calls `listener` after every committed write that can change the store's cached reads; answers the unsubscribe. */
export function onCatalogWrite(db: Db, listener: Listener): () => void {
  let set = listeners.get(db);
  if (!set) listeners.set(db, (set = new Set()));
  set.add(listener);
  return () => set.delete(listener);
}

/** Tells every listener of `db` that the store's catalogue changed; the write answers only once they all know. */
export async function announceCatalogWrite(db: Db, storeId: string): Promise<void> {
  const set = listeners.get(db);
  if (set?.size) await Promise.all([...set].map((listener) => listener(storeId)));
}

/**
 * Records a catalogue write of the store: inside `afterCommit`'s work, for its end; outside any
 * transaction the write has committed when `written` settles, so it is announced then.
 */
export async function noteCatalogWrite<T>(db: Db, storeId: string, written: Promise<T>): Promise<T> {
  const journal = pending.getStore();
  if (journal) {
    let stores = journal.get(db);
    if (!stores) journal.set(db, (stores = new Set()));
    stores.add(storeId);
    return written;
  }
  const result = await written;
  await announceCatalogWrite(db, storeId);
  return result;
}

/**
 * Runs a transaction and, once it has ended, announces the catalogue writes made in it. It
 * announces after a rollback too: a write made beside the transaction may have committed, and an
 * announcement too many only costs the store one cache miss per read.
 */
export async function afterCommit<T>(transaction: () => Promise<T>): Promise<T> {
  if (pending.getStore()) return transaction();
  const journal = new Map<Db, Set<string>>();
  try {
    return await pending.run(journal, transaction);
  } finally {
    await Promise.all([...journal].flatMap(([db, stores]) => [...stores].map((storeId) => announceCatalogWrite(db, storeId))));
  }
}
