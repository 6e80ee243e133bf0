import type { FastifyReply, FastifyRequest } from 'fastify';
import { readMultipartBody, type MultipartLimits, type UploadedFile } from '../http/multipart-body.js';
import { ApiError } from '../platform/errors/api-error.js';

/**
 * A file part as a resolver's `File` argument receives it: a WHATWG File. It keeps the part it was
 * made from as an own field, because the idempotency fingerprint hashes a variable's own fields:
 * so two uploads under one `Idempotency-Key` are the same call only with the same bytes, name and type.
 */
export class UploadedGraphqlFile extends File {
  readonly part: UploadedFile;

  constructor(part: UploadedFile) {
    // The reader's buffers are never shared memory, which is all the cast claims.
    super([part.data as Buffer<ArrayBuffer>], part.filename, { type: part.mimetype });
    this.part = part;
  }
}

const badRequest = (message: string) => new ApiError('bad_request', message);
const spec = 'https://github.com/jaydenseric/graphql-multipart-request-spec';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isPart = (value: unknown): value is UploadedFile => isRecord(value) && Buffer.isBuffer(value.data);

function jsonPart(parts: Record<string, unknown>, name: 'operations' | 'map'): unknown {
  const text = parts[name];
  if (typeof text !== 'string') throw badRequest(`A multipart GraphQL request sends one text part named "${name}" (${spec}).`);
  try {
    return JSON.parse(text);
  } catch {
    throw badRequest(`The "${name}" part is not valid JSON.`);
  }
}

/** The first variable path `map` gives a file part, without `variables.` (`input.file`, as userErrors name fields), if the map read so far says. */
function variableOf(mapText: unknown, partName: string): string | undefined {
  if (typeof mapText !== 'string') return undefined;
  try {
    const paths: unknown = (JSON.parse(mapText) as Record<string, unknown>)?.[partName];
    return Array.isArray(paths) && typeof paths[0] === 'string' ? paths[0].replace(/^variables\./, '') : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Puts a file where `path` (`variables.input.file`, `variables.files.0`) says. Every step must already
 * exist in `operations`, ending at the `null` the client left for the file, so a path can neither
 * invent variables nor replace a value the client sent.
 */
function place(operations: Record<string, unknown>, path: string, file: File) {
  const [root, ...steps] = path.split('.');
  const last = steps.pop();
  const refuse = () => badRequest(`The map path "${path}" must name a null inside the variables of operations, such as "variables.input.file".`);
  if (root !== 'variables' || last === undefined) throw refuse();
  let holder: unknown = operations.variables;
  for (const step of steps) {
    if (typeof holder !== 'object' || holder === null || !Object.hasOwn(holder, step)) throw refuse();
    holder = (holder as Record<string, unknown>)[step];
  }
  if (typeof holder !== 'object' || holder === null || !Object.hasOwn(holder, last) || (holder as Record<string, unknown>)[last] !== null) throw refuse();
  (holder as Record<string, unknown>)[last] = file;
}

/**
 * Reads a GraphQL multipart request (the convention of ${spec}): an `operations` part holding the
 * JSON body a POST would send, its file variables null; a `map` part naming, for each file part, the
 * variable paths it fills; and the file parts. The body is read by the same reader and under the
 * same limits as a REST upload, a file over its cap refused on the variable it fills. Answers the
 * JSON body with each file in its place, as a `File`.
 */
export async function readGraphqlMultipart(request: FastifyRequest, reply: FastifyReply, limits: MultipartLimits): Promise<Record<string, unknown>> {
  const parts = await readMultipartBody(request, reply, limits, (partName, read) => variableOf(read.map, partName) ?? partName);
  const operations = jsonPart(parts, 'operations');
  if (!isRecord(operations)) {
    throw badRequest('The operations part must be one JSON object such as {"query": "…", "variables": {…}}; batches are not supported.');
  }
  const map = jsonPart(parts, 'map');
  if (!isRecord(map))
    throw badRequest('The map part must be a JSON object from each file part name to the variable paths it fills, such as {"0": ["variables.input.file"]}.');
  for (const name of Object.keys(parts)) {
    if (name !== 'operations' && name !== 'map' && !Object.hasOwn(map, name)) throw badRequest(`The part "${name}" is named in no entry of map.`);
  }
  for (const [name, paths] of Object.entries(map)) {
    const part = parts[name];
    if (!isPart(part)) throw badRequest(`map names the part "${name}", which the body does not hold as one file part.`);
    if (!Array.isArray(paths) || !paths.length || !paths.every((path) => typeof path === 'string')) {
      throw badRequest(`The map entry "${name}" must be a list of variable paths, such as ["variables.input.file"].`);
    }
    const file = new UploadedGraphqlFile(part);
    for (const path of paths) place(operations, path, file);
  }
  return operations;
}
