import type { FastifyReply, FastifyRequest } from 'fastify';
import { sha256Hex } from '../platform/crypto/tokens.js';
import { ApiError } from '../platform/errors/api-error.js';
import type { ErrorCode } from '../platform/errors/error-codes.js';
import type { Kv } from '../platform/kv/kv.js';

const WINDOW_MS = 60_000;

/** Answers that mean the key sent opened nothing. */
const refusedKeyCodes = new Set<ErrorCode>(['client_key_required', 'invalid_client_key', 'unauthenticated', 'api_key_revoked', 'api_key_expired']);

export interface RateLimitOptions {
  /** One budget per client IP whatever key is sent, for pages that take no key (GraphiQL). */
  perClientIpOnly?: boolean;
}

/**
 * A fixed one-minute window per API key and client IP. The counters live in the KV port, so
 * processes sharing Redis share one budget. Every answer carries the X-RateLimit-* headers.
 *
 * Each key has its own budget, so a caller could dodge the limit by sending a new made-up key on
 * every call; calls whose key opens nothing therefore also count against one budget per IP, and
 * past it that IP is refused before any key is looked up, for the rest of the window.
 */
export function rateLimits(kv: Kv, bucket: string, limitPerMinute: number, clock: () => number = Date.now, options: RateLimitOptions = {}) {
  const windowOf = (request: FastifyRequest) => {
    const now = clock();
    const start = now - (now % WINDOW_MS);
    return { now, resetAt: start + WINDOW_MS, refusedKey: `rl:${bucket}:refused:${request.ip}:${start}`, start };
  };
  const tooMany = (message: string, resetAt: number, now: number) => {
    const retryAfter = Math.max(1, Math.ceil((resetAt - now) / 1000));
    return new ApiError('too_many_requests', `${message}; retry in ${retryAfter} s.`, { headers: { 'retry-after': String(retryAfter) } });
  };

  async function onRequest(request: FastifyRequest, reply: FastifyReply) {
    if (limitPerMinute <= 0 || request.method === 'OPTIONS') return;
    const key = request.headers['x-client-key'];
    const caller = !options.perClientIpOnly && typeof key === 'string' && key ? sha256Hex(key).slice(0, 24) : 'anonymous';
    const { now, resetAt, refusedKey, start } = windowOf(request);
    let count: number;
    let refused: number;
    try {
      refused = Number((await kv.get(refusedKey)) ?? 0);
      ({ count } = await kv.increment(`rl:${bucket}:${caller}:${request.ip}:${start}`, resetAt - now + 1000));
    } catch (error) {
      // A KV outage must not take the API down with it: the call goes through unlimited, and the log says so.
      request.log.warn({ err: error }, 'rate limit skipped: the KV store did not answer');
      return;
    }
    reply.header('x-ratelimit-limit', String(limitPerMinute));
    reply.header('x-ratelimit-remaining', String(Math.max(0, limitPerMinute - count)));
    reply.header('x-ratelimit-reset', String(Math.ceil(resetAt / 1000)));
    if (refused >= limitPerMinute) throw tooMany(`Too many calls from this address with keys that open nothing (${limitPerMinute} a minute)`, resetAt, now);
    if (count > limitPerMinute) throw tooMany(`Rate limit of ${limitPerMinute} requests per minute reached`, resetAt, now);
  }

  async function onError(request: FastifyRequest, _reply: FastifyReply, error: Error) {
    if (limitPerMinute <= 0 || !(error instanceof ApiError) || !refusedKeyCodes.has(error.code)) return;
    const { now, resetAt, refusedKey } = windowOf(request);
    await kv.increment(refusedKey, resetAt - now + 1000).catch((failure: unknown) => request.log.warn({ err: failure }, 'refused-key count skipped'));
  }

  return { onRequest, onError };
}
