import type { FastifyReply, FastifyRequest } from 'fastify';
import { VendorAccessDenied } from '../platform/errors/api-error.js';
import { statusOf, type Surface } from '../platform/errors/error-codes.js';
import { failureBody } from './failure-body.js';
import { toApiError } from './to-api-error.js';

/** Every REST failure leaves through here, in the failure envelope. */
export function sendFailure(surface: Surface, docsUrl: string) {
  return (error: unknown, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof VendorAccessDenied) {
      return reply.code(403).send({ error: 'VENDOR_ACCESS_DENIED', message: error.message });
    }
    const apiError = toApiError(error, request);
    for (const [name, value] of Object.entries(apiError.headers)) reply.header(name, value);
    return reply
      .code(statusOf(apiError.code, surface))
      .type('application/json; charset=utf-8')
      .send(failureBody(apiError, request.id, docsUrl));
  };
}
