import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';

/** The only headers a browser may send cross-origin (Storefront spec, Authentication rule 3). */
export const corsAllowedHeaders = ['X-Client-Key', 'X-Cart-Session', 'If-None-Match', 'Content-Type', 'Accept'];
const corsExposedHeaders = ['X-Request-Id', 'X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset', 'Retry-After', 'ETag', 'Content-Language'];

/**
 * Preflights cannot carry the key, so they answer any origin; the real request is then checked
 * against the key's allowlist, and its answer names the origin so the browser shows the failure.
 */
export async function browserCors(scope: FastifyInstance) {
  await scope.register(cors, {
    origin: true,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: corsAllowedHeaders,
    exposedHeaders: corsExposedHeaders,
    maxAge: 600,
  });
}
