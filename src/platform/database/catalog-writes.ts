import { noteCommitSignal, onCommitSignal, raiseCommitSignal } from './commit-signals.js';
export { noteStockWrite, onStockWrite } from './commit-signals.js';
import type { Db } from './database.js';

/** Announced for a write made outside any store's client (an operator's: the CLI, a seed, a test's fixture): every store's answers are suspect. */
export const EVERY_STORE = '*';

/** Calls `listener` after every committed write that can change the store's cached reads; answers the unsubscribe. */
export function onCatalogWrite(db: Db, listener: (storeId: string) => Promise<void>): () => void {
  return onCommitSignal(db, 'catalog', listener);
}

/** Tells every listener of `db` that the store's catalogue changed; the write answers only once they all know. */
export function announceCatalogWrite(db: Db, storeId: string): Promise<void> {
  return raiseCommitSignal(db, 'catalog', storeId);
}

/**
 * Records a catalogue write of the store, announced once it has committed (`afterCommit` in
 * commit-signals.ts): announcing before would let a reader cache the old rows under the new version.
 */
export function noteCatalogWrite<T>(db: Db, storeId: string, written: Promise<T>): Promise<T> {
  return noteCommitSignal(db, 'catalog', storeId, written);
}
