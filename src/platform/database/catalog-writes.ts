import { AsyncLocalStorage } from 'node:async_hooks';
import type { Prisma } from '../../generated/prisma/client.js';
import type { Db } from './database.js';

/**
 * Whether a write to each model can change what a cached read answers: a shopper's catalogue
 * (products, prices, stock, publication, images, categories, collections, discounts, the store's
 * profile and locales) or who may read it (API keys). A new model must be placed here before the
 * code compiles, so nobody adds a catalogue table the response cache does not hear about.
 */
export const changesCachedReads = {
  Store: true,
  StoreLocale: true,
  ApiKey: true,
  Category: true,
  Product: true,
  ProductOption: true,
  Variant: true,
  ProductImage: true,
  Translation: true,
  MediaFile: true,
  Discount: true,
  Collection: true,
  CollectionProduct: true,
  // Coupons never lower a shopper's card price (liveness.ts), and no cached read lists them.
  Coupon: false,
  InventoryAdjustment: false,
  OutboxEvent: false,
  IdempotencyRecord: false,
  Customer: false,
  CustomerSession: false,
  OtpChallenge: false,
  PasswordReset: false,
  Message: false,
  StoreFollow: false,
  WishlistItem: false,
  Cart: false,
  CartItem: false,
  ShippingZone: false,
  Order: false,
  OrderItem: false,
  OrderTimelineEntry: false,
  CouponRedemption: false,
  CustomerAccount: false,
  SavedAddress: false,
  Region: false,
  ServerSetting: false,
} as const satisfies Record<Prisma.ModelName, boolean>;

const reads = new Set(['findUnique', 'findUniqueOrThrow', 'findFirst', 'findFirstOrThrow', 'findMany', 'count', 'aggregate', 'groupBy']);

/** Whether this operation on this model can change a cached read. */
export function isCatalogWrite(model: string, operation: string): boolean {
  return changesCachedReads[model as Prisma.ModelName] === true && !reads.has(operation);
}

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

const unannounced = new WeakMap<Db, Db>();

/**
 * The unscoped client, announcing its own catalogue writes as changes to every store: it cannot
 * tell whose rows an operator's write touched. Writes inside an operator's transaction are
 * announced as each is made; one that must be seen only once complete (a seed) announces again
 * at its end. Store clients are built on the client underneath, so their writes are announced
 * once, for their own store.
 */
export function announcingOperatorWrites(raw: Db): Db {
  let extended: Db;
  extended = raw.$extends({
    name: 'operator-catalog-writes',
    query: {
      $allModels: {
        $allOperations({ model, operation, args, query }) {
          return isCatalogWrite(model, operation) ? noteCatalogWrite(extended, EVERY_STORE, query(args)) : query(args);
        },
      },
    },
  }) as unknown as Db;
  unannounced.set(extended, raw);
  return extended;
}

/** The client underneath `announcingOperatorWrites`, for store clients, which announce their writes themselves. */
export function unannouncedClientOf(db: Db): Db {
  return unannounced.get(db) ?? db;
}
