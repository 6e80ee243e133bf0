import type { FastifyBaseLogger } from 'fastify';
import { overloaded } from '../platform/database/transaction-gate.js';
import { ApiError } from '../platform/errors/api-error.js';

/** What a failure is answered and logged for: a Fastify request, or a connection the HTTP parser refused. */
export interface FailureSite {
  id: string;
  /** Carries the request id on every line. */
  log: FastifyBaseLogger;
}

interface FrameworkError {
  code?: string;
  statusCode?: number;
  message?: string;
}

const SERVER_ERROR_MESSAGE = 'Something went wrong on our side. Retry with backoff; quote the request id if it persists.';

const notJson = () => new ApiError('bad_request', 'The body is not valid JSON.');
const notJsonMediaType = () => new ApiError('unsupported_media_type', 'Send the body as JSON with Content-Type: application/json.');
const tooLarge = () => new ApiError('payload_too_large', 'The body is over the size limit.');

/** What the multipart parser (busboy) throws for a body that breaks the format: plain errors, known by their words. */
const malformedMultipart = /^(Unexpected end of multipart data|Multipart: Boundary not found|\w+ terminated early due to unexpected end of multipart data)$/;

/** What Fastify's parsers and plugins throw, in documented codes; null for anything else. */
function frameworkError(error: unknown): ApiError | null {
  const e = error as FrameworkError;
  switch (e?.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return notJsonMediaType();
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return tooLarge();
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new ApiError('bad_request', 'Content-Type is application/json but the body is empty.');
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return notJson();
  }
  if (error instanceof Error && malformedMultipart.test(error.message)) {
    return new ApiError('bad_request', `The multipart/form-data body is malformed: ${error.message.toLowerCase()}.`);
  }
  if (error instanceof SyntaxError || (e?.statusCode === 400 && /JSON/i.test(e.message ?? ''))) return notJson();
  if (e?.statusCode === 413) return tooLarge();
  if (e?.statusCode === 415) return notJsonMediaType();
  if (e?.statusCode && e.statusCode >= 400 && e.statusCode < 500) return new ApiError('bad_request', e.message || 'The request was not understood.');
  return null;
}

/**
 * Prisma's words for a database with no time or connection to spare: a transaction that could not
 * start within its `maxWait` (P2028), one that ran past its `timeout` while it waited for rows
 * other writers held (P2028, expired: Prisma rolled it back), or a query that found no free
 * connection (P2024). Saturation, not a fault: nothing was written, and the same request may be
 * sent again.
 */
function isDatabaseSaturated(error: unknown): boolean {
  const e = error as { code?: unknown; message?: unknown };
  if (e?.code === 'P2024') return true;
  if (e?.code !== 'P2028' || typeof e.message !== 'string') return false;
  return e.message.includes('Unable to start a transaction in the given time') || e.message.includes('cannot be executed on an expired transaction');
}

/**
 * Prisma's P2034: PostgreSQL rolled the transaction back to break a deadlock or a serialization
 * conflict with a concurrent one. Nothing was written and the same request may be sent again.
 */
function isWriteCollision(error: unknown): boolean {
  return (error as { code?: unknown })?.code === 'P2034';
}

/**
 * The one place every face turns a failure into an ApiError: documented codes pass as they are,
 * framework errors get their documented code, and anything else is masked as server_error with
 * one message and logged here, once, with the request id the answer carries.
 */
export function toApiError(error: unknown, site: FailureSite): ApiError {
  if (error instanceof ApiError) return error;
  if (isDatabaseSaturated(error)) {
    site.log.warn({ err: error }, 'database saturated, answered as service_unavailable');
    return overloaded();
  }
  if (isWriteCollision(error)) {
    site.log.warn({ err: error }, 'write rolled back by a concurrent one, answered as conflict');
    return new ApiError('conflict', 'This write collided with a concurrent one and was rolled back; nothing was written. Send it again.', {
      headers: { 'retry-after': '1' },
    });
  }
  const mapped = frameworkError(error);
  if (mapped) return mapped;
  site.log.error({ err: error }, 'unhandled error, answered as server_error');
  return new ApiError('server_error', SERVER_ERROR_MESSAGE);
}
