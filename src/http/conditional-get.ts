import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

function matches(ifNoneMatch: string, etag: string): boolean {
  const bare = etag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((candidate) => {
    const c = candidate.trim();
    return c === '*' || c.replace(/^W\//, '') === bare;
  });
}

/** Successful reads carry an ETag of their body; the same value in If-None-Match answers 304 with no body. */
export async function conditionalGet(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  if ((request.method !== 'GET' && request.method !== 'HEAD') || reply.statusCode !== 200 || typeof payload !== 'string') return payload;
  const etag = `W/"${createHash('sha1').update(payload).digest('base64url')}"`;
  reply.header('etag', etag);
  reply.header('cache-control', 'private, no-cache');
  const ifNoneMatch = request.headers['if-none-match'];
  if (typeof ifNoneMatch === 'string' && matches(ifNoneMatch, etag)) {
    reply.code(304);
    reply.removeHeader('content-type');
    reply.removeHeader('content-length');
    return '';
  }
  return payload;
}
