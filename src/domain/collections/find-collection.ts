import type { Collection } from '../../generated/prisma/client.js';
import { ApiError } from '../../platform/errors/api-error.js';
import type { Ctx } from '../context.js';
import { parseRecordId, uuidsOf } from '../record-id.js';

/**
 * A collection of the store by uuid, integer id or slug; another store's, or anything else, is a
 * 404 naming the collection. A catalogue read finds it once per catalogue version (catalog-snapshot.ts).
 */
export async function findCollection(ctx: Ctx, raw: string): Promise<Collection> {
  const where = parseRecordId(raw) ?? (raw.length <= 120 ? { slug: raw } : null);
  const read = () => ctx.db.collection.findFirst({ where: where! });
  const collection = where ? await (ctx.catalog ? ctx.catalog.kept(`collection:${JSON.stringify(where)}`, read) : read()) : null;
  if (!collection) throw ApiError.notFound('Collection');
  return collection;
}

/** The store's collections among uuids, in one statement; the others are left out. */
export function findCollections(ctx: Ctx, ids: readonly string[]): Promise<Collection[]> {
  return ctx.db.collection.findMany({ where: { id: { in: uuidsOf(ids) } } });
}
