import type { FastifyReply } from 'fastify';
import { etagMatches } from '../conditional-get.js';
import type { CachedAnswer } from './cached-answers.js';
import type { CatalogCache } from './catalog-cache.js';
import { encodingFor } from './compressed-forms.js';

/**
 * Sends a kept answer as it first left, in the compressed form the client accepts when the cache
 * keeps one; the onSend hooks still answer a matching If-None-Match with 304 (from the text, so
 * the 304 carries no Content-Encoding).
 */
export function sendCached(reply: FastifyReply, answer: CachedAnswer, cache: CatalogCache) {
  if (answer.etag) reply.header('etag', answer.etag);
  reply.header('content-type', answer.contentType);
  if (answer.contentLanguage) reply.header('content-language', answer.contentLanguage);
  const ifNoneMatch = reply.request.headers['if-none-match'];
  const revalidated = answer.etag !== undefined && typeof ifNoneMatch === 'string' && etagMatches(ifNoneMatch, answer.etag);
  const encoding = revalidated ? null : encodingFor(reply.request, answer);
  const form = encoding && cache.compressedForm(answer, encoding);
  if (!encoding || !form) return reply.code(200).send(answer.body);
  const vary = reply.getHeader('vary');
  reply.header('vary', vary ? `${String(vary)}, accept-encoding` : 'accept-encoding');
  reply.header('content-encoding', encoding);
  return reply.code(200).send(form);
}
