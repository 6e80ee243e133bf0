import type { FastifyInstance, FastifyRequest, HTTPMethods } from 'fastify';
import { requireScope } from '../../auth/authenticate.js';
import type { MerchantScope } from '../../auth/scopes.js';
import type { Ctx } from '../../domain/context.js';
import { ApiError } from '../../platform/errors/api-error.js';
import type { Surface } from '../../platform/errors/error-codes.js';
import type { AppDeps } from '../../platform/app-deps.js';
import { conditionalGet } from '../../http/conditional-get.js';
import { contextFor } from '../../http/request-context.js';
import { rateLimits } from '../../http/rate-limit.js';
import { sendFailure } from '../../http/send-failure.js';

export interface RestRequest {
  query: Record<string, unknown>;
  params: Record<string, string>;
  body: unknown;
}

export interface RestAnswer {
  status?: number;
  body: unknown;
  /** The locale a localized read answered in, sent as Content-Language. */
  contentLanguage?: string;
}

/** One REST operation. Auth is declared here (the surface and the scope), never coded in handlers. */
export interface RestRoute {
  method: Exclude<HTTPMethods, 'OPTIONS' | 'HEAD'>;
  url: string;
  scope?: MerchantScope;
  handle(ctx: Ctx, request: RestRequest): Promise<RestAnswer>;
}

export interface SurfaceDefinition {
  surface: Exclude<Surface, 'graphql'>;
  prefix: string;
  routes: RestRoute[];
  rateLimitPerMinute: number;
  /** How a path outside the surface is answered. */
  notFound(request: FastifyRequest): ApiError;
  setup?(scope: FastifyInstance): Promise<void>;
}

interface RouteConfig {
  scope?: MerchantScope;
  methodNotAllowed?: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    ctx: Ctx;
  }
}

const allMethods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

export function registerSurface(app: FastifyInstance, deps: AppDeps, definition: SurfaceDefinition) {
  const { surface } = definition;
  const docsUrl = `${deps.config.publicUrl}/docs/errors`;
  return app.register(
    async (scope) => {
      await definition.setup?.(scope);
      scope.setErrorHandler(sendFailure(surface, docsUrl));
      const limits = rateLimits(deps.kv, surface, definition.rateLimitPerMinute, deps.clock);
      scope.addHook('onRequest', limits.onRequest);
      scope.addHook('onRequest', async (request, reply) => {
        const config = request.routeOptions.config as RouteConfig;
        if (request.is404 || config.methodNotAllowed || request.method === 'OPTIONS') return;
        request.ctx = await limits.lookUpKey(request, reply, () => contextFor(deps, request, surface));
        if (config.scope) requireScope(request.ctx.principal, config.scope);
      });
      scope.addHook('onSend', conditionalGet);
      scope.setNotFoundHandler(async (request) => {
        throw definition.notFound(request);
      });

      const methodsByUrl = new Map<string, Set<string>>();
      for (const route of definition.routes) {
        methodsByUrl.set(route.url, (methodsByUrl.get(route.url) ?? new Set()).add(route.method));
        scope.route({
          method: route.method,
          url: route.url,
          config: { scope: route.scope } satisfies RouteConfig,
          handler: async (request, reply) => {
            const answer = await route.handle(request.ctx, {
              query: (request.query ?? {}) as Record<string, unknown>,
              params: (request.params ?? {}) as Record<string, string>,
              body: request.body,
            });
            if (answer.contentLanguage) reply.header('content-language', answer.contentLanguage);
            return reply.code(answer.status ?? 200).send(answer.body);
          },
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
