import { LRUCache } from 'lru-cache';
import type { ApiKey, Store } from '../generated/prisma/client.js';
import type { Db } from '../platform/database/database.js';
import type { CallingInstallation } from './principal.js';

export type KeyWithStore = ApiKey & { store: Store; installation: CallingInstallation | null };

export interface FoundKey {
  key: KeyWithStore | null;
  /** The store's catalogue version, read before the key's row; null where nothing is cached. */
  version: string | null;
  /** The store's sales token, read with the version (src/http/response-cache/catalog-versions.ts); null with it. */
  sales?: string | null;
}

/** Finds an API key (with its store) by the hash of its secret; `now` is the moment its expiry is judged at. */
export type KeyLookup = (secretHash: string, now: Date) => Promise<FoundKey>;

/** Each store's catalogue version (the catalogue cache's, src/http/response-cache/catalog-versions.ts); null while nothing may be cached. */
export interface StoreVersions {
  current(storeId: string): Promise<{ version: string; sales: string } | null>;
}

/** Keys this process remembers: one entry per key in use, a few hundred bytes each. */
const MAX_KEYS = 10_000;

/**
 * The key's row (which names its app installation, if any) and its store's, as one statement that
 * runs whatever it finds: the store is joined in (`relationLoadStrategy: 'join'`), so an unknown key
 * costs what a revoked one does. Loaded the default way, the store would be a second statement run
 * only for a key that exists, and the answer time would tell which keys once existed.
 */
async function readKey(db: Db, secretHash: string): Promise<KeyWithStore | null> {
  const found = await db.apiKey.findUnique({ where: { secretHash }, include: { store: true }, relationLoadStrategy: 'join' });
  if (!found) return null;
  const installation = found.installationId !== null && found.appSlug !== null ? { id: found.installationId, appSlug: found.appSlug } : null;
  return { ...found, installation };
}

/** A revoked or expired key: every surface refuses it. */
function opensNothing(key: ApiKey, now: Date): boolean {
  return key.revokedAt !== null || (key.expiresAt !== null && key.expiresAt <= now);
}

/** Every call reads the key from the database: for callers that keep no catalogue versions (a command, a test). */
export function databaseKeyLookup(db: Db): KeyLookup {
  return async (secretHash) => ({ key: await readKey(db, secretHash), version: null });
}

/**
 * Keys read once per catalogue version of their store, whether or not catalogue answers are cached
 * (`RESPONSE_CACHE_MB=0` keeps the versions too). Key and store writes replace the version
 * like catalogue writes do (platform/database/catalog-writes.ts), so a revoked key, a changed plan
 * or a store switched to dev mode is seen on the very next request; expiry is checked on every use.
 * The version is read before the row, never after: a row read first could be older than the
 * version it would be kept under. A key's store never changes, so it is remembered apart, and the
 * first request of a key reads its row without keeping it (nor caching its answer). A revoked or
 * expired key is never remembered: it is read like an unknown key, every time. A row is kept
 * no longer than the cache's maximum age, the bound on writes this process never hears of (a CLI
 * without Redis, SQL by hand).
 */
export function cachedKeyLookup(db: Db, versions: StoreVersions, maxAgeMs: number): KeyLookup {
  const storeOfKey = new LRUCache<string, string>({ max: MAX_KEYS });
  const rows = new LRUCache<string, { key: KeyWithStore; version: string }>({ max: MAX_KEYS, ttl: maxAgeMs });
  return async (secretHash, now) => {
    const storeId = storeOfKey.get(secretHash);
    const current = storeId ? await versions.current(storeId) : null;
    const version = current?.version ?? null;
    const sales = current?.sales ?? null;
    const kept = rows.get(secretHash);
    if (version && kept?.version === version && !opensNothing(kept.key, now)) return { key: kept.key, version, sales };
    const key = await readKey(db, secretHash);
    if (!key) return { key, version: null };
    if (opensNothing(key, now)) {
      // Forgotten, so from now on it costs what a key that never existed costs (the same one joined read), and its cost tells a prober nothing.
      storeOfKey.delete(secretHash);
      rows.delete(secretHash);
      return { key, version: null };
    }
    storeOfKey.set(secretHash, key.storeId);
    if (version && key.storeId === storeId) {
      rows.set(secretHash, { key, version });
      return { key, version, sales };
    }
    // A version read after the row could be newer than the row: this request caches nothing.
    return { key, version: null };
  };
}
