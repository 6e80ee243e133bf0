import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Below this many bytes compressing saves less than it costs (an answer fits a packet or two anyway). */
const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * Text answers (JSON, HTML, JavaScript, CSS) over the threshold leave brotli- or gzip-compressed,
 * as the caller's Accept-Encoding prefers, with `Vary: Accept-Encoding`. A 50-card product page
 * is about 250 KB of JSON and about 18 KB compressed. Registered before every route: the plugin
 * hooks each route as it is declared, after the route's own onSend hooks, so an ETag is taken
 * from the uncompressed body (a weak ETag, equal for every encoding of the same JSON) and a 304
 * stays empty. Request bodies are read as sent: the APIs document no compressed uploads.
 */
export async function registerCompression(app: FastifyInstance) {
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    threshold: COMPRESSION_THRESHOLD_BYTES,
    globalDecompression: false,
  });
}
