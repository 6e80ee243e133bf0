import type { IncomingMessage } from 'node:http';
import { randomUUID } from 'node:crypto';

const valid = /^[A-Za-z0-9_.:-]{8,128}$/;

/** A caller's X-Request-Id when it is valid, otherwise a fresh one; Fastify puts it on every log line. */
export function requestIdOf(request: IncomingMessage): string {
  const sent = request.headers['x-request-id'];
  return typeof sent === 'string' && valid.test(sent) ? sent : `req_${randomUUID().replace(/-/g, '')}`;
}
