import type { ApiError } from '../platform/errors/api-error.js';

/** The one failure envelope of both REST surfaces (the merchant spec's error table). */
export function failureBody(error: ApiError, requestId: string, docsUrl: string) {
  const body: Record<string, unknown> = {
    status: 'failed',
    error_code: error.code,
    message: error.message,
    data: null,
    error: {
      code: error.code,
      message: error.message,
      doc_url: `${docsUrl}#${error.code}`,
      request_id: requestId,
      ...(error.fieldErrors && error.code === 'validation_failed' ? { field: error.field, errors: error.fieldErrors } : {}),
    },
  };
  if (error.fieldErrors && error.code === 'validation_failed') {
    body.error_type = 'validation_error';
    body.errors = error.fieldErrors;
  }
  return body;
}

/** What a GraphQL error carries beside its message: the REST code and the request id. */
export function graphqlExtensionsOf(error: ApiError, requestId: string) {
  return { code: error.code, request_id: requestId, ...(error.fieldErrors ? { errors: error.fieldErrors } : {}) };
}

/** A /graphql request refused before it executes: `{errors: [{message, extensions: {code, request_id}}]}`. */
export function graphqlFailureBody(error: ApiError, requestId: string) {
  return { errors: [{ message: error.message, extensions: graphqlExtensionsOf(error, requestId) }] };
}
