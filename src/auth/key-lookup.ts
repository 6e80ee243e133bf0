import { LRUCache } from 'lru-cache';
import { storeFactsOf, storeFactsRelations, type StoreFacts } from '../domain/catalog/store-facts.js';
import type { ApiKey, Store } from '../generated/prisma/client.js';
import type { Db } from '../platform/database/database.js';
import type { CallingInstallation } from './principal.js';

export type KeyWithStore = ApiKey & { store: Store; installation: CallingInstallation | null };

/** A store's tokens (src/http/response-cache/catalog-versions.ts): what its kept keys, facts, figures and answers are kept under. */
export interface StoreTokens {
  /** The catalogue version: every committed catalogue write replaces it. */
  version: string;
  /** The sales token: every stock write of the store replaces it. */
  sales: string;
  /** The facts token: only a write of the store's facts replaces it (its keys, its row, its locales, its discounts). */
  facts: string;
}

export interface FoundKey {
  key: KeyWithStore | null;
  /** The store's tokens; null where nothing may be kept (no key, a key that opens nothing, a shared KV down, no versions kept). */
  tokens: StoreTokens | null;
  /**
   * Whether the tokens were read before the key's row, as they are once the process knows the
   * key's store: only then may the row, and what it decides (an answer), be kept under them.
   */
  rowAtTokens: boolean;
  /** The store's locales and automatic discounts, read with the key's row when asked for and the row was read; null otherwise. */
  facts: StoreFacts | null;
}

/**
 * Finds an API key (with its store) by the hash of its secret; `now` is the moment its expiry is
 * judged at. `withFacts`: a catalogue read, which needs the store's facts, asks for them in the row's statement.
 */
export type KeyLookup = (secretHash: string, now: Date, withFacts?: boolean) => Promise<FoundKey>;

/** Each store's tokens (the catalogue cache's, src/http/response-cache/catalog-versions.ts); null while nothing may be kept. */
export interface StoreVersions {
  current(storeId: string): Promise<StoreTokens | null>;
}

/** Keys this process remembers: one entry per key in use, a few hundred bytes each. */
const MAX_KEYS = 10_000;

function withInstallation(found: ApiKey & { store: Store }): KeyWithStore {
  const installation = found.installationId !== null && found.appSlug !== null ? { id: found.installationId, appSlug: found.appSlug } : null;
  return { ...found, installation };
}

/**
 * The key's row (which names its app installation, if any) and its store's, as one statement that
 * runs whatever it finds: the store is joined in (`relationLoadStrategy: 'join'`), so an unknown key
 * costs what a revoked one does. Loaded the default way, the store would be a second statement run
 * only for a key that exists, and the answer time would tell which keys once existed. With
 * `factsAt`, the store's facts at that instant are joined in too (store-facts.ts): still one
 * statement, but a key that exists brings its store's locales and discounts back with it, so there
 * an unknown key's read is the lighter one by those rows.
 */
async function readKey(db: Db, secretHash: string, factsAt: Date | null): Promise<{ key: KeyWithStore | null; facts: StoreFacts | null }> {
  if (!factsAt) {
    const found = await db.apiKey.findUnique({ where: { secretHash }, include: { store: true }, relationLoadStrategy: 'join' });
    return { key: found && withInstallation(found), facts: null };
  }
  const found = await db.apiKey.findUnique({
    where: { secretHash },
    include: { store: { include: storeFactsRelations(factsAt) } },
    relationLoadStrategy: 'join',
  });
  if (!found) return { key: null, facts: null };
  const { locales, discounts, ...store } = found.store;
  return { key: withInstallation({ ...found, store }), facts: storeFactsOf({ locales, discounts }, factsAt) };
}

/** A revoked or expired key: every surface refuses it. */
function opensNothing(key: ApiKey, now: Date): boolean {
  return key.revokedAt !== null || (key.expiresAt !== null && key.expiresAt <= now);
}

const nothingKept = { tokens: null, rowAtTokens: false, facts: null } as const;

/** Every call reads the key from the database: for callers that keep no catalogue versions (a command, a test). */
export function databaseKeyLookup(db: Db): KeyLookup {
  return async (secretHash) => ({ key: (await readKey(db, secretHash, null)).key, ...nothingKept });
}

/**
 * Keys read once per facts token of their store, whether or not catalogue answers are cached
 * (`RESPONSE_CACHE_MB=0` keeps the tokens too). Key and store writes replace the token (with the
 * catalogue version: platform/database/catalog-models.ts), a product's or a collection's does not,
 * so a revoked key, a changed plan or a store switched to dev mode is seen on the very next
 * request and a price change reads no key again; expiry is checked on every use. The token is read
 * before the row, never after: a row read first could be older than the token it would be kept
 * under. A key's store never changes, so it is remembered apart; the first request of a key learns
 * its store from the row, reads the tokens after it, and keeps neither the row nor what the row
 * decides (its answer), only what it reads after the tokens. A revoked or expired key is never
 * remembered: it is read like an unknown key, every time. A row is kept no longer than the cache's
 * maximum age, the bound on writes this process never hears of (a CLI without Redis, SQL by hand).
 */
export function cachedKeyLookup(db: Db, versions: StoreVersions, maxAgeMs: number): KeyLookup {
  const storeOfKey = new LRUCache<string, string>({ max: MAX_KEYS });
  const rows = new LRUCache<string, { key: KeyWithStore; facts: string }>({ max: MAX_KEYS, ttl: maxAgeMs });
  return async (secretHash, now, withFacts = false) => {
    const storeId = storeOfKey.get(secretHash);
    const tokens = storeId ? await versions.current(storeId) : null;
    const kept = rows.get(secretHash);
    if (tokens && kept?.facts === tokens.facts && !opensNothing(kept.key, now)) return { key: kept.key, tokens, rowAtTokens: true, facts: null };
    const { key, facts } = await readKey(db, secretHash, withFacts ? now : null);
    if (!key) return { key, ...nothingKept };
    if (opensNothing(key, now)) {
      // Forgotten, so from now on it costs one joined read like a key that never existed (heavier only by its store's facts when a catalogue read asks for them).
      storeOfKey.delete(secretHash);
      rows.delete(secretHash);
      return { key, ...nothingKept };
    }
    storeOfKey.set(secretHash, key.storeId);
    if (tokens && key.storeId === storeId) {
      rows.set(secretHash, { key, facts: tokens.facts });
      return { key, tokens, rowAtTokens: true, facts };
    }
    return { key, tokens: await versions.current(key.storeId), rowAtTokens: false, facts };
  };
}
