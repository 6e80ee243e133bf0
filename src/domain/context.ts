import type { FastifyBaseLogger } from 'fastify';
import type { Principal } from '../auth/principal.js';
import type { Store } from '../generated/prisma/client.js';
import type { Db } from '../platform/database/database.js';
import type { Kv } from '../platform/kv/kv.js';
import { createLoaders, type Loaders } from './loaders.js';

/** Everything a domain function may touch for one request; nothing lives outside it. */
export interface Ctx {
  db: Db;
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

export type ContextInput = Omit<Ctx, 'now' | 'loaders'>;

export function createContext(input: ContextInput): Ctx {
  return { ...input, now: new Date(), loaders: createLoaders(input.db, input.store.id) };
}
