import type { ITXClientDenyList } from '@prisma/client/runtime/client';
import { LRUCache } from 'lru-cache';
import { Prisma } from '../../generated/prisma/client.js';
import { commitSignalOf, noteCommitSignal, noteStockWrite } from './commit-signals.js';
import { noteRead } from './stock-reads.js';
import { directReadsOf } from './direct-reads.js';
import { isStoreStatementSent, runStoreStatement, type StatementTerms, type StoreStatement } from './store-statements.js';
import { readOperations } from './operations.js';
import { withRelationStrategy } from './relation-strategy.js';
import { unannouncedClientOf } from './operator-writes.js';
import type { Db } from './database.js';
import { TenancyViolation, tenancyOf } from './tenancy.js';

type Args = Record<string, unknown>;

/** Operations whose `where` gets the store, so another store's rows answer as absent. */
const filtered = new Set([...readOperations, 'update', 'updateMany', 'updateManyAndReturn', 'delete', 'deleteMany']);
const creates = new Set(['create', 'createMany', 'createManyAndReturn']);
const updates = new Set(['update', 'updateMany', 'updateManyAndReturn']);

function refuse(model: string, operation: string, why: string): never {
  throw new TenancyViolation(`${model}.${operation} on a store's client ${why}.`);
}

/** The store a `storeId` value names: a plain id, or `{ set: id }` in an update. */
function storeNamed(value: unknown): unknown {
  return value !== null && typeof value === 'object' && 'set' in value ? value.set : value;
}

function connectsTo(relation: unknown, storeId: string): boolean {
  if (relation === null || typeof relation !== 'object' || Object.keys(relation).length !== 1) return false;
  const connect = (relation as { connect?: { id?: unknown } }).connect;
  return connect?.id === storeId;
}

/**
 * Adds the store to a `where`. A caller that named a store keeps its condition and gets ours
 * too (AND), so naming another store reads nothing rather than this store's rows.
 */
export function scopeWhere(where: Args | undefined, column: string, storeId: string): Args {
  const named = where?.[column];
  if (named === undefined) return { ...where, [column]: storeId };
  if (named === storeId) return where!;
  const and = where!.AND === undefined ? [] : Array.isArray(where!.AND) ? where!.AND : [where!.AND];
  return { ...where, AND: [...and, { [column]: storeId }] };
}

/** A row to create: the store filled in, or refused when it names another one. */
function claimRow(row: Args, storeId: string, model: string, operation: string): Args {
  if (row.store !== undefined) {
    if (!connectsTo(row.store, storeId)) refuse(model, operation, 'connects another store');
    return row;
  }
  if (row.storeId === undefined) return { ...row, storeId };
  if (row.storeId !== storeId) refuse(model, operation, `names store ${String(row.storeId)}`);
  return row;
}

/** Changes to a row may not move it to another store. */
function checkChanges(data: Args | undefined, storeId: string, model: string, operation: string) {
  if (!data) return;
  if (data.storeId !== undefined && storeNamed(data.storeId) !== storeId) refuse(model, operation, 'would move rows to another store');
  if (data.store !== undefined && !connectsTo(data.store, storeId)) refuse(model, operation, 'would move rows to another store');
}

function scopeOwned(model: string, operation: string, args: Args, storeId: string): Args {
  if (filtered.has(operation)) {
    if (updates.has(operation)) checkChanges(args.data as Args, storeId, model, operation);
    return { ...args, where: scopeWhere(args.where as Args | undefined, 'storeId', storeId) };
  }
  if (creates.has(operation)) {
    const data = args.data as Args | Args[];
    const claimed = Array.isArray(data) ? data.map((row) => claimRow(row, storeId, model, operation)) : claimRow(data, storeId, model, operation);
    return { ...args, data: claimed };
  }
  if (operation === 'upsert') {
    checkChanges(args.update as Args, storeId, model, operation);
    return {
      ...args,
      where: scopeWhere(args.where as Args, 'storeId', storeId),
      create: claimRow(args.create as Args, storeId, model, operation),
    };
  }
  return refuse(model, operation, 'is not a known operation');
}

function scopeStore(operation: string, args: Args, storeId: string): Args {
  if (!filtered.has(operation)) refuse('Store', operation, 'cannot create stores; operators do');
  return { ...args, where: scopeWhere(args.where as Args | undefined, 'id', storeId) };
}

function scopeArgs(model: string, operation: string, args: Args, storeId: string): Args {
  const tenancy = tenancyOf[model as Prisma.ModelName];
  if (tenancy === 'owned') return scopeOwned(model, operation, args, storeId);
  if (tenancy === 'store') return scopeStore(operation, args, storeId);
  if (tenancy === 'platform') return args;
  if (tenancy === 'reference') return readOperations.has(operation) ? args : refuse(model, operation, 'writes reference data, which operators load');
  return refuse(model, operation, 'reaches a model no store owns');
}

function refuseRaw(operation: string): never {
  return refuse('$raw', operation, 'cannot be scoped; raw SQL runs only on the operator client, or as a store statement ($storeQuery)');
}

type RawClient = Parameters<typeof runStoreStatement>[0];

/**
 * The client every domain function reads and writes through: each model operation carries the
 * store (`where` of reads, updates, deletes and upserts; `data` of creates), a write that names
 * another store is refused, and the store itself is only its own row. Nested reads and writes
 * go through a parent that is already scoped; their own `storeId`s are not checked here. A write
 * that can change a cached read, or that queues a message, is announced once committed (commit-signals.ts).
 */
export function scopeToStore(db: Db, storeId: string) {
  const direct = directReadsOf(db);
  // The client this returns: a call whose `this` is it runs outside any transaction (a transaction's client is another object).
  let outside: unknown;
  const client = unannouncedClientOf(db).$extends({
    name: 'store-scope',
    client: {
      $storeId: storeId,
      /**
       * Announces a write of the store's facts (once committed) for a write its columns do not
       * show to be one: a discount's use that reaches its limit changes the live discounts, and so shopper prices.
       */
      $noteCatalogWrite: () => noteCommitSignal(db, 'facts', storeId, Promise.resolve()),
      /** Runs a store statement (store-statements.ts) bound to this store, in this client's transaction if it is one's. */
      $storeQuery<Row>(this: unknown, statement: StoreStatement<Row>, terms?: StatementTerms<Row>): Promise<Row[]> {
        const self = Prisma.getExtensionContext(this);
        return signalledWrites(
          db,
          storeId,
          statement,
          runStoreStatement(self as unknown as RawClient, storeId, statement, terms, self === outside ? direct : undefined),
        );
      },
    },
    query: {
      $allModels: {
        $allOperations({ model, operation, args, query }) {
          const scoped = withRelationStrategy(operation, scopeArgs(model, operation, args as Args, storeId));
          const signal = commitSignalOf(model, operation, args as Args);
          if (typeof signal === 'object') return noteStockWrite(db, storeId, signal.stock, query(scoped));
          if (signal) return noteCommitSignal(db, signal, storeId, query(scoped));
          return noteRead(model, operation, args as Args, query(scoped));
        },
      },
      $queryRaw: ({ args, operation, query }) => (isStoreStatementSent(args) ? query(args) : refuseRaw(operation)),
      $queryRawUnsafe: ({ operation }) => refuseRaw(operation),
      $executeRaw: ({ operation }) => refuseRaw(operation),
      $executeRawUnsafe: ({ operation }) => refuseRaw(operation),
    },
  });
  outside = client;
  return client;
}

/**
 * A store statement's writes raise the commit signals a model operation writing the same tables
 * raises (an outbox event wakes the relay, a message the mailer), once committed. A store statement
 * writes no table whose writes change a cached read (store-statements.ts), so no catalogue signal is among them.
 */
function signalledWrites<T>(db: Db, storeId: string, statement: StoreStatement<unknown>, sent: Promise<T>): Promise<T> {
  for (const model of statement.shape.writes) {
    const signal = commitSignalOf(model, 'createMany');
    if (typeof signal === 'string') sent = noteCommitSignal(db, signal, storeId, sent);
  }
  return sent;
}

/** One store's client outside a transaction; it can start one. */
export type ScopedClient = ReturnType<typeof scopeToStore>;

/** Enough for every store a process serves at once; an evicted store's client is simply built again. */
const clientsPerDatabase = 1_000;
const builtClients = new WeakMap<Db, LRUCache<string, ScopedClient>>();

/**
 * The store's client, built once and then reused: `$extends` costs a hot read 60-150 µs on every
 * request otherwise. The extension holds nothing but the store id, so one instance serves every
 * request of the store, each with its own loaders and transactions.
 */
export function storeClientOf(db: Db, storeId: string): ScopedClient {
  let clients = builtClients.get(db);
  if (!clients) builtClients.set(db, (clients = new LRUCache({ max: clientsPerDatabase })));
  let client = clients.get(storeId);
  if (!client) clients.set(storeId, (client = scopeToStore(db, storeId)));
  return client;
}

/** One store's client, inside a transaction or not: what `ctx.db` is. Its `$storeId` keeps the unscoped client out. */
export type StoreDb = Omit<ScopedClient, ITXClientDenyList>;
