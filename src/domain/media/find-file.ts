import type { MediaFile } from '../../generated/prisma/client.js';
import { ApiError } from '../../platform/errors/api-error.js';
import type { Ctx } from '../context.js';
import { parseRecordId, uuidsOf } from '../record-id.js';

/** A file of the store's media library by its integer id or its uid; another store's is a 404. */
export async function findFile(ctx: Ctx, rawId: string): Promise<MediaFile> {
  const recordId = parseRecordId(rawId);
  const key = recordId && ('pId' in recordId ? { id: recordId.pId } : { uid: recordId.id });
  const file = key ? await ctx.db.mediaFile.findFirst({ where: key }) : null;
  if (!file) throw ApiError.notFound('File');
  return file;
}

/** The store's files among uids, in one statement; the others are left out. */
export function findFiles(ctx: Ctx, uids: readonly string[]): Promise<MediaFile[]> {
  return ctx.db.mediaFile.findMany({ where: { uid: { in: uuidsOf(uids) } } });
}
