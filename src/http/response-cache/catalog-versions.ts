import { randomBytes } from 'node:crypto';
import type { StoreTokens } from '../../auth/key-lookup.js';
import type { CachedReadsScope } from '../../platform/database/catalog-models.js';
import { EVERY_STORE } from '../../platform/database/catalog-writes.js';
import type { Kv } from '../../platform/kv/kv.js';

/**
 * Each store's catalogue version: a token that every committed catalogue write replaces
 * (catalog-writes.ts). Cached answers are keyed by it, so a write makes every earlier answer of
 * the store unreachable at once. Beside it, the facts token, which only writes of what a request
 * reads before the catalogue replace (with the version): keys and the store's facts are kept
 * under it, so a product write reads none of them again. Tokens are random rather than counted: a
 * Redis that lost its keys hands out a new token, never an old number that earlier answers were
 * cached under. They live in the KV: in the process's memory alone, or in Redis, where every
 * process of a fleet reads the same token.
 */
export class CatalogVersions {
  readonly #kv: Kv;
  readonly #productTokenMs: number;

  /** `maxAgeMs`: the cache's maximum age, which a product's stock token outlives (`stockOf`), with room for the half of it an aged answer may still answer (cached-answers.ts). */
  constructor(kv: Kv, maxAgeMs = 3_600_000) {
    this.#kv = kv;
    this.#productTokenMs = 2 * maxAgeMs;
  }

  /**
   * The store's current tokens, read in one step: its version and its facts token (each its own
   * token and the one every store shares, which operator writes replace) and its sales token. Null
   * while a shared KV answers from one process's memory (Redis down): then nothing may be kept.
   */
  async current(storeId: string): Promise<StoreTokens | null> {
    if (this.#kv.degraded) return null;
    const keys = [keyOf(EVERY_STORE), keyOf(storeId), factsKeyOf(EVERY_STORE), factsKeyOf(storeId), salesKeyOf(storeId)];
    const read = await this.#kv.getMany(keys);
    const [everyStore, store, everyFacts, facts, sales] = read.every(Boolean) ? read : await Promise.all(keys.map((key) => this.#token(key)));
    if (!everyStore || !store || !everyFacts || !facts || !sales) return null;
    return { version: `${everyStore}.${store}`, sales, facts: `${everyFacts}.${facts}` };
  }

  /**
   * A new version for the store (or, for `EVERY_STORE`, for all of them): every answer cached
   * before it is unreachable; with `'facts'`, a new facts token in the same step.
   */
  async bump(storeId: string, scope: CachedReadsScope): Promise<void> {
    const tokens: [string, string][] = [[keyOf(storeId), newToken()]];
    if (scope === 'facts') tokens.push([factsKeyOf(storeId), newToken()]);
    await this.#kv.setMany(tokens);
  }

  /**
   * The store's sales token (replaced by every stock write of the store: a sale, a cancellation, an
   * adjustment that moves no product in or out of stock) and each product's stock token, read in
   * one atomic step, since a stock write replaces them together (`bumpStock`). A product never
   * written has none (null); its token, once written, outlives every answer that could have seen
   * it absent, so an absent token that was once present cannot make an old answer look current.
   */
  async stockOf(storeId: string, productIds: string[]): Promise<{ sales: string | null; products: (string | null)[] }> {
    const [sales = null, ...products] = await this.#kv.getMany([salesKeyOf(storeId), ...productIds.map(productKeyOf)]);
    return { sales, products };
  }

  /** New stock tokens for the products and a new sales token for their store, in one step. */
  async bumpStock(storeId: string, productIds: string[]): Promise<void> {
    await this.#kv.setMany([
      [salesKeyOf(storeId), newToken()],
      ...productIds.map((id): [string, string, number] => [productKeyOf(id), newToken(), this.#productTokenMs]),
    ]);
  }

  async #token(key: string): Promise<string | null> {
    const token = await this.#kv.get(key);
    if (token) return token;
    await this.#kv.set(key, newToken(), { onlyIfAbsent: true });
    return this.#kv.get(key);
  }
}

function keyOf(storeId: string) {
  return `catalog-version:${storeId}`;
}

function factsKeyOf(storeId: string) {
  return `catalog-facts:${storeId}`;
}

function salesKeyOf(storeId: string) {
  return `catalog-sales:${storeId}`;
}

function productKeyOf(productId: string) {
  return `catalog-stock:${productId}`;
}

function newToken() {
  return randomBytes(9).toString('base64url');
}
