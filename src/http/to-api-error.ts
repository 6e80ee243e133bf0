import { ApiError } from '../platform/errors/api-error.js';

interface FrameworkError {
  code?: string;
  statusCode?: number;
  message?: string;
}

/** Turns what Fastify's parsers throw into documented codes; anything unknown is a server error. */
export function toApiError(error: unknown): ApiError | null {
  if (error instanceof ApiError) return error;
  const e = error as FrameworkError;
  switch (e?.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new ApiError('unsupported_media_type', 'Send the body as JSON with Content-Type: application/json.');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new ApiError('payload_too_large', 'The body is over the size limit.');
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new ApiError('bad_request', 'Content-Type is application/json but the body is empty.');
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return new ApiError('bad_request', 'The body is not valid JSON.');
  }
  if (error instanceof SyntaxError || (e?.statusCode === 400 && /JSON/i.test(e.message ?? ''))) {
    return new ApiError('bad_request', 'The body is not valid JSON.');
  }
  if (e?.statusCode === 413) return new ApiError('payload_too_large', 'The body is over the size limit.');
  if (e?.statusCode === 415) return new ApiError('unsupported_media_type', 'Send the body as JSON with Content-Type: application/json.');
  if (e?.statusCode && e.statusCode >= 400 && e.statusCode < 500) return new ApiError('bad_request', e.message || 'The request was not understood.');
  return null;
}
