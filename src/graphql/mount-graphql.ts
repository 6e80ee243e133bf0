import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createYoga } from 'graphql-yoga';
import { renderGraphiQL } from '@graphql-yoga/render-graphiql';
import type { AppDeps } from '../platform/app-deps.js';
import { rateLimits } from '../http/rate-limit.js';
import { contextFor } from '../http/request-context.js';
import { browserCors } from '../http/cors.js';
import { toApiError } from '../http/to-api-error.js';
import { ApiError } from '../platform/errors/api-error.js';
import { statusOf } from '../platform/errors/error-codes.js';
import { exampleOperations } from './example-operations.js';
import { graphqlErrorOf, useErrorCodes } from './error-codes-plugin.js';
import { queryLimitPlugins } from './query-limits.js';
import type { GraphqlContext } from './graphql-context.js';
import { buildSchema } from './schema.js';

interface ServerContext {
  req: FastifyRequest;
  reply: FastifyReply;
  /** Absent only when the request asks for the GraphiQL page, which executes nothing. */
  graphql?: GraphqlContext;
}

function wantsGraphiql(request: FastifyRequest) {
  return request.method === 'GET' && (request.headers.accept ?? '').includes('text/html');
}

export async function registerGraphql(app: FastifyInstance, deps: AppDeps) {
  const schema = buildSchema();
  const yoga = createYoga<ServerContext, GraphqlContext>({
    schema,
    graphqlEndpoint: '/graphql',
    logging: false,
    cors: false,
    landingPage: false,
    graphiql: () => ({
      title: 'Bazaar GraphiQL',
      defaultEditorToolsTab: 'headers',
      headers: JSON.stringify({ 'X-Client-Key': deps.demoPublicKey ?? 'pk_live_…' }, null, 2),
      defaultQuery: exampleOperations(),
    }),
    renderGraphiQL,
    context: ({ graphql }) => {
      if (!graphql) throw new ApiError('client_key_required', 'Send your API key in the X-Client-Key header.');
      return graphql;
    },
    maskedErrors: false,
    plugins: [...queryLimitPlugins(), useErrorCodes()],
  });

  await app.register(
    async (scope) => {
      await browserCors(scope);
      const limits = rateLimits(deps.kv, 'graphql', deps.config.rateLimits.graphql, deps.clock);
      scope.addHook('onRequest', async (request, reply) => {
        if (!wantsGraphiql(request)) await limits.onRequest(request, reply);
      });
      // Fastify's JSON parser reads the body (enforcing the size limit); Yoga takes the parsed body from the request.
      scope.setErrorHandler(async (error, request, reply) => {
        const apiError = toApiError(error) ?? new ApiError('server_error', 'Something went wrong on our side.');
        if (apiError.code === 'server_error') request.log.error({ err: error }, 'unhandled error');
        for (const [name, value] of Object.entries(apiError.headers)) reply.header(name, value);
        return reply.code(statusOf(apiError.code, 'graphql')).send({ errors: [graphqlErrorOf(apiError, request.id).toJSON()] });
      });

      scope.route({
        method: ['GET', 'POST'],
        url: '/',
        handler: async (request, reply) => {
          let graphql: GraphqlContext | undefined;
          if (request.method === 'POST' && (typeof request.body !== 'object' || request.body === null || Array.isArray(request.body))) {
            throw new ApiError('bad_request', 'The body must be one JSON object such as {"query": "…", "variables": {…}}; batches are not supported.');
          }
          if (!wantsGraphiql(request)) {
            graphql = { ctx: await limits.lookUpKey(request, reply, () => contextFor(deps, request, 'graphql')), localeOf: new WeakMap() };
          }
          const response = await yoga.handleNodeRequestAndResponse(request, reply, { req: request, reply, graphql });
          for (const [name, value] of response.headers) reply.header(name, value);
          reply.status(response.status);
          return reply.send(response.body ?? (await response.text()));
        },
      });
    },
    // The prefix keeps the CORS preflight route of this scope to /graphql.
    { prefix: '/graphql' },
  );
}
