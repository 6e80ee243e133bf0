import type { IncomingMessage } from 'node:http';
import { randomUUID } from 'node:crypto';

const valid = /^[A-Za-z0-9_.:-]{8,128}$/;

/** A request id of our own, for a request that sent none (or one the HTTP parser never let us read). */
export function newRequestId(): string {
  return `req_${randomUUID().replace(/-/g, '')}`;
}

/** A caller's X-Request-Id when it is valid, otherwise a fresh one; Fastify puts it on every log line. */
export function requestIdOf(request: IncomingMessage): string {
  const sent = request.headers['x-request-id'];
  return typeof sent === 'string' && valid.test(sent) ? sent : newRequestId();
}
