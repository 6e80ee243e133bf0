import { randomBytes } from 'node:crypto';
import { EVERY_STORE } from '../../platform/database/catalog-writes.js';
import type { Kv } from '../../platform/kv/kv.js';

/**
 * Each store's catalogue version: a token that every committed catalogue write replaces
 * (catalog-writes.ts). Cached answers are keyed by it, so a write makes every earlier answer of
 * the store unreachable at once. Tokens are random rather than counted: a Redis that lost its keys
 * hands out a new token, never an old number that earlier answers were cached under. They live
 * in the KV: in the process's memory alone, or in Redis, where every process of a fleet reads
 * the same token.
 */
export class CatalogVersions {
  readonly #kv: Kv;

  constructor(kv: Kv) {
    this.#kv = kv;
  }

  /**
   * The store's current version: its own token and the one every store shares, which operator
   * writes replace. Null while a shared KV answers from one process's memory (Redis down): then
   * nothing may be cached.
   */
  async current(storeId: string): Promise<string | null> {
    if (this.#kv.degraded) return null;
    const [everyStore, store] = await Promise.all([this.#token(keyOf(EVERY_STORE)), this.#token(keyOf(storeId))]);
    return everyStore && store ? `${everyStore}.${store}` : null;
  }

  /** A new token for the store (or, for `EVERY_STORE`, for all of them): every answer cached before it is unreachable. */
  async bump(storeId: string): Promise<void> {
    await this.#kv.set(keyOf(storeId), newToken());
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

function newToken() {
  return randomBytes(9).toString('base64url');
}
