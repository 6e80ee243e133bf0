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
 * The KV port answers even while Redis does not (openKv falls back to this process's memory), so
 * a limit always applies: per process during an outage, shared otherwise.
 *
 * Each key has its own budget, so a caller could dodge the limit by sending a new made-up key on
 * every call; calls whose key opens nothing therefore also spend a budget of their own per IP,
 * and past it they answer 429. That budget is counted only once the key has been looked up and
 * refused, so it never stops a valid key sent from the same address.
 */
export function rateLimits(kv: Kv, bucket: string, limitPerMinute: number, clock: () => number = Date.now, options: RateLimitOptions = {}) {
  const windowOf = () => {
    const now = clock();
    const start = now - (now % WINDOW_MS);
    return { now, start, resetAt: start + WINDOW_MS, ttlMs: WINDOW_MS - (now - start) + 1000 };
  };
  const sendHeaders = (reply: FastifyReply, count: number, resetAt: number) => {
    reply.header('x-ratelimit-limit', String(limitPerMinute));
    reply.header('x-ratelimit-remaining', String(Math.max(0, limitPerMinute - count)));
    reply.header('x-ratelimit-reset', String(Math.ceil(resetAt / 1000)));
  };
  const tooMany = (message: string, resetAt: number, now: number) => {
    const retryAfter = Math.max(1, Math.ceil((resetAt - now) / 1000));
    return new ApiError('too_many_requests', `${message}; retry in ${retryAfter} s.`, { headers: { 'retry-after': String(retryAfter) } });
  };

  async function onRequest(request: FastifyRequest, reply: FastifyReply) {
    if (limitPerMinute <= 0 || request.method === 'OPTIONS') return;
    const key = request.headers['x-client-key'];
    const caller = !options.perClientIpOnly && typeof key === 'string' && key ? sha256Hex(key).slice(0, 24) : 'anonymous';
    const { now, start, resetAt, ttlMs } = windowOf();
    const { count } = await kv.increment(`rl:${bucket}:${caller}:${request.ip}:${start}`, ttlMs);
    sendHeaders(reply, count, resetAt);
    if (count > limitPerMinute) throw tooMany(`Rate limit of ${limitPerMinute} requests per minute reached`, resetAt, now);
  }

  /**
   * Runs the key lookup. A key that opens nothing spends its address's refused-key budget (and
   * the headers then describe that budget); past the budget the answer is 429 instead of the refusal.
   */
  async function lookUpKey<T>(request: FastifyRequest, reply: FastifyReply, lookUp: () => Promise<T>): Promise<T> {
    try {
      return await lookUp();
    } catch (error) {
      if (limitPerMinute <= 0 || !(error instanceof ApiError) || !refusedKeyCodes.has(error.code)) throw error;
      const { now, start, resetAt, ttlMs } = windowOf();
      const { count } = await kv.increment(`rl:${bucket}:refused:${request.ip}:${start}`, ttlMs);
      sendHeaders(reply, count, resetAt);
      if (count > limitPerMinute) throw tooMany(`Too many calls from this address with keys that open nothing (${limitPerMinute} a minute)`, resetAt, now);
      throw error;
    }
  }

  return { onRequest, lookUpKey };
}
