import { GraphQLError, type ExecutionResult } from 'graphql';
import { handleStreamOrSingleExecutionResult, type Plugin } from 'graphql-yoga';
import { toApiError } from '../http/to-api-error.js';
import { ApiError } from '../platform/errors/api-error.js';
import type { GraphqlContext } from './graphql-context.js';

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

function withCode(error: GraphQLError, context: GraphqlContext): GraphQLError {
  const apiError = error.originalError ? toApiError(error.originalError) : null;
  if (apiError) return graphqlErrorOf(apiError, context.ctx.requestId, error);
  if (!error.originalError) return error;
  context.ctx.log.error({ err: error.originalError }, 'unhandled error in a resolver');
  return graphqlErrorOf(new ApiError('server_error', 'Something went wrong on our side. Retry with backoff; quote the request id if it persists.'), context.ctx.requestId, error);
}

/** Every execution error leaves with a documented code; anything unknown is masked as server_error and logged. */
export function useErrorCodes(): Plugin<GraphqlContext> {
  return {
    onExecute() {
      return {
        onExecuteDone(payload) {
          const context = payload.args.contextValue as GraphqlContext;
          return handleStreamOrSingleExecutionResult(payload, ({ result, setResult }) => {
            const { errors } = result as ExecutionResult;
            if (errors?.length) setResult({ ...result, errors: errors.map((e) => withCode(e, context)) });
          });
        },
      };
    },
  };
}
