import { randomUUID } from 'node:crypto';
import type { MediaFile, Prisma } from '../generated/prisma/client.js';
import type { Db } from '../platform/database/database.js';
import type { MediaServices } from '../domain/media/media-services.js';
import { saveImage } from '../domain/media/save-image.js';
import { artworkPoolSize, renderArtwork } from './placeholder-art.js';

/**
 * The seed's artworks are the same pictures in every store, so their files are rendered once per
 * storage and shared: they live under a fixed pseudo-store segment, one fixed uid per artwork, and
 * a manifest written after the files says they are complete. Bump the version when the art changes.
 */
const sharedSegment = '00000000-0000-4000-8000-00000000a127';
const artVersion = 1;
const manifestKey = `${sharedSegment}/artworks-v${artVersion}.json`;

function artworkUid(index: number): string {
  return `00000000-0000-4000-8000-${String(artVersion * 1000 + index).padStart(12, '0')}`;
}

type ArtworkRow = Omit<Prisma.MediaFileCreateManyInput, 'storeId' | 'uid'>;

async function sharedArtworks(media: MediaServices): Promise<ArtworkRow[]> {
  const stored = await media.storage.get(manifestKey);
  if (stored) return JSON.parse(stored.toString('utf8')) as ArtworkRow[];
  const rows = await Promise.all(
    Array.from({ length: artworkPoolSize }, async (_, index) => {
      const art = await renderArtwork(index);
      const { storeId: _segment, uid: _uid, ...row } = await saveImage(media, sharedSegment, art.data, { filename: art.filename, uid: artworkUid(index) });
      return row;
    }),
  );
  await media.storage.put(manifestKey, Buffer.from(JSON.stringify(rows)), 'application/json');
  return rows;
}

/** The store's library files of the seed artworks, in artwork order: made on the store's first seed, reused after. */
export async function seedArtworkFiles(db: Db, media: MediaServices, storeId: string): Promise<MediaFile[]> {
  const byKey = (a: MediaFile, b: MediaFile) => a.storageKey.localeCompare(b.storageKey);
  const keys = Array.from({ length: artworkPoolSize }, (_, index) => `${sharedSegment}/${artworkUid(index)}/`);
  const existing = await db.mediaFile.findMany({ where: { storeId, OR: keys.map((key) => ({ storageKey: { startsWith: key } })) } });
  // The pool's rows are written in one statement, so a store has all of them or none.
  if (existing.length) return existing.sort(byKey);
  const rows = await sharedArtworks(media);
  const created = await db.mediaFile.createManyAndReturn({ data: rows.map((row) => ({ ...row, storeId, uid: randomUUID() })) });
  return created.sort(byKey);
}
