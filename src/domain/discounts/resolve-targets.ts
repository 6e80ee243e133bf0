import { ApiError, type FieldErrors } from '../../platform/errors/api-error.js';
import type { Ctx } from '../context.js';
import { merchantVisible } from '../catalog/visibility.js';
import { parseRecordId } from '../record-id.js';

type Ref = { pId: number } | { id: string };
type Row = { id: string; pId: number };

/** Each ref as the uuid of the row it names, in the order sent and without repeats; a missing one is `field.N`. */
function match(refs: (Ref | null)[], rows: Row[], field: string, kind: string, missing: FieldErrors): string[] {
  const ids: string[] = [];
  refs.forEach((ref, index) => {
    const row = ref && rows.find((r) => ('pId' in ref ? r.pId === ref.pId : r.id === ref.id));
    if (!row) missing[`${field}.${index}`] = [`names no ${kind} of this store (send its uuid or integer id)`];
    else if (!ids.includes(row.id)) ids.push(row.id);
  });
  return ids;
}

async function rowsOf(ctx: Ctx, model: 'product' | 'category', refs: (Ref | null)[]): Promise<Row[]> {
  const known = refs.filter((r): r is Ref => r !== null);
  if (!known.length) return [];
  const select = { id: true, pId: true } as const;
  if (model === 'product') return ctx.db.product.findMany({ where: { ...merchantVisible(ctx), OR: known }, select });
  return ctx.db.category.findMany({ where: { OR: known }, select });
}

/**
 * The products and categories a discount or coupon targets, as uuids of this store's rows. Every
 * unknown, deleted or other store's id is named (`productIds.3`) in one 422 before anything is
 * written; each list costs one query whatever its length.
 */
export async function resolveTargets(
  ctx: Ctx,
  input: { products?: string[]; categories?: string[] },
  fields: { products: string; categories: string },
): Promise<{ productIds: string[]; categoryIds: string[] }> {
  const productRefs = (input.products ?? []).map(parseRecordId);
  const categoryRefs = (input.categories ?? []).map(parseRecordId);
  const [products, categories] = await Promise.all([rowsOf(ctx, 'product', productRefs), rowsOf(ctx, 'category', categoryRefs)]);
  const missing: FieldErrors = {};
  const productIds = match(productRefs, products, fields.products, 'product', missing);
  const categoryIds = match(categoryRefs, categories, fields.categories, 'category', missing);
  if (Object.keys(missing).length) throw ApiError.validation(missing);
  return { productIds, categoryIds };
}
