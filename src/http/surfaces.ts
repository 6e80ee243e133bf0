import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../platform/errors/api-error.js';
import { merchantRoutes } from '../rest/merchant/merchant-routes.js';
import { storefrontRoutes } from '../rest/storefront/storefront-routes.js';
import type { AppDeps } from './app-deps.js';
import { registerSurface } from './rest-surface.js';

export const STOREFRONT_PREFIX = '/v1';
export const MERCHANT_PREFIX = '/api/v1/merchant';

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

function toRegex(url: string) {
  return new RegExp(`^${url.replace(/:[^/]+/g, '[^/]+')}$`);
}

/** The merchant path that replaced a retired dashboard-style one, if this release serves it. */
export function currentMerchantPath(retiredRest: string): string | null {
  const path = retiredRest.split('?')[0]!.replace(/\/$/, '') || '/';
  return merchantRoutes.some((r) => toRegex(r.url).test(path)) ? `${MERCHANT_PREFIX}${path}` : null;
}

export async function registerRestSurfaces(app: FastifyInstance, deps: AppDeps) {
  await registerSurface(app, deps, {
    surface: 'storefront',
    prefix: STOREFRONT_PREFIX,
    routes: storefrontRoutes,
    rateLimitPerMinute: deps.config.rateLimits.storefront,
    setup: browserCors,
    notFound: (request) => new ApiError('route_not_available', `${request.method} ${request.url.split('?')[0]} is not part of the Storefront API.`),
  });
  await registerSurface(app, deps, {
    surface: 'merchant',
    prefix: MERCHANT_PREFIX,
    routes: merchantRoutes,
    rateLimitPerMinute: deps.config.rateLimits.merchant,
    notFound: (request) =>
      request.headers['x-client-key']
        ? new ApiError('route_not_available', `${request.method} ${request.url.split('?')[0]} is not part of the Merchant API.`)
        : new ApiError('unauthenticated', 'Send a private API key in the X-Client-Key header.'),
  });
}
