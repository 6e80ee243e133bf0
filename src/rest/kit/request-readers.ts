import type { FastifyRequest } from 'fastify';
import { idempotencyKeyRule, isIdempotencyKey } from '../../domain/idempotency/idempotent-call.js';
import { ApiError } from '../../platform/errors/api-error.js';
import type { RequestHeaders } from './route.js';

function single(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  if (Array.isArray(value)) throw new ApiError('bad_request', `Send the ${name} header once.`);
  return value === undefined || value === '' ? undefined : value;
}

/** The headers handlers may need, read and checked once by the kit. */
export function readRequestHeaders(request: FastifyRequest): RequestHeaders {
  const idempotencyKey = single(request, 'idempotency-key');
  if (idempotencyKey !== undefined && !isIdempotencyKey(idempotencyKey)) throw ApiError.invalidField('Idempotency-Key', idempotencyKeyRule);
  const authorization = single(request, 'authorization');
  const bearer = authorization?.match(/^Bearer\s+(\S+)$/i)?.[1];
  if (authorization !== undefined && !bearer) throw new ApiError('unauthenticated', 'The Authorization header must be "Bearer <access_token>".');
  return { idempotencyKey, cartSession: single(request, 'x-cart-session'), bearerToken: bearer, clientIp: request.ip };
}
