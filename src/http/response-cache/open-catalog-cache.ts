import { cachedKeyLookup, type KeyLookup } from '../../auth/key-lookup.js';
import type { ResponseCacheConfig } from '../../config.js';
import { CatalogVersions } from './catalog-versions.js';
import { onCatalogWrite, onStockWrite } from '../../platform/database/catalog-writes.js';
import type { CatalogChannel, CatalogWrite } from '../../platform/database/catalog-channel.js';
import type { Db } from '../../platform/database/database.js';
import type { Kv } from '../../platform/kv/kv.js';
import { CachedAnswers } from './cached-answers.js';
import { CatalogCache } from './catalog-cache.js';
import { CatalogSnapshots } from './catalog-snapshots.js';

export interface CatalogReads {
  /** Null when `RESPONSE_CACHE_MB=0`: every answer is built again. */
  cache: CatalogCache | null;
  /** What catalogue reads keep per store and token, cache or not (catalog-snapshots.ts). */
  snapshots: CatalogSnapshots;
  findKey: KeyLookup;
  /** Stops listening for catalogue writes (the app closes). */
  stop(): Promise<void>;
}

/**
 * The process's catalogue versions and what hangs on them: versions in the KV (Redis when
 * `REDIS_URL` is set, so every process sees a write at once), keys and per-version facts
 * (snapshots) in this process, and answers, unless `RESPONSE_CACHE_MB=0`, in a bounded LRU here
 * and, in a shared KV, there too. It hears every committed catalogue write this process makes on
 * `db` and replaces the store's version (and its facts token, for a write of its facts), and every
 * stock write, whose products' stock tokens and store's sales token it replaces (catalog-cache.ts).
 * Without a shared KV on PostgreSQL, the processes tell each other through `channel` (PostgreSQL's
 * notifications), so a write made by the CLI or another server replaces this process's tokens too.
 * The tokens are kept with the cache off as well: a key and the store's facts are then read once
 * per facts token, its other small reads once per version, instead of on every request, with the
 * same bound on staleness.
 */
export async function openCatalogCache(config: ResponseCacheConfig, kv: Kv, db: Db, channel: CatalogChannel | null): Promise<CatalogReads> {
  const versions = new CatalogVersions(kv, config.maxAgeMs);
  const bus = kv.shared ? null : channel;
  const replace = (storeId: string, write: CatalogWrite) =>
    typeof write === 'object' ? versions.bumpStock(storeId, write.stock) : versions.bump(storeId, write);
  const hear = (storeId: string, write: CatalogWrite) =>
    bus ? Promise.all([replace(storeId, write), announce(bus, storeId, write)]).then(() => undefined) : replace(storeId, write);
  const stopHearing = onCatalogWrite(db, hear);
  const stopHearingStock = onStockWrite(db, (storeId, productIds) => hear(storeId, { stock: productIds }));
  const stopListening = bus ? await bus.subscribe((storeId, write) => void replace(storeId, write)) : async () => undefined;
  const cache =
    config.maxBytes === 0
      ? null
      : new CatalogCache(new CachedAnswers({ maxBytes: config.maxBytes, maxAgeMs: config.maxAgeMs, shared: kv.shared ? kv : undefined }), versions);
  return {
    cache,
    snapshots: new CatalogSnapshots(config.maxAgeMs),
    findKey: cachedKeyLookup(db, versions, config.maxAgeMs),
    async stop() {
      stopHearing();
      stopHearingStock();
      await stopListening();
    },
  };
}

/** Tells the other processes; a failure leaves their answers to age out (`RESPONSE_CACHE_MAX_AGE_S`) rather than fail a committed write. */
export async function announce(channel: CatalogChannel, storeId: string, write: CatalogWrite): Promise<void> {
  await channel.publish(storeId, write).catch(() => undefined);
}
