import type { FastifyReply } from 'fastify';
import { etagMatches } from '../conditional-get.js';
import type { CachedAnswer } from './cached-answers.js';
import type { CatalogCache } from './catalog-cache.js';
import { encodingFor } from './compressed-forms.js';

/**
 * The kept answer under `key` in the compressed form this request accepts, with the headers that
 * say so set on the reply; null to send its text (no encoding accepted, or no form small enough to
 * keep: the compression plugin then compresses the text on the way out, as for any answer).
 */
export function sendableForm(reply: FastifyReply, key: string, answer: CachedAnswer, cache: CatalogCache): Buffer | null {
  const encoding = encodingFor(reply.request, answer);
  const form = encoding && cache.compressedForm(key, answer, encoding);
  if (!encoding || !form) return null;
  varyOnEncoding(reply);
  reply.header('content-encoding', encoding);
  return form;
}

/** Adds Accept-Encoding to the reply's Vary, once, whatever it already names. */
function varyOnEncoding(reply: FastifyReply) {
  const vary = reply.getHeader('vary');
  const named = (Array.isArray(vary) ? vary.join(', ') : vary === undefined ? '' : String(vary)).trim();
  if (named.split(',').some((name) => ['accept-encoding', '*'].includes(name.trim().toLowerCase()))) return;
  reply.header('vary', named ? `${named}, accept-encoding` : 'accept-encoding');
}

const NO_BYTES = Buffer.alloc(0);

/**
 * Sends a kept answer as it first left, in the compressed form the client accepts when the cache
 * keeps one (the text, inflated once from a kept form if need be, to a client that accepts none); the
 * onSend hooks still answer a matching If-None-Match with 304 (from the text, so the 304 carries
 * no Content-Encoding).
 */
export function sendCached(reply: FastifyReply, key: string, answer: CachedAnswer, cache: CatalogCache) {
  if (answer.etag) reply.header('etag', answer.etag);
  reply.header('content-type', answer.contentType);
  if (answer.contentLanguage) reply.header('content-language', answer.contentLanguage);
  const ifNoneMatch = reply.request.headers['if-none-match'];
  const revalidated = answer.etag !== undefined && typeof ifNoneMatch === 'string' && etagMatches(ifNoneMatch, answer.etag);
  // The onSend hook answers a revalidation 304 with no body: none is inflated for it.
  if (revalidated) return reply.code(200).send(NO_BYTES);
  const form = sendableForm(reply, key, answer, cache);
  if (form) return reply.code(200).send(form);
  // A HEAD answer's body is never sent, only its length: none is inflated for it either.
  if (reply.request.method === 'HEAD' && !answer.body) return reply.code(200).send(Buffer.alloc(answer.textBytes));
  return reply.code(200).send(cache.textOf(key, answer));
}
