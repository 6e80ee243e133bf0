import type { MediaFile } from '../../generated/prisma/client.js';
import type { Ctx } from '../context.js';
import { keysetPage, type KeysetPage, type KeysetWindow } from '../pagination/keyset-page.js';
import { asNumber, type KeysetSort } from '../pagination/keyset.js';

export const fileListLimits = { maxPageSize: 100, defaultPageSize: 20 } as const;

/** Newest first; the id grows with every upload, so it is both the order and its tie-breaker. */
const newestFirst: KeysetSort<MediaFile> = [{ field: 'id', direction: 'desc', read: (row) => row.id, parse: asNumber }];

/** The store's media library, newest file first. */
export function listFiles(ctx: Ctx, window: KeysetWindow): Promise<KeysetPage<MediaFile>> {
  return keysetPage(
    ctx,
    {
      binding: { list: 'merchant.files', storeId: ctx.store.id, filters: {} },
      sort: newestFirst,
      where: {},
      fetch: (args) => ctx.db.mediaFile.findMany(args as Parameters<typeof ctx.db.mediaFile.findMany>[0]),
    },
    window,
  );
}
