import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CatalogCache } from '../../http/response-cache/catalog-cache.js';
import { sendCached } from '../../http/response-cache/send-cached.js';
import type { RestSurface } from './surface.js';
import type { RestRoute } from './route.js';

/** The path with its query parameters in one order, so `?a=1&b=2` and `?b=2&a=1` share an answer. */
export function normalizedRead(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const params = new URLSearchParams(url.slice(at + 1));
  params.sort();
  return `${url.slice(0, at)}?${params}`;
}

/**
 * A read of a route that declares `cache: 'catalogue'`: answered from the catalogue cache when it
 * holds this read at the store's current version (true), or marked so its answer is kept as it
 * leaves (false).
 */
export async function answeredFromCache(cache: CatalogCache | null, surface: RestSurface, route: RestRoute, request: FastifyRequest, reply: FastifyReply) {
  if (!cache || route.cache !== 'catalogue' || route.method !== 'GET') return false;
  const key = cache.keyOf(request.ctx, surface, normalizedRead(request.url));
  if (!key) return false;
  const kept = await cache.read(key, request.ctx);
  if (kept) {
    await sendCached(reply, kept);
    return true;
  }
  request.catalogCacheKey = key;
  return false;
}
