import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, VendorAccessDenied } from '../platform/errors/api-error.js';
import { statusOf, type Surface } from '../platform/errors/error-codes.js';
import { failureBody } from './failure-body.js';
import { toApiError } from './to-api-error.js';

/** Every REST failure leaves through here: documented codes as they are, anything else masked and logged. */
export function sendFailure(surface: Surface, docsUrl: string) {
  return (error: unknown, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof VendorAccessDenied) {
      return reply.code(403).send({ error: 'VENDOR_ACCESS_DENIED', message: error.message });
    }
    let apiError = toApiError(error);
    if (!apiError) {
      request.log.error({ err: error }, 'unhandled error');
      apiError = new ApiError('server_error', 'Something went wrong on our side. Retry with backoff; quote the request id if it persists.');
    }
    for (const [name, value] of Object.entries(apiError.headers)) reply.header(name, value);
    return reply
      .code(statusOf(apiError.code, surface))
      .type('application/json; charset=utf-8')
      .send(failureBody(apiError, request.id, docsUrl));
  };
}
