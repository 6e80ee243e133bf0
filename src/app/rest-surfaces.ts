import type { FastifyInstance } from 'fastify';
import { browserCors } from '../http/cors.js';
import type { AppDeps } from './app-deps.js';
import { ApiError } from '../platform/errors/api-error.js';
import { registerSurface } from '../rest/kit/surface.js';
import { MERCHANT_PREFIX, merchantRoutes } from '../rest/merchant/routes.js';
import { STOREFRONT_PREFIX, storefrontRoutes } from '../rest/storefront/routes.js';

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
