import type { FastifyBaseLogger } from 'fastify';
import type { Principal } from '../auth/principal.js';
import type { Store } from '../generated/prisma/client.js';
import type { Db } from '../platform/database/database.js';
import { scopeToStore, type StoreDb } from '../platform/database/store-scoped-client.js';
import type { Kv } from '../platform/kv/kv.js';
import { createLoaders, type Loaders } from './loaders.js';

/** Everything a domain function may touch for one request; nothing lives outside it. */
export interface Ctx {
  /** The request's store and nothing else: see platform/database/store-scoped-client.ts. */
  db: StoreDb;
  kv: Kv;
  store: Store;
  principal: Principal;
  requestId: string;
  log: FastifyBaseLogger;
  /** Signs cursors. */
  secret: string;
  /** One clock reading per request, so a request sees one consistent "now". */
  now: Date;
  loaders: Loaders;
}

export type ContextInput = Omit<Ctx, 'db' | 'now' | 'loaders'> & {
  /** The unscoped client; the context hands out only the store's view of it. */
  db: Db;
};

export function createContext(input: ContextInput): Ctx {
  const db = scopeToStore(input.db, input.store.id);
  return { ...input, db, now: new Date(), loaders: createLoaders(db) };
}
