import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { ApiError } from '../platform/errors/api-error.js';
import { registerGraphql } from '../graphql/register-graphql.js';
import type { AppDeps } from './app-deps.js';
import { registerErrorDocs } from './error-docs.js';
import { requestIdOf } from './request-id.js';
import { registerRetiredPaths } from './retired-paths.js';
import { sendFailure } from './send-failure.js';
import { registerRestSurfaces } from './surfaces.js';

export interface BuildOptions {
  /** Pino options; tests pass `false` to keep output quiet. */
  logger?: boolean | Record<string, unknown>;
}

export async function buildApp(deps: AppDeps, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? { level: deps.config.logLevel },
    genReqId: requestIdOf,
    logController: new LogController({ requestIdLogLabel: 'request_id' }),
    bodyLimit: deps.config.bodyLimitBytes,
    trustProxy: deps.config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 2048 },
  });
  app.decorateRequest('ctx', null as never);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  app.setErrorHandler(sendFailure('storefront', `${deps.config.publicUrl}/docs/errors`));
  app.setNotFoundHandler(async (request) => {
    throw new ApiError('route_not_available', `${request.method} ${request.url.split('?')[0]} is not a Bazaar path. The APIs live under /v1, /api/v1/merchant and /graphql.`);
  });

  app.get('/health', async () => ({ status: 'ok', database: deps.database.engine }));
  registerErrorDocs(app);
  await registerRestSurfaces(app, deps);
  await registerRetiredPaths(app, deps);
  await registerGraphql(app, deps);
  return app;
}
