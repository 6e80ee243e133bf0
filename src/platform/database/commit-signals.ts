import { AsyncLocalStorage } from 'node:async_hooks';
import { isCatalogWrite } from './catalog-models.js';
import type { Db } from './database.js';

/**
 * What a committed write tells the rest of the process: `catalog`, a store's cached reads may be
 * stale (catalog-writes.ts); `messages`, a message waits in the messages outbox, so the delivery
 * worker need not wait out its idle pause; `outbox`, an event waits in the outbox, so the webhook
 * relay need not either.
 */
export type CommitSignal = 'catalog' | 'messages' | 'outbox';

/** The signal a store client's write raises once committed, if any. */
export function commitSignalOf(model: string, operation: string): CommitSignal | undefined {
  if (isCatalogWrite(model, operation)) return 'catalog';
  const creates = operation === 'create' || operation === 'createMany';
  if (model === 'Message' && creates) return 'messages';
  if (model === 'OutboxEvent' && creates) return 'outbox';
  return undefined;
}

type Listener = (storeId: string) => Promise<void> | void;

const listeners = new WeakMap<Db, Map<CommitSignal, Set<Listener>>>();

/** What a transaction wrote, told once it has committed: telling before would let a reader act on rows it cannot see yet. */
const pending = new AsyncLocalStorage<Map<Db, Map<CommitSignal, Set<string>>>>();

/** Calls `listener` after every committed write of `db` that raises `signal`; answers the unsubscribe. */
export function onCommitSignal(db: Db, signal: CommitSignal, listener: Listener): () => void {
  let bySignal = listeners.get(db);
  if (!bySignal) listeners.set(db, (bySignal = new Map()));
  let set = bySignal.get(signal);
  if (!set) bySignal.set(signal, (set = new Set()));
  set.add(listener);
  return () => set.delete(listener);
}

/** Tells every listener of `db` and `signal` about the store; resolves once they all took it in. */
export async function raiseCommitSignal(db: Db, signal: CommitSignal, storeId: string): Promise<void> {
  const set = listeners.get(db)?.get(signal);
  if (set?.size) await Promise.all([...set].map((listener) => listener(storeId)));
}

/**
 * Records that a write raises `signal` for the store: inside `afterCommit`'s work, for its end;
 * outside any transaction the write has committed when `written` settles, so it is raised then.
 */
export async function noteCommitSignal<T>(db: Db, signal: CommitSignal, storeId: string, written: Promise<T>): Promise<T> {
  const journal = pending.getStore();
  if (journal) {
    let bySignal = journal.get(db);
    if (!bySignal) journal.set(db, (bySignal = new Map()));
    let stores = bySignal.get(signal);
    if (!stores) bySignal.set(signal, (stores = new Set()));
    stores.add(storeId);
    return written;
  }
  const result = await written;
  await raiseCommitSignal(db, signal, storeId);
  return result;
}

/**
 * Runs a transaction and, once it has ended, raises the signals its writes noted. It raises them
 * after a rollback too: a write made beside the transaction may have committed, and a signal too
 * many only costs a cache miss or a delivery pass that finds nothing.
 */
export async function afterCommit<T>(transaction: () => Promise<T>): Promise<T> {
  if (pending.getStore()) return transaction();
  const journal = new Map<Db, Map<CommitSignal, Set<string>>>();
  try {
    return await pending.run(journal, transaction);
  } finally {
    await Promise.all(
      [...journal].flatMap(([db, bySignal]) =>
        [...bySignal].flatMap(([signal, stores]) => [...stores].map((storeId) => raiseCommitSignal(db, signal, storeId))),
      ),
    );
  }
}
