import { createHash, randomUUID } from 'node:crypto';
import type { Prisma } from '../../generated/prisma/client.js';
import { describeBytes } from '../../platform/net/guarded-download.js';
import type { MediaServices } from './media-services.js';
import { ImageRefused, renderRenditions } from './render-renditions.js';
import { renditionNames, type Renditions } from './renditions.js';

export interface ImageDetails {
  filename?: string | null;
  alt?: string | null;
  sourceUrl?: string | null;
  /** The file's uid, which its keys carry; a fresh one unless a caller keeps shared files under a fixed one (the seed's artworks). */
  uid?: string;
}

/**
 * Renders an image's renditions and writes them through the storage port under
 * `<store>/<file uid>/<rendition>.<ext>`: keys that are never reused, so they are served as
 * immutable. Answers the MediaFile row to insert; the caller writes it (a request through its
 * store's client, the seed in bulk). Throws ImageRefused for bytes that are not an image.
 */
export async function saveImage(
  media: MediaServices,
  storeId: string,
  bytes: Buffer,
  details: ImageDetails = {},
): Promise<Prisma.MediaFileCreateManyInput & { uid: string }> {
  if (bytes.length > media.maxBytes) throw new ImageRefused(`is larger than ${describeBytes(media.maxBytes)}`);
  const rendered = await renderRenditions(bytes, { maxPixels: media.maxPixels });
  const uid = details.uid ?? randomUUID();
  const keyOf = (file: (typeof rendered)[number]) => `${storeId}/${uid}/${file.name}.${file.ext}`;
  await Promise.all(rendered.map((file) => media.storage.put(keyOf(file), file.data, file.mimeType)));
  const byName = new Map(rendered.map((file) => [file.name, file]));
  const sizes = Object.fromEntries(
    renditionNames.map((name) => {
      const file = byName.get(name)!;
      return [name, { url: `${media.baseUrl}/${keyOf(file)}`, w: file.width, h: file.height }];
    }),
  ) as Renditions;
  const original = byName.get('original')!;
  return {
    uid,
    storeId,
    storageKey: keyOf(original),
    filename: details.filename ?? null,
    mimeType: original.mimeType,
    size: original.data.length,
    width: original.width,
    height: original.height,
    alt: details.alt ?? null,
    checksum: createHash('sha256').update(bytes).digest('hex'),
    sourceUrl: details.sourceUrl ?? null,
    sizes: sizes as unknown as Prisma.InputJsonValue,
  };
}

/** Removes a saved image's files again, when the row that would have named them was not written. */
export async function discardImage(media: MediaServices, row: { storageKey: string; sizes: unknown }): Promise<void> {
  const prefix = `${media.baseUrl}/`;
  const keys = Object.values(row.sizes as Renditions).map((r) => r.url.slice(prefix.length));
  await Promise.all(keys.map((key) => media.storage.delete(key).catch(() => undefined)));
}
