import { cachedKeyLookup, databaseKeyLookup, type KeyLookup } from '../../auth/key-lookup.js';
import type { ResponseCacheConfig } from '../../config.js';
import { CatalogVersions } from './catalog-versions.js';
import { onCatalogWrite, onStockWrite } from '../../platform/database/catalog-writes.js';
import type { CatalogChannel } from '../../platform/database/catalog-channel.js';
import type { Db } from '../../platform/database/database.js';
import type { Kv } from '../../platform/kv/kv.js';
import { CachedAnswers } from './cached-answers.js';
import { CatalogCache } from './catalog-cache.js';

export interface CatalogReads {
  /** Null when `RESPONSE_CACHE_MB=0`: every read is built from the database. */
  cache: CatalogCache | null;
  findKey: KeyLookup;
  /** Stops listening for catalogue writes (the app closes). */
  stop(): Promise<void>;
}

/**
 * The process's catalogue cache: versions in the KV (Redis when `REDIS_URL` is set, so every
 * process sees a write at once), answers in a bounded LRU here and, in a shared KV, there too. It
 * hears every committed catalogue write this process makes on `db` and replaces the store's version,
 * and every stock write, whose products' stock tokens and store's sales token it replaces (catalog-cache.ts).
 * Without a shared KV on PostgreSQL, the processes tell each other through `channel` (PostgreSQL's
 * notifications), so a write made by the CLI or another server replaces this process's version too.
 */
export async function openCatalogCache(config: ResponseCacheConfig, kv: Kv, db: Db, channel: CatalogChannel | null): Promise<CatalogReads> {
  if (config.maxBytes === 0) return { cache: null, findKey: databaseKeyLookup(db), stop: async () => undefined };
  const versions = new CatalogVersions(kv, config.maxAgeMs);
  const answers = new CachedAnswers({ maxBytes: config.maxBytes, maxAgeMs: config.maxAgeMs, shared: kv.shared ? kv : undefined });
  const bus = kv.shared ? null : channel;
  const stopHearing = onCatalogWrite(db, (storeId) =>
    bus ? Promise.all([versions.bump(storeId), announce(bus, storeId)]).then(() => undefined) : versions.bump(storeId),
  );
  const stopHearingStock = onStockWrite(db, (storeId, productIds) =>
    bus ? Promise.all([versions.bumpStock(storeId, productIds), announce(bus, storeId, productIds)]).then(() => undefined) : versions.bumpStock(storeId, productIds),
  );
  const stopListening = bus
    ? await bus.subscribe((storeId, productIds) => void (productIds ? versions.bumpStock(storeId, productIds) : versions.bump(storeId)))
    : async () => undefined;
  return {
    cache: new CatalogCache(answers, versions),
    findKey: cachedKeyLookup(db, versions, config.maxAgeMs),
    async stop() {
      stopHearing();
      stopHearingStock();
      await stopListening();
    },
  };
}

/** Tells the other processes; a failure leaves their answers to age out (`RESPONSE_CACHE_MAX_AGE_S`) rather than fail a committed write. */
export async function announce(channel: CatalogChannel, storeId: string, productIds?: string[]): Promise<void> {
  await channel.publish(storeId, productIds).catch(() => undefined);
}
