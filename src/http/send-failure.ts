import type { FastifyReply, FastifyRequest } from 'fastify';
import { statusOf, type Surface } from '../platform/errors/error-codes.js';
import { failureBody } from './failure-body.js';
import { toApiError } from './to-api-error.js';

/** Every REST failure leaves through here, in the failure envelope. */
export function sendFailure(surface: Surface, docsUrl: string) {
  return (error: unknown, request: FastifyRequest, reply: FastifyReply) => {
    const apiError = toApiError(error, request);
    if (apiError.code === 'VENDOR_ACCESS_DENIED') {
      // The merchant spec keeps this one failure in its older body.
      return reply.code(403).type('application/json; charset=utf-8').send({ error: apiError.code, message: apiError.message });
    }
    for (const [name, value] of Object.entries(apiError.headers)) reply.header(name, value);
    return reply
      .code(statusOf(apiError.code, surface))
      .type('application/json; charset=utf-8')
      .send(failureBody(apiError, request.id, docsUrl));
  };
}
