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
