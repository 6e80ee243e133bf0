import type { FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { ZodType } from 'zod';
import type { Surface } from '../../platform/errors/error-codes.js';
import { parseInput } from '../../platform/validation/parse-input.js';
import type { CatalogCache } from './catalog-cache.js';
import { sendCached } from './send-cached.js';

/** What the cache needs of a REST route (src/rest/kit/route.ts): its path, its schemas and whether it declares `cache: 'catalogue'`. */
interface CachedRoute {
  method: string;
  url: string;
  cache?: 'catalogue';
  params?: ZodType;
  query?: ZodType;
}

/** URLs already validated, by method and URL: validating a query costs more than finding its answer. */
const readsByUrl = new LRUCache<string, string>({ max: 10_000, ttl: 60_000 });

/**
 * The read as the route understands it: its path and query parameters after validation, so
 * parameters in another order, or ones the route does not take, share one answer (and junk
 * parameters cannot fill the cache with copies of it; at most they churn the bounded list of
 * URLs already seen).
 */
function readOf(route: CachedRoute, request: FastifyRequest): string {
  const url = `${route.method} ${request.url}`;
  const known = readsByUrl.get(url);
  if (known) return known;
  const params = route.params ? parseInput(route.params, request.params ?? {}) : undefined;
  const query = route.query ? parseInput(route.query, request.query ?? {}) : undefined;
  const read = `${route.method} ${route.url} ${JSON.stringify(params ?? null)} ${JSON.stringify(query ?? null)}`;
  readsByUrl.set(url, read);
  return read;
}

/**
 * A read of a route that declares `cache: 'catalogue'`: answered from the catalogue cache when it
 * holds this read at the store's current version, or once another request's build of it is kept
 * (true); otherwise marked so its answer is kept as it leaves, the other misses of the read
 * waiting for it until it has been sent (false).
 */
export async function answeredFromCache(cache: CatalogCache | null, surface: Surface, route: CachedRoute, request: FastifyRequest, reply: FastifyReply) {
  if (!cache || route.cache !== 'catalogue' || route.method !== 'GET') return false;
  const key = cache.keyOf(request.ctx, surface, readOf(route, request));
  if (!key) return false;
  const { kept, built } = await cache.lookUp(key, request.ctx);
  if (kept) {
    await sendCached(reply, key, kept, cache);
    return true;
  }
  request.catalogCacheKey = key;
  request.catalogCacheBuilt = built;
  return false;
}
