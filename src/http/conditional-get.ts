import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CachedAnswer } from './response-cache/cached-answers.js';
import type { CatalogCache } from './response-cache/catalog-cache.js';
import { sendableForm } from './response-cache/send-cached.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by a cacheable read that missed: its answer is kept under this key as it leaves. */
    catalogCacheKey?: string;
    /** Set with `catalogCacheKey`: tells the misses of the same read waiting for this one that its answer is kept (or will not be). */
    catalogCacheBuilt?: () => void;
  }
}

/** Whether If-None-Match names this ETag (weakly compared, as for a GET). */
export function etagMatches(ifNoneMatch: string, etag: string): boolean {
  const bare = etag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((candidate) => {
    const c = candidate.trim();
    return c === '*' || c.replace(/^W\//, '') === bare;
  });
}

/**
 * Successful reads carry an ETag of their body; the same value in If-None-Match answers 304 with
 * no body. An answer from the catalogue cache brings its ETag along, so a repeat is neither built
 * nor hashed again; a cacheable read that missed is kept as it leaves, before any 304, and leaves
 * in the compressed form the cache keeps for it.
 */
export function conditionalGet(cache: CatalogCache | null) {
  return async function answerConditionally(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
    if ((request.method !== 'GET' && request.method !== 'HEAD') || reply.statusCode !== 200) return payload;
    const known = reply.getHeader('etag');
    // A string is an answer built now; bytes with an ETag are one the cache sent as it first left.
    if (typeof payload !== 'string' && !(Buffer.isBuffer(payload) && typeof known === 'string')) return payload;
    // Encoded once, then hashed, kept and sent as these bytes: a page with a character past ASCII is held as UTF-16, and encoding 300 KB of it costs about half a millisecond each time.
    const body = typeof payload === 'string' ? Buffer.from(payload, 'utf8') : payload;
    const etag = typeof known === 'string' ? known : `W/"${createHash('sha1').update(body).digest('base64url')}"`;
    reply.header('etag', etag);
    reply.header('cache-control', 'private, no-cache');
    let kept: CachedAnswer | null = null;
    if (cache && request.catalogCacheKey && typeof payload === 'string') {
      const language = reply.getHeader('content-language');
      const answer = {
        body,
        etag,
        contentType: String(reply.getHeader('content-type')),
        ...(typeof language === 'string' ? { contentLanguage: language } : {}),
      };
      // The answer is good whether or not it could be kept: a cache that fails costs a later miss, never this request.
      kept = await cache.keep(request.catalogCacheKey, request.ctx, answer).catch((error: unknown) => {
        request.log.warn({ err: error }, 'catalogue answer not cached');
        return null;
      });
      request.catalogCacheBuilt?.();
    }
    const ifNoneMatch = request.headers['if-none-match'];
    if (typeof ifNoneMatch === 'string' && etagMatches(ifNoneMatch, etag)) {
      reply.code(304);
      reply.removeHeader('content-type');
      reply.removeHeader('content-length');
      return '';
    }
    // A kept answer leaves in the form it keeps, so the one compression it needs is the one kept (and the plugin passes it on).
    return (kept && cache && sendableForm(reply, request.catalogCacheKey!, kept, cache)) ?? body;
  };
}
