import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart, { type MultipartFile } from '@fastify/multipart';
import { idempotencyKeyRule, isIdempotencyKey } from '../../domain/idempotency/idempotent-call.js';
import { ApiError } from '../../platform/errors/api-error.js';
import type { RequestHeaders } from './route.js';

/** An uploaded file as a multipart body carries it; the route's body schema decides what it accepts. */
export interface UploadedFile {
  filename: string;
  mimetype: string;
  data: Buffer;
}

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

/**
 * multipart/form-data bodies become the same plain object a JSON body would: each field's text
 * (a repeated field becomes a list) and each file as an UploadedFile, so one body schema serves both.
 */
export async function acceptMultipart(scope: FastifyInstance, maxFileBytes: number) {
  await scope.register(multipart, {
    attachFieldsToBody: 'keyValues',
    limits: { fileSize: maxFileBytes, files: 20, fields: 200 },
    onFile: async (part: MultipartFile & { value?: unknown }) => {
      const file: UploadedFile = { filename: part.filename, mimetype: part.mimetype, data: await part.toBuffer() };
      part.value = file;
    },
  });
}
