import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { registerGraphql } from '../graphql/mount-graphql.js';
import { registerHostedPages } from '../hosted/register-hosted-pages.js';
import { mediaServices } from '../domain/media/media-services.js';
import { testPaymentProvider } from '../domain/payments/test-provider.js';
import type { AppDeps } from './app-deps.js';
import { ApiError } from '../platform/errors/api-error.js';
import { registerRetiredPaths } from '../rest/merchant/retired-paths.js';
import { clientErrorHandler } from '../http/client-errors.js';
import { registerCompression } from '../http/compression.js';
import { registerDevMailbox } from '../http/dev-mailbox.js';
import { openCatalogCache } from '../http/response-cache/open-catalog-cache.js';
import { capConnectionsPerIp, slowClientTimeouts } from '../http/connection-guard.js';
import { registerErrorDocs } from '../http/error-docs.js';
import { refuseWhileStarting, registerHealth } from '../http/health.js';
import { registerMediaFiles } from '../http/media-files.js';
import { registerMetrics } from '../http/metrics.js';
import { requestIdOf } from '../http/request-id.js';
import { registerSecurityHeaders } from '../http/security-headers.js';
import { sendFailure } from '../http/send-failure.js';
import { trustedProxies } from '../http/trusted-proxies.js';
import { registerApiReference } from './api-reference.js';
import { registerRestSurfaces } from './rest-surfaces.js';
import { surfaceOfPath } from './surface-of-path.js';
import { openLiveEvents } from '../platform/live/live-events.js';
import { publishLiveOrderEvents } from './live-updates.js';
import { openTraffic, type Traffic } from '../domain/traffic/traffic-service.js';

export interface BuildOptions {
  /** Pino options; tests pass `false` to keep output quiet. */
  logger?: boolean | Record<string, unknown>;
  /** A logger the process already writes with (the server shares its own with the KV); wins over `logger`. */
  loggerInstance?: FastifyBaseLogger;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's traffic analytics: `traffic.flush()` moves what is buffered now (tests, shutdown). */
    traffic: Traffic;
  }
}

const silentTrafficLog = { warn: () => undefined, error: () => undefined };

export async function buildApp(given: AppDeps, options: BuildOptions = {}): Promise<FastifyInstance> {
  const media = given.media ?? mediaServices(given.config);
  const payments = given.payments !== undefined ? given.payments : given.config.paymentProvider === 'test' ? testPaymentProvider : null;
  const catalogReads =
    given.catalogReads ?? (await openCatalogCache(given.config.responseCache, given.kv, given.database.prisma, given.database.catalogChannel));
  const live = given.live ?? openLiveEvents(given.config.redisUrl, given.database.notifyChannel);
  const traffic = given.traffic ?? openTraffic(given.database.prisma, given.kv, { ...given.config.traffic, log: options.loggerInstance ?? silentTrafficLog });
  const deps: AppDeps = { ...given, media, payments, catalogReads, live, traffic };
  const docsUrl = `${deps.config.publicUrl}/docs/errors`;
  const fail = sendFailure('storefront', docsUrl);
  const app = Fastify({
    ...(options.loggerInstance ? { loggerInstance: options.loggerInstance } : { logger: options.logger ?? { level: deps.config.logLevel } }),
    genReqId: requestIdOf,
    logController: new LogController({ requestIdLogLabel: 'request_id' }),
    bodyLimit: deps.config.bodyLimitBytes,
    http: slowClientTimeouts(deps.config.connections),
    requestTimeout: deps.config.connections.requestTimeoutMs,
    // Requests that reach a closing server are still answered (with Connection: close): the shutdown bounds how long that lasts.
    return503OnClosing: false,
    trustProxy: trustedProxies(deps.config.trustProxy),
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 2048 },
    // Errors raised while routing, before any hook runs, still leave in the failure envelope.
    frameworkErrors: (error, request, reply) => {
      reply.header('x-request-id', request.id);
      const apiError =
        error.code === 'FST_ERR_MAX_PARAM_LENGTH'
          ? new ApiError('not_found', 'No record has an id this long.')
          : new ApiError('bad_request', 'The request URL is not valid (check its percent-encoding).');
      return fail(apiError, request, reply);
    },
    clientErrorHandler: clientErrorHandler({ docsUrl, surfaceOf: surfaceOfPath }),
  });
  capConnectionsPerIp(app.server, deps.config.connections.maxPerIp);
  app.decorateRequest('ctx', null as never);
  await registerSecurityHeaders(app);
  await registerCompression(app);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  if (deps.starting) refuseWhileStarting(app, deps.starting);
  app.setErrorHandler(fail);
  app.setNotFoundHandler(async (request) => {
    throw new ApiError(
      'route_not_available',
      `${request.method} ${request.url.split('?')[0]} is not a Bazaar path. The APIs live under /v1, /api/v1/merchant and /graphql.`,
    );
  });

  registerMetrics(app, { database: deps.database, token: deps.config.metricsToken, cache: catalogReads.cache });
  registerHealth(app, deps);
  registerErrorDocs(app);
  registerMediaFiles(app, media.storage);
  if (deps.config.devMailbox) registerDevMailbox(app, deps.database);
  await registerApiReference(app, deps);
  await registerRestSurfaces(app, deps);
  await registerRetiredPaths(app, deps);
  await registerGraphql(app, deps, live);
  await registerHostedPages(app, deps, live);
  if (!given.catalogReads) app.addHook('onClose', async () => catalogReads.stop());
  const stopPublishing = publishLiveOrderEvents(deps.database.prisma, live);
  // Before the server waits for its requests: a live stream would otherwise hold it open to the end of the grace period.
  app.addHook('preClose', async () => live.endStreams());
  app.addHook('onClose', async () => {
    stopPublishing();
    if (!given.live) await live.close();
  });
  app.decorate('traffic', traffic);
  if (!given.traffic) app.addHook('onClose', async () => traffic.stop());
  return app;
}
