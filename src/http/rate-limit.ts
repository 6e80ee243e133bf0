import type { FastifyReply, FastifyRequest } from 'fastify';
import { sha256Hex } from '../platform/crypto/tokens.js';
import { ApiError } from '../platform/errors/api-error.js';
import type { Kv } from '../platform/kv/kv.js';

const WINDOW_MS = 60_000;

/**
 * A fixed one-minute window per API key and client IP. The counter lives in the KV port, so
 * processes sharing Redis share one budget. Every answer carries the X-RateLimit-* headers.
 */
export function rateLimitHook(kv: Kv, bucket: string, limitPerMinute: number, clock: () => number = Date.now) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (limitPerMinute <= 0 || request.method === 'OPTIONS') return;
    const key = request.headers['x-client-key'];
    const caller = typeof key === 'string' && key ? sha256Hex(key).slice(0, 24) : 'anonymous';
    const now = clock();
    const windowStart = now - (now % WINDOW_MS);
    const resetAt = windowStart + WINDOW_MS;
    let count: number;
    try {
      ({ count } = await kv.increment(`rl:${bucket}:${caller}:${request.ip}:${windowStart}`, resetAt - now + 1000));
    } catch (error) {
      // A KV outage must not take the API down with it: the call goes through unlimited, and the log says so.
      request.log.warn({ err: error }, 'rate limit skipped: the KV store did not answer');
      return;
    }
    reply.header('x-ratelimit-limit', String(limitPerMinute));
    reply.header('x-ratelimit-remaining', String(Math.max(0, limitPerMinute - count)));
    reply.header('x-ratelimit-reset', String(Math.ceil(resetAt / 1000)));
    if (count > limitPerMinute) {
      const retryAfter = Math.max(1, Math.ceil((resetAt - now) / 1000));
      throw new ApiError('too_many_requests', `Rate limit of ${limitPerMinute} requests per minute reached; retry in ${retryAfter} s.`, {
        headers: { 'retry-after': String(retryAfter) },
      });
    }
  };
}
