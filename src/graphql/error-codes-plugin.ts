import { GraphQLError, type ExecutionResult } from 'graphql';
import type { FastifyRequest } from 'fastify';
import type { Plugin } from 'graphql-yoga';
import { graphqlExtensionsOf } from '../http/failure-body.js';
import { toApiError } from '../http/to-api-error.js';
import type { ApiError } from '../platform/errors/api-error.js';
import { statusOf, type ErrorCode } from '../platform/errors/error-codes.js';

/** An error as GraphQL carries it: `extensions.code` is the REST code, with the request id. */
function graphqlErrorOf(error: ApiError, requestId: string, original: GraphQLError) {
  // Outside any field the request itself failed: it answers the table's status, as REST does. So
  // does a server at capacity in any field: the whole request is to be sent again after Retry-After.
  const requestWide = !original.path || error.code === 'service_unavailable';
  const http = requestWide ? { http: { status: statusOf(error.code, 'graphql'), ...(Object.keys(error.headers).length ? { headers: error.headers } : {}) } } : {};
  return new GraphQLError(error.message, {
    nodes: original.nodes,
    source: original.source,
    positions: original.positions,
    path: original.path,
    originalError: error,
    extensions: { ...http, ...graphqlExtensionsOf(error, requestId) },
  });
}

/** GraphQL's own request errors, in the REST vocabulary: a document that does not parse is a bad request, one that does not fit the schema is invalid input. */
const requestErrorCodes: Record<string, ErrorCode> = { GRAPHQL_PARSE_FAILED: 'bad_request' };

function withCode(error: GraphQLError, request: FastifyRequest): GraphQLError {
  const cause = error.originalError;
  if (cause && !(cause instanceof GraphQLError)) return graphqlErrorOf(toApiError(cause, request), request.id, error);
  const { http, code: graphqlCode } = error.extensions ?? {};
  // Yoga marks a request it could not read (body, batching, query type) with an HTTP status and no code of its own.
  const code = requestErrorCodes[String(graphqlCode)] ?? (http && !graphqlCode ? 'bad_request' : 'validation_failed');
  return new GraphQLError(error.message, {
    nodes: error.nodes,
    source: error.source,
    positions: error.positions,
    path: error.path,
    extensions: { ...(http ? { http } : {}), code, request_id: request.id },
  });
}

/**
 * Every GraphQL error leaves with a documented code and the request id — resolver failures,
 * variables that do not fit, documents that do not parse; anything unknown is masked by toApiError.
 */
export function useErrorCodes(): Plugin<object, { req: FastifyRequest }> {
  return {
    onResultProcess({ result, setResult, serverContext }) {
      if (Array.isArray(result) || !result || typeof result !== 'object' || !('errors' in result)) return;
      const { errors } = result as ExecutionResult;
      if (errors?.length) setResult({ ...(result as ExecutionResult), errors: errors.map((e) => withCode(e, serverContext.req)) });
    },
  };
}
