import type { FieldErrors } from '../../platform/errors/api-error.js';
import type { Ctx } from '../context.js';
import { merchantVisible } from '../catalog/visibility.js';
import { parseRecordId } from '../record-id.js';

/** Long enough for any uuid or integer id; junk is cut, so a refusal never echoes a whole body. */
const shownRefLength = 40;

/**
 * The refusal of a ref that finds no product here, naming it and its place in the list. Another
 * store's product reads exactly like an unknown one: tenancy shows no other store's records.
 */
function notOurs(ref: string, index: number): string {
  const shown = ref.length > shownRefLength ? `${ref.slice(0, shownRefLength)}…` : ref;
  return `names product ${JSON.stringify(shown)} (index ${index}), which is no product of this store: send the uuid or integer id of one of its products`;
}

/**
 * Product refs (uuid or integer id) of several lists as uuids of this store's products, in the
 * order sent and without repeats, in one statement. Every unknown, deleted or other store's id is
 * named in `errors`, on its place (`collections.3.productIds.7`) and in the message (its ref and index).
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
      if (!id) errors[`${lists[l]!.field}.${i}`] = [notOurs(lists[l]!.refs[i]!, i)];
      else if (!ids.includes(id)) ids.push(id);
    });
    return ids;
  });
}
