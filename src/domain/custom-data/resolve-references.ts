import type { Ctx } from '../context.js';
import type { ValueReference } from './value-types.js';

/**
 * The references among `references` that do not resolve in this store: a metaobject that does
 * not exist or is not of the type its validation names, a product that does not exist or was
 * deleted. Two statements at most, whatever the count.
 */
export async function unresolvedReferences(ctx: Ctx, references: ValueReference[]): Promise<Set<ValueReference>> {
  const metaobjectIds = [...new Set(references.flatMap((r) => (r.kind === 'metaobject' ? [r.id] : [])))];
  const productIds = [...new Set(references.flatMap((r) => (r.kind === 'product' ? [r.id] : [])))];
  const [metaobjects, products] = await Promise.all([
    metaobjectIds.length
      ? ctx.db.metaobject.findMany({ where: { id: { in: metaobjectIds } }, select: { id: true, definition: { select: { type: true } } } })
      : [],
    productIds.length ? ctx.db.product.findMany({ where: { id: { in: productIds }, deletedAt: null }, select: { id: true } }) : [],
  ]);
  const typeOf = new Map(metaobjects.map((m) => [m.id, m.definition.type]));
  const liveProducts = new Set(products.map((p) => p.id));
  return new Set(
    references.filter((r) =>
      r.kind === 'product' ? !liveProducts.has(r.id) : !typeOf.has(r.id) || (r.type !== null && typeOf.get(r.id) !== r.type),
    ),
  );
}
