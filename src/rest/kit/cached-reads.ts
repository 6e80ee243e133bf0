import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CatalogCache } from '../../http/response-cache/catalog-cache.js';
import { sendCached } from '../../http/response-cache/send-cached.js';
import { parseInput } from '../../platform/validation/parse-input.js';
import type { RestSurface } from './surface.js';
import type { RestRoute } from './route.js';

/**
 * The read as the route understands it: its path and query parameters after validation, so
 * parameters in another order, or ones the route does not take, share one answer (and junk
 * parameters cannot fill the cache with copies of it).
 */
function readOf(route: RestRoute, request: FastifyRequest): string {
  const params = route.params ? parseInput(route.params, request.params ?? {}) : undefined;
  const query = route.query ? parseInput(route.query, request.query ?? {}) : undefined;
  return `${route.method} ${route.url} ${JSON.stringify(params ?? null)} ${JSON.stringify(query ?? null)}`;
}

/**
 * A read of a route that declares `cache: 'catalogue'`: answered from the catalogue cache when it
 * holds this read at the store's current version (true), or marked so its answer is kept as it
 * leaves (false).
 */
export async function answeredFromCache(cache: CatalogCache | null, surface: RestSurface, route: RestRoute, request: FastifyRequest, reply: FastifyReply) {
  if (!cache || route.cache !== 'catalogue' || route.method !== 'GET') return false;
  const key = cache.keyOf(request.ctx, surface, readOf(route, request));
  if (!key) return false;
  const kept = await cache.read(key, request.ctx);
  if (kept) {
    await sendCached(reply, kept);
    return true;
  }
  request.catalogCacheKey = key;
  return false;
}
