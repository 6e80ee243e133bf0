import { AsyncLocalStorage } from 'node:async_hooks';
import { catalogEffectOf } from './catalog-models.js';
import type { Db } from './database.js';

/**
 * What a committed write tells the rest of the process: `catalog`, a store's cached reads may be
 * stale (catalog-writes.ts); `facts`, so may what its requests read before its catalogue (its
 * keys, its row, its locales and automatic discounts: catalog-models.ts), which says all `catalog`
 * does; `messages`, a message waits in the messages outbox, so the delivery
 * worker need not wait out its idle pause; `outbox`, an event waits in the outbox, so the webhook
 * relay need not either. A write of stock columns alone raises no `catalog`: it is a stock write
 * of its products (`noteStockWrite`).
 */
export type CommitSignal = 'catalog' | 'facts' | 'messages' | 'outbox';

/** The signal a store client's write raises once committed, a stock write of some products, or nothing. */
export function commitSignalOf(
  model: string,
  operation: string,
  args?: { data?: unknown; where?: Record<string, unknown> },
): CommitSignal | { stock: string[] } | undefined {
  const effect = catalogEffectOf(model, operation, args);
  if (effect) return effect;
  const creates = operation === 'create' || operation === 'createMany';
  if (model === 'Message' && creates) return 'messages';
  if (model === 'OutboxEvent' && creates) return 'outbox';
  return undefined;
}

type Listener = (storeId: string) => Promise<void> | void;
type StockListener = (storeId: string, productIds: string[]) => Promise<void> | void;

const listeners = new WeakMap<Db, Map<CommitSignal, Set<Listener>>>();
const stockListeners = new WeakMap<Db, Set<StockListener>>();

interface Journal {
  signals: Map<Db, Map<CommitSignal, Set<string>>>;
  /** Products whose stock columns alone were written, by database and store. */
  stock: Map<Db, Map<string, Set<string>>>;
}

/** What a transaction wrote, told once it has committed: telling before would let a reader act on rows it cannot see yet. */
const pending = new AsyncLocalStorage<Journal>();

/** The value under `key`, made and kept there first if there is none. */
function entryOf<K, V>(map: { get(key: K): V | undefined; set(key: K, value: V): unknown }, key: K, make: () => V): V {
  let value = map.get(key);
  if (value === undefined) map.set(key, (value = make()));
  return value;
}

/** Calls `listener` after every committed write of `db` that raises `signal`; answers the unsubscribe. */
export function onCommitSignal(db: Db, signal: CommitSignal, listener: Listener): () => void {
  const set = entryOf(
    entryOf(listeners, db, () => new Map<CommitSignal, Set<Listener>>()),
    signal,
    () => new Set<Listener>(),
  );
  set.add(listener);
  return () => set.delete(listener);
}

/** Calls `listener` after every committed stock write of `db` (catalog-models.ts, `stockColumns`) with its products; answers the unsubscribe. */
export function onStockWrite(db: Db, listener: StockListener): () => void {
  const set = entryOf(stockListeners, db, () => new Set<StockListener>());
  set.add(listener);
  return () => set.delete(listener);
}

async function raiseStockWrite(db: Db, storeId: string, productIds: string[]): Promise<void> {
  const set = stockListeners.get(db);
  if (set?.size && productIds.length) await Promise.all([...set].map((listener) => listener(storeId, productIds)));
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
    entryOf(
      entryOf(journal.signals, db, () => new Map<CommitSignal, Set<string>>()),
      signal,
      () => new Set<string>(),
    ).add(storeId);
    return written;
  }
  const result = await written;
  await raiseCommitSignal(db, signal, storeId);
  return result;
}

/**
 * Records a write of the products' stock columns alone (a sale, a cancellation, an adjustment),
 * told to `onStockWrite`'s listeners like a signal: after the transaction, or once `written`
 * settles outside one. A transaction that also made a catalogue write of the store tells only that.
 * A write made outside the store clients (raw SQL) calls it itself with the products it touched.
 */
export async function noteStockWrite<T>(db: Db, storeId: string, productIds: string[], written: Promise<T>): Promise<T> {
  const journal = pending.getStore();
  if (journal) {
    const products = entryOf(
      entryOf(journal.stock, db, () => new Map<string, Set<string>>()),
      storeId,
      () => new Set<string>(),
    );
    for (const id of productIds) products.add(id);
    return written;
  }
  const result = await written;
  await raiseStockWrite(db, storeId, productIds);
  return result;
}

/**
 * Runs a transaction and, once it has ended, raises the signals its writes noted. It raises them
 * after a rollback too: a write made beside the transaction may have committed, and a signal too
 * many only costs a cache miss or a delivery pass that finds nothing.
 */
export async function afterCommit<T>(transaction: () => Promise<T>): Promise<T> {
  if (pending.getStore()) return transaction();
  const journal: Journal = { signals: new Map(), stock: new Map() };
  try {
    return await pending.run(journal, transaction);
  } finally {
    // A store's `facts` says all its `catalog` would, and its new version makes every answer of it unreachable, a stock write's too.
    const covered = (db: Db, storeId: string, signals: CommitSignal[]) => signals.some((signal) => journal.signals.get(db)?.get(signal)?.has(storeId));
    await Promise.all([
      ...[...journal.signals].flatMap(([db, bySignal]) =>
        [...bySignal].flatMap(([signal, stores]) =>
          [...stores].filter((storeId) => signal !== 'catalog' || !covered(db, storeId, ['facts'])).map((storeId) => raiseCommitSignal(db, signal, storeId)),
        ),
      ),
      ...[...journal.stock].flatMap(([db, byStore]) =>
        [...byStore]
          .filter(([storeId]) => !covered(db, storeId, ['catalog', 'facts']))
          .map(([storeId, products]) => raiseStockWrite(db, storeId, [...products])),
      ),
    ]);
  }
}
