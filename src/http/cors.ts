import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../platform/errors/api-error.js';

/** The only headers a browser may send cross-origin (Storefront spec, Authentication rule 3). */
export const corsAllowedHeaders = ['X-Client-Key', 'X-Cart-Session', 'If-None-Match', 'Content-Type', 'Accept'];
const corsExposedHeaders = ['X-Request-Id', 'X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset', 'Retry-After', 'ETag', 'Content-Language'];

/**
 * Preflights cannot carry the key, so they answer any origin; the real request is then checked
 * against the key's allowlist, and its answer names the origin so the browser shows the failure.
 * An OPTIONS that is not a whole preflight is refused here, in the failure envelope, rather than
 * by the plugin's plain-text 400.
 */
export async function browserCors(scope: FastifyInstance) {
  scope.addHook('onRequest', async (request) => {
    if (request.method === 'OPTIONS' && (!request.headers.origin || !request.headers['access-control-request-method'])) {
      throw new ApiError('bad_request', 'OPTIONS is answered here only as a CORS preflight: send Origin and Access-Control-Request-Method.');
    }
  });
  await scope.register(cors, {
    origin: true,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: corsAllowedHeaders,
    exposedHeaders: corsExposedHeaders,
    maxAge: 600,
    strictPreflight: false,
  });
}
