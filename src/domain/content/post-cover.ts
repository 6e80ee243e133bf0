import { Prisma } from '../../generated/prisma/client.js';
import type { Ctx } from '../context.js';
import { ingestImage } from '../media/ingest-image.js';
import { orderedRenditions } from '../media/renditions.js';

export interface CoverColumns {
  coverImageUrl: string | null;
  coverImageSizes: Prisma.InputJsonValue | typeof Prisma.DbNull;
}

/**
 * A cover image brought into the store's media library through the guarded download (never
 * hot-linked): the address of its original and its renditions. Run it before the transaction,
 * downloads are slow. `undefined` leaves the cover as it is; null removes it.
 */
export async function ingestCover(ctx: Ctx, url: string | null | undefined): Promise<CoverColumns | undefined> {
  if (url === undefined) return undefined;
  if (url === null) return { coverImageUrl: null, coverImageSizes: Prisma.DbNull };
  const file = await ingestImage(ctx, { url }, 'coverImageUrl');
  return { coverImageUrl: orderedRenditions(file.sizes).original.url, coverImageSizes: file.sizes as Prisma.InputJsonValue };
}
