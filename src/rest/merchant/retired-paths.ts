import type { FastifyInstance } from 'fastify';
import { sendFailure } from '../../http/send-failure.js';
import type { AppDeps } from '../../app/app-deps.js';
import { ApiError } from '../../platform/errors/api-error.js';
import { MERCHANT_PREFIX, merchantRoutes } from './routes.js';

/** Dashboard-style paths that took keys before the merchant API existed. */
export const retiredPrefixes = ['/api/v1/vendor', '/api/vendor'];

function toRegex(url: string) {
  return new RegExp(`^${url.replace(/:[^/]+/g, '[^/]+')}$`);
}

/** The merchant path that replaced a retired dashboard-style one, if this release serves it. */
export function currentMerchantPath(retiredRest: string): string | null {
  const path = retiredRest.split('?')[0]!.replace(/\/$/, '') || '/';
  return merchantRoutes.some((r) => toRegex(r.url).test(path)) ? `${MERCHANT_PREFIX}${path}` : null;
}

/** Retired paths refuse keys with 403 route_not_available, naming the current merchant path. */
export async function registerRetiredPaths(app: FastifyInstance, deps: AppDeps) {
  for (const prefix of retiredPrefixes) {
    await app.register(
      async (scope) => {
        scope.setErrorHandler(sendFailure('merchant', `${deps.config.publicUrl}/docs/errors`));
        scope.all('/*', async (request) => {
          const rest = request.url.slice(prefix.length) || '/';
          const current = currentMerchantPath(rest);
          throw new ApiError(
            'route_not_available',
            current
              ? `${prefix}${rest.split('?')[0]} was retired and no longer accepts API keys; use ${current}.`
              : `${prefix}${rest.split('?')[0]} was retired and no longer accepts API keys; the Merchant API lives under /api/v1/merchant.`,
          );
        });
      },
      { prefix },
    );
  }
}
