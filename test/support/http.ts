import type { FastifyInstance, InjectOptions } from 'fastify';

export interface Call {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: any;
  raw: string;
}

/** A real HTTP request through Fastify's in-process transport; JSON bodies come back parsed. */
export async function call(app: FastifyInstance, options: InjectOptions & { key?: string }): Promise<Call> {
  const { key, headers, ...rest } = options;
  const response = await app.inject({ ...rest, headers: { ...(key ? { 'x-client-key': key } : {}), ...headers } });
  let body: unknown = undefined;
  try {
    body = response.body ? JSON.parse(response.body) : undefined;
  } catch {
    body = response.body;
  }
  return { status: response.statusCode, headers: response.headers, body, raw: response.body };
}

export function get(app: FastifyInstance, url: string, key?: string, headers: Record<string, string> = {}) {
  return call(app, { method: 'GET', url, key, headers });
}

export function graphql(
  app: FastifyInstance,
  key: string | undefined,
  query: string,
  variables: Record<string, unknown> = {},
  headers: Record<string, string> = {},
) {
  return call(app, {
    method: 'POST',
    url: '/graphql',
    key,
    headers: { 'content-type': 'application/json', ...headers },
    payload: JSON.stringify({ query, variables }),
  });
}

/** A file part of a GraphQL multipart request. */
export interface UploadPart {
  filename: string;
  type: string;
  data: Buffer;
}

/**
 * A GraphQL multipart request (https://github.com/jaydenseric/graphql-multipart-request-spec) as a
 * browser's FormData encodes it: `operations` with each file's variable null, `map` naming part
 * `0`, `1`, … for each path (such as `variables.input.file`), then the file parts in that order.
 */
export async function graphqlUploadBody(query: string, variables: Record<string, unknown>, files: Record<string, UploadPart>) {
  const form = new FormData();
  form.append('operations', JSON.stringify({ query, variables }));
  const paths = Object.keys(files);
  form.append('map', JSON.stringify(Object.fromEntries(paths.map((path, i) => [String(i), [path]]))));
  paths.forEach((path, i) => form.append(String(i), new Blob([new Uint8Array(files[path]!.data)], { type: files[path]!.type }), files[path]!.filename));
  const encoded = new Response(form);
  return { payload: Buffer.from(await encoded.arrayBuffer()), contentType: encoded.headers.get('content-type')! };
}

/** POST /graphql with a multipart body: `variables` hold null where `files` fill them (by path from the body's root). */
export async function graphqlUpload(
  app: FastifyInstance,
  key: string | undefined,
  query: string,
  variables: Record<string, unknown>,
  files: Record<string, UploadPart>,
  headers: Record<string, string> = {},
) {
  const { payload, contentType } = await graphqlUploadBody(query, variables, files);
  return call(app, { method: 'POST', url: '/graphql', key, headers: { 'content-type': contentType, ...headers }, payload });
}
