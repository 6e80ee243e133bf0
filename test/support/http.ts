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
