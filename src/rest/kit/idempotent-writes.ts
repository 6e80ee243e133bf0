import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { fingerprintOf } from '../../domain/idempotency/fingerprint.js';
import { callerOf, runIdempotently, type StoredAnswer } from '../../domain/idempotency/idempotent-call.js';
import type { Ctx } from '../../domain/context.js';
import { bodyText } from './json-text.js';
import type { RequestHeaders, RestAnswer, RestMethod, RestRoute } from './route.js';

const writeMethods: ReadonlySet<RestMethod> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Every write of both REST surfaces takes an `Idempotency-Key`; the kit applies it, so no route does. */
export function isWrite(route: RestRoute): boolean {
  return writeMethods.has(route.method);
}

/** The answer as it leaves: the body serialized once, so a replay sends the very same text. */
export function sentAnswerOf(route: RestRoute, result: RestAnswer): StoredAnswer {
  const headers: Record<string, string> = { 'content-type': 'application/json; charset=utf-8', ...result.headers };
  if (result.contentLanguage) headers['content-language'] = result.contentLanguage;
  return { status: result.status ?? route.status ?? 200, body: bodyText(result.body), headers };
}

/**
 * Runs a write under its `Idempotency-Key`. Two requests are the same call when their method,
 * route, path parameters, query and body agree (a JSON body in any key order; an uploaded file by
 * its bytes, name and type), and they come from the same caller.
 */
export function answerIdempotently(
  request: FastifyRequest,
  headers: RequestHeaders & { idempotencyKey: string },
  run: (callCtx: Ctx) => Promise<StoredAnswer>,
) {
  const { ctx } = request;
  const fingerprint = fingerprintOf(request.method, request.routeOptions.url, request.params ?? {}, request.query ?? {}, request.body ?? null);
  const caller = callerOf({ keyId: ctx.principal.keyId, bearerToken: headers.bearerToken, cartSession: headers.cartSession });
  return runIdempotently(ctx, { key: headers.idempotencyKey, caller, fingerprint }, run, (answer) => answer.status >= 200 && answer.status < 300);
}

/** What a write operation documents: the request header, the replay marker on its answer, and the two 409s. */
export const idempotencyDocs = {
  header: z.object({
    'Idempotency-Key': z
      .string()
      .min(1)
      .max(255)
      .regex(/^[\x21-\x7e]+$/)
      .optional()
      .meta({
        description:
          'Makes the call safe to retry: the same key and the same request within 24 hours replays the stored answer (status, body, Location) with Idempotent-Replayed: true. 1-255 printable ASCII characters, such as a UUID.',
      }),
  }),
  answerHeaders: z.object({
    'Idempotent-Replayed': z
      .literal('true')
      .optional()
      .meta({ description: 'Present when this is the stored answer of an earlier call with the same Idempotency-Key.' }),
  }),
  conflictDescription:
    'idempotency_key_reuse: the Idempotency-Key was used with a different request; idempotency_key_in_progress: a call with it is still running (retry after Retry-After seconds).',
};
