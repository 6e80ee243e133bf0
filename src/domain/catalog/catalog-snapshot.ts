import { dependsOnStock, type StockReads } from '../../platform/database/stock-reads.js';

/**
 * The catalogue version a request read before any catalogue row (http/response-cache/catalog-versions.ts),
 * with what is already known at that version. Every catalogue write replaces the version, so a
 * figure kept here can never outlive the rows it was counted from.
 */
export interface CatalogSnapshot {
  version: string;
  /** The store's sales token, read with the version: what stock writes replace instead of it. */
  sales: string;
  /** Page-mode totals counted at this version, by list and condition. */
  counts: { get(key: string): number | undefined; set(key: string, total: number): void };
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
  const key = `${list}:${JSON.stringify(where)}`;
  const known = ctx.catalog.counts.get(key);
  if (known !== undefined) return known;
  const total = await count();
  ctx.catalog.counts.set(key, total);
  return total;
}
