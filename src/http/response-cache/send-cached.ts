import type { FastifyReply } from 'fastify';
import type { CachedAnswer } from './cached-answers.js';

/** Sends a kept answer as it first left; the onSend hooks still answer a matching If-None-Match with 304. */
export function sendCached(reply: FastifyReply, answer: CachedAnswer) {
  if (answer.etag) reply.header('etag', answer.etag);
  reply.header('content-type', answer.contentType);
  if (answer.contentLanguage) reply.header('content-language', answer.contentLanguage);
  return reply.code(200).send(answer.body);
}
