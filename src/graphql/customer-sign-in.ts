import type { FastifyRequest } from 'fastify';
import type { CustomerIdentity } from '../auth/customer-identity.js';
import { customerOfToken } from '../http/request-context.js';
import type { Ctx } from '../domain/context.js';
import type { AppDeps } from '../app/app-deps.js';
import { ApiError } from '../platform/errors/api-error.js';

function bearerOf(request: FastifyRequest): string | undefined {
  const authorization = request.headers.authorization;
  if (authorization === undefined) return undefined;
  const token = /^Bearer\s+(\S+)$/i.exec(authorization)?.[1];
  if (!token) throw new ApiError('unauthenticated', 'The Authorization header must be "Bearer <access_token>".');
  return token;
}

/**
 * The GraphQL face's reading of `Authorization: Bearer`, by the same rule as REST: a customer
 * field without a token answers `customer_token_required`, an optional one reads a token only when sent.
 */
export function customerSignIn(deps: AppDeps, request: FastifyRequest, ctx: Ctx) {
  let identity: Promise<CustomerIdentity> | undefined;
  return async (required: boolean): Promise<CustomerIdentity | undefined> => {
    const token = bearerOf(request);
    if (!token && !required) return undefined;
    identity ??= customerOfToken(deps, ctx, token);
    ctx.customer = await identity;
    return ctx.customer;
  };
}
