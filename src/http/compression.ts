import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import zlib from 'node:zlib';

/** Below this many bytes compressing saves less than it costs (an answer fits a packet or two anyway). */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/** The plugin's recommended brotli quality (of 0–11): 11 compresses a 250 KB page for tens of milliseconds, 4 in a few. */
export const BROTLI_QUALITY = 4;

/**
 * Text answers (JSON, HTML, JavaScript, CSS) over the threshold leave brotli- or gzip-compressed,
 * as the caller's Accept-Encoding prefers, with `Vary: Accept-Encoding`. A 50-card product page
 * is about 250 KB of JSON and about 18 KB compressed. Registered before every route: the plugin
 * hooks each route as it is declared, after the route's own onSend hooks, so an ETag is taken
 * from the uncompressed body (a weak ETag, equal for every encoding of the same JSON) and a 304
 * stays empty. Request bodies are read as sent: the APIs document no compressed uploads. An answer
 * from the catalogue cache leaves in a compressed form it keeps (response-cache/compressed-forms.ts),
 * which this plugin passes on as it is.
 */
export async function registerCompression(app: FastifyInstance) {
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    threshold: COMPRESSION_THRESHOLD_BYTES,
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } },
    globalDecompression: false,
  });
}
