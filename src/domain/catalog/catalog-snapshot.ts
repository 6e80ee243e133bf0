import { dependsOnStock, type StockReads } from '../../platform/database/stock-reads.js';
import type { StoreFacts } from './store-facts.js';

/**
 * The catalogue version a catalogue read found before any catalogue row (http/response-cache/catalog-versions.ts),
 * with what is already known at that version. Every catalogue write replaces the version, so a
 * figure or row kept here can never outlive the rows it was read from. Catalogue reads have one
 * whether or not their answers are cached; a read that writes never does, since it could read its
 * own write back from before it.
 */
export interface CatalogSnapshot {
  version: string;
  /** The store's sales token, read with the version: what stock writes replace instead of it. */
  sales: string;
  /**
   * Whether an answer built at this version may be kept under it: not on a key's first request in
   * a process, whose store row was read before the version (src/auth/key-lookup.ts).
   */
  keepsAnswers: boolean;
  /**
   * What `read` answers, read once per store, version and `name` in the process (and at most the
   * cache's maximum age apart): `name` must say everything the read depends on. A read that fails is not kept.
   */
  kept<T>(name: string, read: () => Promise<T>): Promise<T>;
  /**
   * The store's locales and automatic discounts (store-facts.ts), read once per facts token, which
   * only writes of the store's facts replace (not a product's), or read with the request's key.
   */
  storeFacts(read: () => Promise<StoreFacts>): Promise<StoreFacts>;
  /** Set when this request builds an answer the cache keeps: what the build reads of stock. */
  build?: { reads: StockReads };
}

/**
 * The total of a page-mode list: counted once per catalogue version and condition, instead of a
 * `count(*)` over the whole catalogue on every page. The condition is the query's own `where`,
 * so every filter (and every instant a condition names) counts apart. A condition on stock levels
 * moves with every sale, which replaces no version: it is counted each time.
 */
export async function countAtVersion(
  ctx: { catalog?: CatalogSnapshot },
  list: string,
  where: Record<string, unknown>,
  count: () => Promise<number>,
): Promise<number> {
  if (!ctx.catalog || dependsOnStock(where)) return count();
  return ctx.catalog.kept(`count:${list}:${JSON.stringify(where)}`, count);
}
