import type { MediaFile } from '../../../generated/prisma/client.js';
import { orderedRenditions } from '../../../domain/media/renditions.js';
import { isoTimestamp } from '../../kit/format.js';

export function presentFile(file: MediaFile) {
  const variants = orderedRenditions(file.sizes);
  return {
    id: file.id,
    uid: file.uid,
    url: variants.original.url,
    filename: file.filename,
    mime_type: file.mimeType,
    size: file.size,
    width: file.width,
    height: file.height,
    alt: file.alt,
    variants,
    created_at: isoTimestamp(file.createdAt),
  };
}
