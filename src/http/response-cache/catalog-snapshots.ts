import { LRUCache } from 'lru-cache';
import type { CatalogSnapshot } from '../../domain/catalog/catalog-snapshot.js';

/**
 * Entries kept across stores: a store's catalogue reads keep a handful (its locales, automatic
 * discounts, categories, metafield definitions, the collections asked for, page-mode totals), so this
 * serves a few thousand stores at once; an evicted entry is simply read again.
 */
const MAX_KEPT = 20_000;

/**
 * What a store's catalogue reads learn at one catalogue version, for the next read of the store at
 * the same version in this process, whether or not answers are cached. Each entry is under the
 * version read before its rows (at the key's lookup): a write that commits meanwhile replaces the
 * version, so a row is at worst kept under the version before it, never an old row under a new
 * version. An entry lives at most the cache's maximum age, the bound on writes this process never
 * hears of (SQL by hand, a notification lost).
 */
export class CatalogSnapshots {
  readonly #kept: LRUCache<string, { value: Promise<unknown> }>;

  constructor(maxAgeMs: number) {
    this.#kept = new LRUCache({ max: MAX_KEPT, ttl: maxAgeMs });
  }

  snapshot(storeId: string, version: string, sales: string): CatalogSnapshot {
    const prefix = `${storeId}:${version}:`;
    const kept = this.#kept;
    return {
      version,
      sales,
      kept<T>(name: string, read: () => Promise<T>): Promise<T> {
        const key = prefix + name;
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
      },
    };
  }
}
