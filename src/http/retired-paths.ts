import type { FastifyInstance } from 'fastify';
import { ApiError } from '../platform/errors/api-error.js';
import type { AppDeps } from './app-deps.js';
import { sendFailure } from './send-failure.js';
import { currentMerchantPath } from './surfaces.js';

/** Dashboard-style paths that took keys before the merchant API existed. */
export const retiredPrefixes = ['/api/v1/vendor', '/api/vendor'];

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
