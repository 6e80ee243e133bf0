import type { FastifyRequest } from 'fastify';
import { ApiError } from '../platform/errors/api-error.js';

/** The media types Yoga answers in; an Accept header naming none of them is refused before anything runs. */
const answerMediaTypes = ['application/graphql-response+json', 'application/json', 'text/event-stream', 'multipart/mixed'];

function matches(asked: string, offered: string) {
  const [askedType, askedSubtype] = asked.split('/');
  const [type, subtype] = offered.split('/');
  return (askedType === '*' || askedType === type) && (askedSubtype === '*' || askedSubtype === subtype);
}

/** Yoga's own reading of Accept (UTF-8 only, quality ignored), so both agree on what is acceptable. */
function acceptsAnAnswer(accept: string | undefined) {
  if (!accept) return true;
  return accept
    .replace(/\s/g, '')
    .toLowerCase()
    .split(',')
    .some((entry) => {
      const [mediaType = '', ...params] = entry.split(';');
      const charset = params.find((p) => p.startsWith('charset='));
      return (!charset || charset === 'charset=utf-8') && answerMediaTypes.some((offered) => matches(mediaType, offered));
    });
}

function checkJsonParameter(query: Record<string, unknown>, name: 'variables' | 'extensions') {
  const raw = query[name];
  if (raw === undefined || raw === '') return;
  if (typeof raw !== 'string') throw new ApiError('bad_request', `Send the ${name} parameter once.`);
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw new ApiError('bad_request', `The ${name} parameter is not valid JSON; send one URL-encoded JSON object.`);
  }
  if (value !== null && (typeof value !== 'object' || Array.isArray(value))) {
    throw new ApiError('bad_request', `The ${name} parameter must be a JSON object.`);
  }
}

/**
 * What /graphql refuses before Yoga sees the request, so that each refusal answers its documented
 * code and status: an Accept it cannot answer (Yoga would run the operation, then answer an empty 406),
 * a POST body that is not one JSON object (a multipart body is read and checked after the key, by
 * readGraphqlMultipart), and malformed JSON in GET's variables or extensions
 * (which Yoga would answer as a 500).
 */
export function checkGraphqlRequest(request: FastifyRequest) {
  if (!acceptsAnAnswer(request.headers.accept)) {
    throw new ApiError('not_acceptable', `/graphql answers ${answerMediaTypes.join(', ')}; send one of them in Accept.`);
  }
  if (request.method === 'POST' && !request.isMultipart() && (typeof request.body !== 'object' || request.body === null || Array.isArray(request.body))) {
    throw new ApiError('bad_request', 'The body must be one JSON object such as {"query": "…", "variables": {…}}; batches are not supported.');
  }
  if (request.method === 'GET') {
    const query = (request.query ?? {}) as Record<string, unknown>;
    checkJsonParameter(query, 'variables');
    checkJsonParameter(query, 'extensions');
  }
}
