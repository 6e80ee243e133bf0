import { GraphQLError, type ExecutionResult } from 'graphql';
import type { FastifyRequest } from 'fastify';
import type { Plugin } from 'graphql-yoga';
import { toApiError } from '../http/to-api-error.js';
import { ApiError } from '../platform/errors/api-error.js';
import type { ErrorCode } from '../platform/errors/error-codes.js';

/** An error as GraphQL carries it: `extensions.code` is the REST code, with the request id. */
export function graphqlErrorOf(error: ApiError, requestId: string, original?: GraphQLError) {
  return new GraphQLError(error.message, {
    nodes: original?.nodes,
    source: original?.source,
    positions: original?.positions,
    path: original?.path,
    originalError: error,
    extensions: { code: error.code, request_id: requestId, ...(error.fieldErrors ? { errors: error.fieldErrors } : {}) },
  });
}

/** GraphQL's own request errors, in the REST vocabulary: a document that does not parse is a bad request, one that does not fit the schema is invalid input. */
const requestErrorCodes: Record<string, ErrorCode> = { GRAPHQL_PARSE_FAILED: 'bad_request' };

function withCode(error: GraphQLError, request: FastifyRequest): GraphQLError {
  const cause = error.originalError;
  const apiError = cause && !(cause instanceof GraphQLError) ? toApiError(cause) : null;
  if (apiError) return graphqlErrorOf(apiError, request.id, error);
  if (!cause || cause instanceof GraphQLError) {
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
  request.log.error({ err: cause }, 'unhandled error in a resolver');
  return graphqlErrorOf(
    new ApiError('server_error', 'Something went wrong on our side. Retry with backoff; quote the request id if it persists.'),
    request.id,
    error,
  );
}

/**
 * Every GraphQL error leaves with a documented code and the request id — resolver failures,
 * variables that do not fit, documents that do not parse; anything unknown is masked and logged.
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
