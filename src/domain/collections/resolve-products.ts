import type { FieldErrors } from '../../platform/errors/api-error.js';
import type { Ctx } from '../context.js';
import { merchantVisible } from '../catalog/visibility.js';
import { parseRecordId } from '../record-id.js';

/**
 * Product refs (uuid or integer id) of several lists as uuids of this store's products, in the
 * order sent and without repeats, in one statement. Every unknown, deleted or other store's id is
 * named (`collections.3.productIds.7`) in `errors`.
 */
export async function resolveProductLists(ctx: Ctx, lists: { field: string; refs: string[] }[], errors: FieldErrors): Promise<string[][]> {
  const parsed = lists.map((l) => l.refs.map(parseRecordId));
  const known = parsed.flat().filter((r) => r !== null);
  const rows = known.length ? await ctx.db.product.findMany({ where: { ...merchantVisible(ctx), OR: known }, select: { id: true, pId: true } }) : [];
  const byPId = new Map(rows.map((r) => [r.pId, r.id]));
  const byId = new Set(rows.map((r) => r.id));
  return parsed.map((refs, l) => {
    const ids: string[] = [];
    refs.forEach((ref, i) => {
      const id = ref && ('pId' in ref ? byPId.get(ref.pId) : byId.has(ref.id) ? ref.id : undefined);
      if (!id) errors[`${lists[l]!.field}.${i}`] = ['names no product of this store (send its uuid or integer id)'];
      else if (!ids.includes(id)) ids.push(id);
    });
    return ids;
  });
}
