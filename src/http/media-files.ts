import type { FastifyInstance } from 'fastify';
import { mediaPathPrefix } from '../domain/media/media-services.js';
import { mediaTypeOfExtension, renditionExtension } from '../domain/media/render-renditions.js';
import { renditionNames, type RenditionName } from '../domain/media/renditions.js';
import { ApiError } from '../platform/errors/api-error.js';
import type { Storage } from '../platform/storage/storage.js';

const uuid = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const segmentPatterns = {
  store: new RegExp(`^${uuid}$`),
  file: new RegExp(`^${uuid}$`),
  name: new RegExp(`^(${renditionNames.join('|')})\\.(${Object.keys(mediaTypeOfExtension).join('|')})$`),
};

const notFound = () => ApiError.notFound('File');

/**
 * The key a path names, or null. `?size=<rendition>` on any rendition's path (the form image
 * addresses known only by URL take) answers that rendition instead; each rendition's format is
 * fixed, so its key follows from the path.
 */
function keyOf(params: { store: string; file: string; name: string }, size: unknown): string | null {
  const match = segmentPatterns.name.exec(params.name);
  if (!segmentPatterns.store.test(params.store) || !segmentPatterns.file.test(params.file) || !match) return null;
  const [, name, ext] = match as unknown as [string, RenditionName, string];
  if (size === undefined || size === '') return `${params.store}/${params.file}/${name}.${ext}`;
  if (typeof size !== 'string' || !(renditionNames as readonly string[]).includes(size) || name !== 'original') return null;
  const wanted = size as RenditionName;
  return `${params.store}/${params.file}/${wanted}.${renditionExtension(wanted) ?? ext}`;
}

/**
 * Serves the media library's files, public and without a key (they are product pictures):
 * `/media/<store uuid>/<file uuid>/<rendition>.<ext>`. A key is never rewritten, so answers are
 * cacheable for a year as immutable; the type comes from the extension Bazaar gave the file,
 * never from its bytes, and embedding from other origins is allowed.
 */
export function registerMediaFiles(app: FastifyInstance, storage: Storage) {
  app.get<{ Params: { store: string; file: string; name: string }; Querystring: { size?: unknown } }>(
    `${mediaPathPrefix}/:store/:file/:name`,
    { compress: false },
    async (request, reply) => {
      const key = keyOf(request.params, request.query.size);
      const found = key ? await storage.stream(key) : null;
      if (!key || !found) throw notFound();
      const ext = key.slice(key.lastIndexOf('.') + 1);
      return reply
        .type(mediaTypeOfExtension[ext]!)
        .header('content-length', found.size)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('cross-origin-resource-policy', 'cross-origin')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .send(found.body);
    },
  );
}
