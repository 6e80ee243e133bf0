import { noteCommitSignal, onCommitSignal, raiseCommitSignal } from './commit-signals.js';
export { noteStockWrite, onStockWrite } from './commit-signals.js';
import type { CachedReadsScope } from './catalog-models.js';
import type { Db } from './database.js';

/** Announced for a write made outside any store's client (an operator's: the CLI, a seed, a test's fixture): every store's answers are suspect. */
export const EVERY_STORE = '*';

/**
 * Calls `listener` after every committed write that can change the store's cached reads, with
 * what it changed: the store's facts and catalogue, or its catalogue alone (catalog-models.ts);
 * answers the unsubscribe.
 */
export function onCatalogWrite(db: Db, listener: (storeId: string, scope: CachedReadsScope) => Promise<void>): () => void {
  const stops = (['facts', 'catalog'] as const).map((scope) => onCommitSignal(db, scope, (storeId) => listener(storeId, scope)));
  return () => stops.forEach((stop) => stop());
}

/** Tells every listener of `db` that the store's catalogue changed (with `'facts'`, its facts too); the write answers only once they all know. */
export function announceCatalogWrite(db: Db, storeId: string, scope: CachedReadsScope): Promise<void> {
  return raiseCommitSignal(db, scope, storeId);
}

/**
 * Records a catalogue write of the store (with `'facts'`, of its facts too), announced once it has committed
 * (`afterCommit` in commit-signals.ts): announcing before would let a reader cache the old rows under the new version.
 */
export function noteCatalogWrite<T>(db: Db, storeId: string, written: Promise<T>, scope: CachedReadsScope): Promise<T> {
  return noteCommitSignal(db, scope, storeId, written);
}
