import type { FastifyInstance, FastifyReply, FastifyRequest, RouteGenericInterface } from 'fastify';
import type { Traffic } from '../../domain/traffic/traffic-service.js';
import { describeRequirement, enforce, readsCustomer } from '../../auth/requirements.js';
import type { Ctx } from '../../domain/context.js';
import { conditionalGet } from '../../http/conditional-get.js';
import { rateLimits } from '../../http/rate-limit.js';
import { contextFor, customerOfToken } from '../../http/request-context.js';
import { sendFailure } from '../../http/send-failure.js';
import type { AppDeps } from '../../app/app-deps.js';
import { ApiError } from '../../platform/errors/api-error.js';
import type { Surface } from '../../platform/errors/error-codes.js';
import { parseInput } from '../../platform/validation/parse-input.js';
import { answeredFromCache } from '../../http/response-cache/rest-reads.js';
import { JsonText } from './json-text.js';
import { answerIdempotently, isWrite, sentAnswerOf } from './idempotent-writes.js';
import multipart from '@fastify/multipart';
import { multipartLimitsOf, readMultipartBody } from '../../http/multipart-body.js';
import { readRequestHeaders } from './request-readers.js';
import type { RequestHeaders, RestRoute } from './route.js';
import { toWireFields } from './wire-names.js';

export type RestSurface = Exclude<Surface, 'graphql'>;

export interface SurfaceDefinition {
  surface: RestSurface;
  prefix: string;
  routes: RestRoute[];
  rateLimitPerMinute: number;
  /** How a path outside the surface is answered. */
  notFound(request: FastifyRequest): ApiError;
  setup?(scope: FastifyInstance): Promise<void>;
}

interface RouteConfig {
  route?: RestRoute;
  methodNotAllowed?: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    ctx: Ctx;
  }
}

/**
 * The page-view route's own onSend hook: it records the view once its 200 answer is on its way, and
 * the answer never waits for it. Route-level hooks run after the surface's, so a 304 of the
 * conditional GET is not counted, and routes that are no page view pay nothing.
 */
function countPageView(traffic: Traffic, pageView: NonNullable<RestRoute['pageView']>) {
  return (request: FastifyRequest, reply: FastifyReply, payload: unknown, done: (error: null, payload: unknown) => void) => {
    if (request.method === 'GET' && reply.statusCode === 200 && request.ctx) {
      traffic.record({
        storeId: request.ctx.store.id,
        kind: pageView.kind,
        subject: pageView.subject ? (request.params as Record<string, string | undefined>)[pageView.subject] : undefined,
        clientIp: request.ip,
        userAgent: request.headers['user-agent'] ?? '',
        referrer: request.headers.referer,
        at: request.ctx.now,
      });
    }
    done(null, payload);
  };
}

const allMethods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/** Deny by default: a route that declares no requirement, or one its surface cannot satisfy, stops the start. */
export function checkDeclaredAuth(surface: RestSurface, route: RestRoute) {
  const name = `${route.method} ${route.url}`;
  if (!route.auth) throw new Error(`${surface} route ${name} declares no auth requirement`);
  if (surface === 'merchant' && route.auth.kind !== 'scope') {
    throw new Error(`merchant route ${name} must require a scope, not a ${describeRequirement(route.auth)}`);
  }
  if (surface === 'storefront' && route.auth.kind !== 'storeKey' && !readsCustomer(route.auth)) {
    throw new Error(`storefront route ${name} must require a store key (and perhaps a customer), not a ${describeRequirement(route.auth)}`);
  }
}

async function answer(route: RestRoute, request: FastifyRequest, headers: RequestHeaders) {
  const input = {
    params: route.params ? parseInput(route.params, request.params ?? {}) : undefined,
    query: route.query ? parseInput(route.query, request.query ?? {}) : undefined,
    body: route.body ? parseInput(route.body, request.body ?? {}) : undefined,
    headers,
  };
  try {
    return await route.handle(request.ctx, input);
  } catch (error) {
    throw error instanceof ApiError ? toWireFields(error, route.wireNames, [request.body, request.query, request.params]) : error;
  }
}

export function registerSurface(app: FastifyInstance, deps: AppDeps, definition: SurfaceDefinition) {
  const { surface } = definition;
  for (const route of definition.routes) checkDeclaredAuth(surface, route);
  const docsUrl = `${deps.config.publicUrl}/docs/errors`;
  const cache = deps.catalogReads?.cache ?? null;
  const uploadLimits = multipartLimitsOf(deps.config);
  return app.register(
    async (scope) => {
      // The error handler first, so the routes plugins add (the CORS preflight) fail in this surface's envelope too.
      scope.setErrorHandler(sendFailure(surface, docsUrl));
      // Bodies are JSON (multipart only on routes that take files): without Fastify's default text
      // parser, a text/plain body answers 415 like every other type, instead of reaching a schema as a string.
      scope.removeContentTypeParser('text/plain');
      await definition.setup?.(scope);
      const limits = rateLimits(deps.kv, surface, definition.rateLimitPerMinute, deps.clock);
      scope.addHook('onRequest', limits.onRequest);
      scope.addHook('onRequest', async (request, reply) => {
        const { route } = request.routeOptions.config as RouteConfig;
        if (!route || request.method === 'OPTIONS') return;
        const catalogueRead = route.cache === 'catalogue' && route.method === 'GET';
        request.ctx = await limits.lookUpKey(request, reply, () => contextFor(deps, request, surface, catalogueRead));
        enforce(route.auth, request.ctx.principal);
        if (readsCustomer(route.auth)) {
          const { bearerToken } = readRequestHeaders(request);
          if (bearerToken || route.auth.kind === 'customer') {
            request.ctx.customer = await customerOfToken(deps, request.ctx, bearerToken);
          }
        }
      });
      scope.addHook('onSend', conditionalGet(cache));
      // A miss whose answer was not kept (an error, a 304 before keeping) still releases the reads waiting for it.
      scope.addHook('onResponse', async (request) => request.catalogCacheBuilt?.());
      scope.setNotFoundHandler(async (request) => {
        throw definition.notFound(request);
      });

      const addRoute = (target: FastifyInstance, route: RestRoute) =>
        target.route<RouteGenericInterface, RouteConfig>({
          method: route.method,
          url: route.url,
          config: { route },
          // Cached answers pass here too.
          onSend: deps.traffic && route.pageView ? [countPageView(deps.traffic, route.pageView)] : [],
          handler: async (request, reply) => {
            const headers = readRequestHeaders(request);
            const { idempotencyKey } = headers;
            if (isWrite(route) && idempotencyKey !== undefined) {
              const sent = await answerIdempotently(request, { ...headers, idempotencyKey }, async (callCtx) => {
                request.ctx = callCtx;
                return sentAnswerOf(route, await answer(route, request, headers));
              });
              reply.headers(sent.headers);
              if (sent.replayed) reply.header('idempotent-replayed', 'true');
              return reply.code(sent.status).send(sent.body);
            }
            if (await answeredFromCache(cache, surface, route, request, reply)) return reply;
            const build = () => answer(route, request, headers);
            const result = await (cache && request.catalogCacheKey ? cache.building(request.ctx, build) : build());
            for (const [name, value] of Object.entries(result.headers ?? {})) reply.header(name, value);
            if (result.contentLanguage) reply.header('content-language', result.contentLanguage);
            reply.code(result.status ?? route.status ?? 200);
            return result.body instanceof JsonText ? reply.type('application/json; charset=utf-8').send(result.body.text) : reply.send(result.body);
          },
        });

      const methodsByUrl = new Map<string, Set<string>>();
      for (const route of definition.routes) {
        methodsByUrl.set(route.url, (methodsByUrl.get(route.url) ?? new Set()).add(route.method));
        if (!route.uploads) addRoute(scope, route);
      }
      // Only routes that take files parse multipart/form-data: without the parser, every other route answers it with 415.
      const uploads = definition.routes.filter((route) => route.uploads);
      if (uploads.length) {
        await scope.register(async (uploadScope) => {
          // readFile answers a file over its limit itself, naming the field.
          await uploadScope.register(multipart, { throwFileSizeLimit: false });
          uploadScope.addHook('preValidation', async (request, reply) => {
            if (request.isMultipart()) request.body = await readMultipartBody(request, reply, uploadLimits);
          });
          for (const route of uploads) addRoute(uploadScope, route);
        });
      }
      for (const [url, methods] of methodsByUrl) {
        const allowed = [...methods, ...(methods.has('GET') ? ['HEAD'] : [])].join(', ');
        const others = allMethods.filter((m) => !methods.has(m));
        if (!others.length) continue;
        scope.route({
          method: others,
          url,
          config: { methodNotAllowed: true } satisfies RouteConfig,
          handler: async (request, reply) => {
            reply.header('allow', allowed);
            throw new ApiError('method_not_allowed', `${request.method} is not supported on ${definition.prefix}${url}. Allowed: ${allowed}.`);
          },
        });
      }
    },
    { prefix: definition.prefix },
  );
}
