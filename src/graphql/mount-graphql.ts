import multipart from '@fastify/multipart';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createYoga } from 'graphql-yoga';
import { runIdempotently } from '../domain/idempotency/idempotent-call.js';
import { browserCors } from '../http/cors.js';
import { graphqlFailureBody } from '../http/failure-body.js';
import { multipartLimitsOf } from '../http/multipart-body.js';
import { rateLimits } from '../http/rate-limit.js';
import { contextFor } from '../http/request-context.js';
import { sendCached } from '../http/response-cache/send-cached.js';
import { toApiError } from '../http/to-api-error.js';
import type { AppDeps } from '../app/app-deps.js';
import type { LiveEvents } from '../platform/live/live-events.js';
import { ApiError } from '../platform/errors/api-error.js';
import { statusOf } from '../platform/errors/error-codes.js';
import { catalogueKeyOf, catalogueReadsOf, hasErrors } from '../http/response-cache/graphql-reads.js';
import { graphqlPageViews } from './page-views.js';
import { customerSignIn } from './customer-sign-in.js';
import { useErrorCodes } from './error-codes-plugin.js';
import { exampleOperations } from './example-operations.js';
import { graphiqlPage, wantsGraphiql } from './graphiql-page.js';
import type { GraphqlContext } from './graphql-context.js';
import { idempotentMutationOf, mutationSucceeded, storedAnswerOf } from './idempotent-mutations.js';
import { readGraphqlMultipart } from './multipart-request.js';
import { queryLimitPlugins } from './query-limits.js';
import { checkGraphqlRequest } from './request-checks.js';
import { buildSchema } from './schema.js';

interface ServerContext {
  req: FastifyRequest;
  reply: FastifyReply;
  graphql: GraphqlContext;
}

/** A request refused before it executes: the status of the error table, the GraphQL error body. */
async function answerFailure(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const apiError = toApiError(error, request);
  for (const [name, value] of Object.entries(apiError.headers)) reply.header(name, value);
  return reply.code(statusOf(apiError.code, 'graphql')).type('application/json; charset=utf-8').send(graphqlFailureBody(apiError, request.id));
}

export async function registerGraphql(app: FastifyInstance, deps: AppDeps, live: LiveEvents) {
  const schema = buildSchema();
  const catalogueReadOf = catalogueReadsOf(schema);
  const countPageViews = deps.traffic ? graphqlPageViews(schema, deps.traffic) : () => undefined;
  const cache = deps.catalogReads?.cache ?? null;
  const yoga = createYoga<ServerContext, GraphqlContext>({
    schema,
    graphqlEndpoint: '/graphql',
    logging: false,
    cors: false,
    landingPage: false,
    // The page is served by serveGraphiql, before Yoga sees the request.
    graphiql: false,
    context: ({ graphql }) => graphql,
    maskedErrors: false,
    // A multipart request reaches Yoga already read (readGraphqlMultipart, under the upload limits), as the JSON body it stands for.
    multipart: false,
    plugins: [...queryLimitPlugins(), useErrorCodes()],
  });
  const defaultQuery = exampleOperations();
  const graphiqlOptions = () => ({
    title: 'Bazaar GraphiQL',
    defaultEditorToolsTab: 'headers' as const,
    headers: JSON.stringify({ 'X-Client-Key': deps.demoPublicKey?.() ?? 'pk_live_…' }, null, 2),
    defaultQuery,
  });
  const uploadLimits = multipartLimitsOf(deps.config);
  // The page and its assets take no key: one budget per client IP keeps a loop of page loads in check.
  const pageLimits = rateLimits(deps.kv, 'graphiql', deps.config.rateLimits.graphiql, deps.clock, { perClientIpOnly: true });

  const page = graphiqlPage('/graphql/assets');
  await app.register(async (scope) => {
    scope.setErrorHandler(answerFailure);
    scope.addHook('onRequest', pageLimits.onRequest);
    page.assetRoutes(scope);
  });

  await app.register(
    async (scope) => {
      // Set before any route (the CORS preflight route too): a route keeps the error handler of its registration.
      // Fastify's JSON parser reads the body (enforcing the size limit); Yoga takes the parsed body from the request.
      // A multipart body is left unread by the parser until the key is known (readGraphqlMultipart).
      scope.setErrorHandler(answerFailure);
      await browserCors(scope);
      await scope.register(multipart, { throwFileSizeLimit: false });
      const limits = rateLimits(deps.kv, 'graphql', deps.config.rateLimits.graphql, deps.clock);
      scope.addHook('onRequest', async (request, reply) => {
        await (wantsGraphiql(request) ? pageLimits : limits).onRequest(request, reply);
      });
      // A catalogue miss releases the reads of the same query waiting for it once it has answered, kept or not.
      scope.addHook('onResponse', async (request) => request.catalogCacheBuilt?.());

      scope.route({
        method: ['GET', 'POST'],
        url: '/',
        handler: async (request, reply) => {
          if (wantsGraphiql(request)) return page.send(reply, graphiqlOptions());
          checkGraphqlRequest(request);
          // Before the key: a multipart body is not read yet, and an upload is no catalogue read.
          const read = catalogueReadOf(request);
          const ctx = await limits.lookUpKey(request, reply, () => contextFor(deps, request, 'graphql', read !== null));
          // Read only for a known key: its X-Client-Key header is also what keeps a cross-site form from posting one (README, Multipart bodies).
          if (request.isMultipart()) request.body = await readGraphqlMultipart(request, reply, uploadLimits);
          const graphql: GraphqlContext = { ctx, signIn: customerSignIn(deps, request, ctx), clientIp: request.ip, live };
          const execute = async () => {
            const response = await yoga.handleNodeRequestAndResponse(request, reply, { req: request, reply, graphql });
            if (response.status === 406) throw new ApiError('not_acceptable', 'Send Accept: application/graphql-response+json or application/json.');
            return response;
          };
          const cacheKey = cache && read !== null && catalogueKeyOf(cache, ctx, read);
          if (cacheKey) {
            const { kept, built } = await cache.lookUp(cacheKey, ctx);
            if (kept) {
              countPageViews(request, ctx);
              return sendCached(reply, cacheKey, kept, cache);
            }
            request.catalogCacheBuilt = built;
          }
          const mutation = idempotentMutationOf(request, graphql.ctx);
          if (mutation) {
            const sent = await runIdempotently(
              ctx,
              mutation,
              async (callCtx) => {
                // The resolvers read and write through the call's transactions, and sign the customer in on its context.
                Object.assign(graphql, { ctx: callCtx, signIn: customerSignIn(deps, request, callCtx) });
                return storedAnswerOf(await execute());
              },
              mutationSucceeded,
            );
            reply.headers(sent.headers);
            if (sent.replayed) reply.header('idempotent-replayed', 'true');
            return reply.code(sent.status).send(sent.body);
          }
          const response = await (cacheKey ? cache.building(ctx, execute) : execute());
          for (const [name, value] of response.headers) if (name !== 'content-length') reply.header(name, value);
          reply.status(response.status);
          // A JSON answer is sent whole, so compression sees its size; an event stream flows as Yoga writes it.
          const streamed = /^(text\/event-stream|multipart\/mixed)/.test(response.headers.get('content-type') ?? '');
          if (streamed && response.body) return reply.send(response.body);
          const body = await response.text();
          if (cacheKey && response.status === 200 && !hasErrors(body)) {
            const contentType = response.headers.get('content-type') ?? 'application/json; charset=utf-8';
            // The answer is good whether or not it could be kept: a cache that fails costs a later miss, never this request.
            const kept = await cache.keep(cacheKey, ctx, { body, contentType }).catch((error: unknown) => {
              request.log.warn({ err: error }, 'catalogue answer not cached');
              return null;
            });
            countPageViews(request, ctx);
            return kept ? sendCached(reply, cacheKey, kept, cache) : reply.send(body);
          }
          if (response.status === 200 && !hasErrors(body)) countPageViews(request, ctx);
          return reply.send(body);
        },
      });
    },
    // The prefix keeps the CORS preflight route of this scope to /graphql.
    { prefix: '/graphql' },
  );
}
