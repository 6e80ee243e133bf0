import type { FastifyRequest } from 'fastify';
import { getOperationAST, OperationTypeNode, parse } from 'graphql';
import type { Ctx } from '../domain/context.js';
import { fingerprintOf } from '../domain/idempotency/fingerprint.js';
import { callerOf, idempotencyKeyRule, isIdempotencyKey, type IdempotentCall, type StoredAnswer } from '../domain/idempotency/idempotent-call.js';
import { ApiError } from '../platform/errors/api-error.js';

interface GraphqlBody {
  query?: unknown;
  operationName?: unknown;
  variables?: unknown;
}

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  if (Array.isArray(value)) throw new ApiError('bad_request', `Send the ${name} header once.`);
  return value || undefined;
}

/** Whether the request runs a mutation; a document that does not parse runs nothing, and Yoga answers it. */
function runsMutation(body: GraphqlBody): boolean {
  if (typeof body.query !== 'string') return false;
  try {
    const operation = getOperationAST(parse(body.query), typeof body.operationName === 'string' ? body.operationName : undefined);
    return operation?.operation === OperationTypeNode.MUTATION;
  } catch {
    return false;
  }
}

/**
 * The idempotent call a POST /graphql makes: its `Idempotency-Key` header covers the whole
 * mutation request, which is the same call when its query text, operation name and variables
 * agree. Queries ignore the header (they are safe to retry), as does a request without one.
 */
export function idempotentMutationOf(request: FastifyRequest, ctx: Ctx): IdempotentCall | null {
  const key = header(request, 'idempotency-key');
  if (key === undefined || request.method !== 'POST') return null;
  const body = request.body as GraphqlBody;
  if (!runsMutation(body)) return null;
  if (!isIdempotencyKey(key)) throw ApiError.invalidField('Idempotency-Key', idempotencyKeyRule);
  const bearerToken = header(request, 'authorization');
  const caller = callerOf({ keyId: ctx.principal.keyId, bearerToken, cartSession: header(request, 'x-cart-session') });
  return { key, caller, fingerprint: fingerprintOf('graphql', body.query, body.operationName ?? null, body.variables ?? null) };
}

/** Yoga's answer as it leaves, read whole. */
export async function storedAnswerOf(response: Response): Promise<StoredAnswer> {
  const headers: Record<string, string> = {};
  // Header names as Yoga spelled them ("Content-Type"): stored lower-case, as HTTP/2 and the checks below read them.
  for (const [name, value] of response.headers) if (name.toLowerCase() !== 'content-length') headers[name.toLowerCase()] = value;
  return { status: response.status, body: await response.text(), headers };
}

/** Whether a payload, at any depth (a mutation may sit in a namespace), reports `userErrors`. */
function hasUserErrors(value: unknown): boolean {
  if (value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some(hasUserErrors);
  return Object.entries(value).some(([name, field]) => (name === 'userErrors' && Array.isArray(field) ? field.length > 0 : hasUserErrors(field)));
}

/** A mutation succeeded when it answered 200 JSON with data, no `errors`, and no payload with `userErrors`. */
export function mutationSucceeded(answer: StoredAnswer): boolean {
  if (answer.status !== 200 || !/json/.test(answer.headers['content-type'] ?? '')) return false;
  let result: { data?: Record<string, unknown> | null; errors?: unknown[] };
  try {
    result = JSON.parse(answer.body);
  } catch {
    return false;
  }
  if (result.errors?.length || !result.data) return false;
  return !hasUserErrors(result.data);
}
