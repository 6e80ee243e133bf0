import type { MediaFile } from '../../generated/prisma/client.js';
import { ApiError } from '../../platform/errors/api-error.js';
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

/** A file of the store by its integer id; another store's file is simply not found. */
export async function findFile(ctx: Ctx, rawId: string): Promise<MediaFile> {
  const id = /^\d{1,10}$/.test(rawId) ? Number(rawId) : NaN;
  const file = id <= 2_147_483_647 ? await ctx.db.mediaFile.findFirst({ where: { id } }) : null;
  if (!file) throw ApiError.notFound('File');
  return file;
}
