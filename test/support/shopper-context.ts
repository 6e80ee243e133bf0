import { pino } from 'pino';
import type { Store } from '../../src/generated/prisma/client.js';
import { createContext, type Ctx } from '../../src/domain/context.js';
import type { Database } from '../../src/platform/database/database.js';
import { MemoryKv } from '../../src/platform/kv/memory-kv.js';
import { testMediaServices } from './media.js';

/** A shopper's request context on a store (a public key), with fresh loaders and the clock `now`: for calling domain functions directly. */
export function shopperContext(database: Database, store: Store, now: Date): Ctx {
  return createContext({
    db: database.prisma,
    kv: new MemoryKv(),
    media: testMediaServices(),
    store,
    principal: { keyId: 'test', kind: 'public', mode: 'live', scopes: new Set(), installation: null },
    settings: { cartTtlDays: 30, publicUrl: 'http://localhost', outboundAllow: [] },
    requestId: 'req_test',
    log: pino({ level: 'silent' }),
    secret: 'test-secret',
    now,
  });
}
