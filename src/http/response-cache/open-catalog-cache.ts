import { cachedKeyLookup, databaseKeyLookup, type KeyLookup } from '../../auth/key-lookup.js';
import type { ResponseCacheConfig } from '../../config.js';
import { CatalogVersions } from './catalog-versions.js';
import { onCatalogWrite } from '../../platform/database/catalog-writes.js';
import type { Db } from '../../platform/database/database.js';
import type { Kv } from '../../platform/kv/kv.js';
import { CachedAnswers } from './cached-answers.js';
import { CatalogCache } from './catalog-cache.js';

export interface CatalogReads {
  /** Null when `RESPONSE_CACHE_MB=0`: every read is built from the database. */
  cache: CatalogCache | null;
  findKey: KeyLookup;
  /** Stops listening for catalogue writes (the app closes). */
  stop(): void;
}

/**
 * The process's catalogue cache: versions in the KV (Redis when `REDIS_URL` is set, so every
 * process sees a write at once), answers in a bounded LRU here and, in a shared KV, there too. It
 * hears every committed catalogue write this process makes on `db` and replaces the store's version.
 */
export function openCatalogCache(config: ResponseCacheConfig, kv: Kv, db: Db): CatalogReads {
  if (config.maxBytes === 0) return { cache: null, findKey: databaseKeyLookup(db), stop: () => undefined };
  const versions = new CatalogVersions(kv);
  const answers = new CachedAnswers({ maxBytes: config.maxBytes, maxAgeMs: config.maxAgeMs, shared: kv.shared ? kv : undefined });
  const stop = onCatalogWrite(db, (storeId) => versions.bump(storeId));
  return { cache: new CatalogCache(answers), findKey: cachedKeyLookup(db, versions, config.maxAgeMs), stop };
}
