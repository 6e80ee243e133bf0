import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyRequest } from 'fastify';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { COMPRESSION_THRESHOLD_BYTES, BROTLI_QUALITY } from '../compression.js';
import type { CachedAnswer } from './cached-answers.js';

export type Encoding = 'br' | 'gzip';

/**
 * A compressed form is kept only when it is at most this share of the text (a 50-card page
 * compresses to about a twentieth), so the two forms together never hold more than a quarter of
 * the text's bytes: the allowance the cache counts for them from the start (cached-answers.ts).
 */
const KEPT_SHARE = 8;

/** The bytes an answer's compressed forms may take beside its text, counted when it is stored. */
export function compressedFormsAllowance(textBytes: number): number {
  return Math.ceil((2 * textBytes) / KEPT_SHARE);
}

/**
 * The encoding a cached answer leaves in for this request, as @fastify/compress would choose it
 * (brotli or gzip by the client's Accept-Encoding, `*` and `x-gzip` meaning gzip, none for
 * `x-no-compression` or an answer under the threshold); null to send the text as it is.
 */
export function encodingFor(request: FastifyRequest, answer: CachedAnswer): Encoding | null {
  const accepted = request.headers['accept-encoding'];
  if (typeof accepted !== 'string' || request.headers['x-no-compression'] !== undefined) return null;
  if (answer.body.length < COMPRESSION_THRESHOLD_BYTES) return null;
  const chosen = negotiate(accepted.toLowerCase().replace(/\*|x-gzip/g, 'gzip'), ['br', 'gzip']);
  return chosen === 'br' || chosen === 'gzip' ? chosen : null;
}

/**
 * The answer's text in `encoding`, compressed on the first hit that asks for it and kept on the
 * answer, so a hit never compresses 250 KB again; null when that form would be too large to keep
 * (the plugin then compresses it on the way out, as for any answer).
 */
export function compressedForm(answer: CachedAnswer, encoding: Encoding): Buffer | null {
  const forms = (answer.compressed ??= {});
  let form = forms[encoding];
  if (form === undefined) {
    const packed =
      encoding === 'br'
        ? brotliCompressSync(answer.body, {
            params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: answer.body.length },
          })
        : gzipSync(answer.body);
    form = packed.length * KEPT_SHARE <= answer.body.length ? packed : null;
    forms[encoding] = form;
  }
  return form;
}
