import type { MediaFile } from '../../generated/prisma/client.js';
import { ApiError } from '../../platform/errors/api-error.js';
import { DownloadRefused } from '../../platform/net/guarded-download.js';
import type { Ctx } from '../context.js';
import { ImageRefused } from './render-renditions.js';
import { discardImage, saveImage, type ImageDetails } from './save-image.js';

/** A file as a multipart body carries it. */
export interface ImageUpload {
  filename: string;
  mimetype: string;
  data: Buffer;
}

/**
 * Where an image comes from: a public URL the server downloads (never hot-linked), an uploaded
 * file, or a file already in the store's media library, by its integer id.
 */
export type ImageSource = { url: string } | { upload: ImageUpload } | { fileId: number };

function lastPathSegment(url: string): string | null {
  try {
    const name = decodeURIComponent(new URL(url).pathname.split('/').pop() ?? '');
    return name ? name.slice(0, 255) : null;
  } catch {
    return null;
  }
}

async function bytesOf(ctx: Ctx, source: { url: string } | { upload: ImageUpload }, field: string): Promise<{ bytes: Buffer } & ImageDetails> {
  if ('upload' in source) return { bytes: source.upload.data, filename: source.upload.filename.slice(0, 255) || null };
  try {
    const downloaded = await ctx.media.download(source.url);
    return { bytes: downloaded.data, filename: lastPathSegment(downloaded.url), sourceUrl: source.url };
  } catch (error) {
    if (error instanceof DownloadRefused) throw ApiError.invalidField(field, error.message);
    throw error;
  }
}

/**
 * Brings an image into the store's media library and answers its MediaFile. A download or an
 * upload is checked (an image by its bytes, within the size and pixel caps), rendered and stored
 * before any row is written, so run this outside a transaction: downloads are slow. A refusal is
 * a 422 `validation_failed` on `field` saying why. A `fileId` names a file of this store only.
 */
export async function ingestImage(ctx: Ctx, source: ImageSource, field: string, options: { alt?: string | null } = {}): Promise<MediaFile> {
  if ('fileId' in source) {
    const file = await ctx.db.mediaFile.findFirst({ where: { id: source.fileId } });
    if (!file) throw ApiError.invalidField(field, `names no file of this store's media library (${source.fileId})`);
    return file;
  }
  const { bytes, ...details } = await bytesOf(ctx, source, field);
  let row: Awaited<ReturnType<typeof saveImage>>;
  try {
    row = await saveImage(ctx.media, ctx.store.id, bytes, { ...details, alt: options.alt });
  } catch (error) {
    if (error instanceof ImageRefused) throw ApiError.invalidField(field, error.message);
    throw error;
  }
  try {
    return await ctx.db.mediaFile.create({ data: row });
  } catch (error) {
    await discardImage(ctx.media, row);
    throw error;
  }
}
