import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Multipart, MultipartFile } from '@fastify/multipart';
import type { Config } from '../config.js';
import { ApiError } from '../platform/errors/api-error.js';
import { describeBytes } from '../platform/net/guarded-download.js';

/** An uploaded file as a multipart body carries it; the route's body schema decides what it accepts. */
export interface UploadedFile {
  filename: string;
  mimetype: string;
  data: Buffer;
}

/** What one multipart/form-data body may hold, enforced while it is read. */
export interface MultipartLimits {
  /** Bytes of one file part (`MEDIA_MAX_BYTES`). */
  maxFileBytes: number;
  /** Bytes of one text part (`BODY_LIMIT_BYTES`: no larger than a whole JSON body). */
  maxFieldBytes: number;
  /** Bytes of the whole body as sent, part headers included (`MULTIPART_MAX_BYTES`). */
  maxBodyBytes: number;
  maxFiles: number;
  maxFields: number;
}

/** The limits of every multipart body Bazaar reads: a REST upload route's and a GraphQL multipart request's. */
export function multipartLimitsOf(config: Pick<Config, 'media' | 'bodyLimitBytes' | 'multipartMaxBytes'>): MultipartLimits {
  return { maxFileBytes: config.media.maxBytes, maxFieldBytes: config.bodyLimitBytes, maxBodyBytes: config.multipartMaxBytes, maxFiles: 20, maxFields: 200 };
}

/**
 * The field a refusal of one part names: the part's own name, unless the reader knows better from
 * what it has read so far (a GraphQL multipart request names the variable its `map` puts the part in).
 */
export type PartField = (partName: string, read: Record<string, unknown>) => string;

const tooLarge = (message: string) => new ApiError('payload_too_large', message);

/** The parser's own limit errors, in the words of our limits. */
function refusalOf(error: unknown, limits: MultipartLimits): unknown {
  switch ((error as { code?: string })?.code) {
    case 'FST_FILES_LIMIT':
      return tooLarge(`A multipart body holds at most ${limits.maxFiles} file parts.`);
    case 'FST_FIELDS_LIMIT':
      return tooLarge(`A multipart body holds at most ${limits.maxFields} text parts.`);
    case 'FST_PARTS_LIMIT':
      return tooLarge(`A multipart body holds at most ${limits.maxFiles + limits.maxFields} parts.`);
  }
  return error;
}

/**
 * A file part read up to its limit: the byte past it stops the reading (`refuse`). A part over its own
 * cap is a 422 on its field (an image over MEDIA_MAX_BYTES reads the same downloaded); only the
 * body's count and total caps are 413.
 */
async function readFile(part: MultipartFile, field: string, maxBytes: number, refuse: (error: unknown) => void): Promise<UploadedFile> {
  const overLimit = () => ApiError.invalidField(field, `is larger than ${describeBytes(maxBytes)}`);
  // The parser may cross the limit before the part reaches us (one chunk held all of it), or while we read.
  if (part.file.truncated) throw overLimit();
  part.file.once('limit', () => refuse(overLimit()));
  const chunks: Buffer[] = [];
  for await (const chunk of part.file) chunks.push(chunk as Buffer);
  if (part.file.truncated) throw overLimit();
  return { filename: part.filename, mimetype: part.mimetype, data: Buffer.concat(chunks) };
}

function add(body: Record<string, unknown>, name: string, value: unknown) {
  const held = body[name];
  if (held === undefined) body[name] = value;
  else if (Array.isArray(held)) held.push(value);
  else body[name] = [held, value];
}

/**
 * The body stops being read and the connection closes after the answer, so what is left of a
 * refused body is never read at all (Node would otherwise read it to the end to keep the connection).
 */
function stopReading(request: FastifyRequest, reply: FastifyReply) {
  request.raw.unpipe();
  request.raw.pause();
  reply.header('connection', 'close');
}

/**
 * Reads a multipart/form-data body into the plain object a JSON body gives (a repeated field becomes
 * a list, a file an UploadedFile), streaming it part by part under every limit, so a body over one is
 * refused the moment it crosses it, with at most that limit held in memory.
 */
export async function readMultipartBody(
  request: FastifyRequest,
  reply: FastifyReply,
  limits: MultipartLimits,
  fieldOf: PartField = (partName) => partName,
): Promise<Record<string, unknown>> {
  const declared = Number(request.headers['content-length']);
  const overBody = () => tooLarge(`A multipart body is at most ${describeBytes(limits.maxBodyBytes)}.`);
  if (declared > limits.maxBodyBytes) {
    stopReading(request, reply);
    throw overBody();
  }
  let reject!: (error: unknown) => void;
  const refused = new Promise<never>((_resolve, fail) => (reject = fail));
  refused.catch(() => undefined);
  // Stops in the same tick as the limit is crossed: the parser would otherwise go on reading (and skipping) the rest.
  const refuse = (error: unknown) => {
    stopReading(request, reply);
    reject(error);
  };
  const until = <T>(step: Promise<T>) => Promise.race([step, refused]);
  let received = 0;
  // Counts what is sent, chunked bodies included, so no part (a text part past its cap is skipped, not stored) is read past the total.
  const count = (chunk: Buffer) => {
    received += chunk.length;
    if (received > limits.maxBodyBytes) refuse(overBody());
  };
  const parts = request
    .parts({
      limits: {
        fileSize: limits.maxFileBytes,
        fieldSize: limits.maxFieldBytes,
        files: limits.maxFiles,
        fields: limits.maxFields,
        parts: limits.maxFiles + limits.maxFields,
      },
    })
    [Symbol.asyncIterator]();
  // The first step pipes the request into the parser; counting starts once it does, before any byte flows.
  let next = until(parts.next());
  request.raw.on('data', count);
  try {
    const body: Record<string, unknown> = {};
    for (let step = await next; !step.done; step = await next) {
      const part = step.value as Multipart;
      const field = fieldOf(part.fieldname, body);
      if (part.type === 'file') add(body, part.fieldname, await until(readFile(part, field, limits.maxFileBytes, refuse)));
      else if (part.valueTruncated) throw ApiError.invalidField(field, `is longer than ${describeBytes(limits.maxFieldBytes)}`);
      else add(body, part.fieldname, part.value);
      next = until(parts.next());
    }
    return body;
  } catch (error) {
    stopReading(request, reply);
    throw refusalOf(error, limits);
  } finally {
    request.raw.off('data', count);
  }
}
