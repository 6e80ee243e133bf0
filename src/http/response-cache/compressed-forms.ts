import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyRequest } from 'fastify';
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync, gzipSync } from 'node:zlib';
import { COMPRESSION_THRESHOLD_BYTES, BROTLI_QUALITY } from '../compression.js';
import type { CachedAnswer } from './cached-answers.js';

export type Encoding = 'br' | 'gzip';

/**
 * A compressed form is kept only when it is at most this share of the text (a 50-card page
 * compresses to about a twentieth): a text that compresses worse is kept as it is, and compressed
 * on the way out like any answer.
 */
const KEPT_SHARE = 8;

/**
 * The encoding a cached answer leaves in for this request, as @fastify/compress would choose it
 * (brotli or gzip by the client's Accept-Encoding, `*` and `x-gzip` meaning gzip, none for
 * `x-no-compression` or an answer under the threshold); null to send the text as it is.
 */
export function encodingFor(request: FastifyRequest, answer: CachedAnswer): Encoding | null {
  const accepted = request.headers['accept-encoding'];
  if (typeof accepted !== 'string' || request.headers['x-no-compression'] !== undefined) return null;
  if (answer.textBytes < COMPRESSION_THRESHOLD_BYTES) return null;
  const chosen = negotiate(accepted.toLowerCase().replace(/\*|x-gzip/g, 'gzip'), ['br', 'gzip']);
  return chosen === 'br' || chosen === 'gzip' ? chosen : null;
}

/** The answer's text: kept as it is, or, once a compressed form is kept in its place, decompressed from it (gzip first: it inflates faster). */
export function textOf(answer: CachedAnswer): Buffer {
  if (answer.body) return answer.body;
  const { gzip, br } = answer.compressed ?? {};
  if (gzip) return gunzipSync(gzip);
  if (br) return brotliDecompressSync(br);
  throw new Error('a cached answer holds neither its text nor a compressed form of it');
}

/**
 * The answer's text in `encoding`, compressed on the first hit that asks for it and kept on the
 * answer, so a hit never compresses 250 KB again; null when that form would be too large to keep
 * (the plugin then compresses it on the way out, as for any answer). Once a form is kept the text
 * is let go: a 50-card page then holds a twentieth of its bytes, and the rare hit that asks for no
 * encoding inflates it (about a millisecond) instead of every kept page holding its text for it.
 */
export function compressedForm(answer: CachedAnswer, encoding: Encoding): Buffer | null {
  const forms = (answer.compressed ??= {});
  let form = forms[encoding];
  if (form === undefined) {
    const text = textOf(answer);
    const packed =
      encoding === 'br'
        ? brotliCompressSync(text, { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: text.length } })
        : gzipSync(text);
    form = packed.length * KEPT_SHARE <= text.length ? packed : null;
    forms[encoding] = form;
    if (form) answer.body = null;
  }
  return form;
}

/** The bytes an answer holds: its text, or the compressed forms kept in its place. */
export function heldBytes(answer: CachedAnswer): number {
  return (answer.body?.length ?? 0) + (answer.compressed?.br?.length ?? 0) + (answer.compressed?.gzip?.length ?? 0);
}
