import { ApiError } from '../../../platform/errors/api-error.js';
import type { StoreDb } from '../../../platform/database/store-scoped-client.js';
import { parseRecordId } from '../../record-id.js';

/** A category of this store by uuid or integer id, as its uuid; null clears; anything else is a 422 on `categoryId`. */
export async function resolveCategoryId(db: StoreDb, ref: string | null): Promise<string | null> {
  if (ref === null) return null;
  const recordId = parseRecordId(ref);
  const category = recordId ? await db.category.findFirst({ where: recordId, select: { id: true } }) : null;
  if (!category) throw ApiError.invalidField('categoryId', 'names no category of this store (send its uuid or integer id)');
  return category.id;
}
