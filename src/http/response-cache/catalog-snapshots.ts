import { LRUCache } from 'lru-cache';
import type { StoreTokens } from '../../auth/key-lookup.js';
import type { CatalogSnapshot } from '../../domain/catalog/catalog-snapshot.js';
import type { StoreFacts } from '../../domain/catalog/store-facts.js';

/**
 * Entries kept across stores: a store's catalogue reads keep a handful (its locales and automatic
 * discounts, categories, metafield definitions, the collections asked for, page-mode totals), so
 * this serves a few thousand stores at once; an evicted entry is simply read again.
 */
const MAX_KEPT = 20_000;

/** What the request's key lookup found with the tokens (src/auth/key-lookup.ts). */
export interface FoundWithKey {
  /** The store's facts read in the key's statement, or null. */
  facts: StoreFacts | null;
  /** Whether the tokens were read before the key's row (and the facts with it). */
  rowAtTokens: boolean;
}

/**
 * What a store's catalogue reads learn at one catalogue version (or, for the store's facts, one
 * facts token), for the next read of the store at the same version in this process, whether or
 * not answers are cached. Each entry is under the token read before its rows (at the key's
 * lookup): a write that commits meanwhile replaces the token, so a row is at worst kept under the
 * token before it, never an old row under a new token. An entry lives at most the cache's maximum
 * age, the bound on writes this process never hears of (SQL by hand, a notification lost).
 */
export class CatalogSnapshots {
  readonly #kept: LRUCache<string, { value: Promise<unknown> }>;

  constructor(maxAgeMs: number) {
    this.#kept = new LRUCache({ max: MAX_KEPT, ttl: maxAgeMs });
  }

  snapshot(storeId: string, tokens: StoreTokens, found: FoundWithKey): CatalogSnapshot {
    const factsKey = `facts:${storeId}:${tokens.facts}`;
    // Facts read before the tokens (a key's first request) serve their own request only.
    if (found.facts && found.rowAtTokens) this.#kept.set(factsKey, { value: Promise.resolve(found.facts) });
    return {
      version: tokens.version,
      sales: tokens.sales,
      keepsAnswers: found.rowAtTokens,
      kept: (name, read) => this.#keep(`version:${storeId}:${tokens.version}:${name}`, read),
      storeFacts: (read) => (found.facts ? Promise.resolve(found.facts) : this.#keep(factsKey, read)),
    };
  }

  #keep<T>(key: string, read: () => Promise<T>): Promise<T> {
    const kept = this.#kept;
    const found = kept.get(key);
    if (found) return found.value as Promise<T>;
    // Kept as a promise of its own: a Prisma query's promise holds the call's stack, and through it the request's context and loaders
    // (a whole page of rows) for as long as it is kept; this one holds the value alone once it settles.
    const value = Promise.resolve(read());
    const entry = { value };
    kept.set(key, entry);
    value.catch(() => {
      if (kept.get(key) === entry) kept.delete(key);
    });
    return value;
  }
}
