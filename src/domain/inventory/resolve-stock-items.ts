import { ApiError, type FieldErrors } from '../../platform/errors/api-error.js';
import { merchantVisible } from '../catalog/visibility.js';
import type { Ctx } from '../context.js';
import { parseRecordId } from '../record-id.js';
import type { AdjustmentInput } from './adjustment-input.js';

/** An adjustment with the rows it names. */
export interface ResolvedAdjustment {
  /** Its place in the request, for answers in request order and field names such as `items.3.delta`. */
  index: number;
  input: AdjustmentInput;
  product: { id: string; pId: number };
  variant: { id: string; pId: number; isBackorder: boolean } | null;
}

/** Names a field of the adjustment at `index` as its caller sent it: `delta`, or `items.3.delta` in a batch. */
export type FieldNamer = (index: number, field: string) => string;

const matches = (ref: { pId: number } | { id: string }, row: { id: string; pId: number }) => ('pId' in ref ? ref.pId === row.pId : ref.id === row.id);

/**
 * The product and variant of every adjustment, in two statements whatever the batch size. A
 * reference to another store's record names nothing here, as the spec's order import does with
 * a named 422; every unresolved reference of the batch is reported at once.
 */
export async function resolveStockItems(ctx: Ctx, items: AdjustmentInput[], fieldOf: FieldNamer): Promise<ResolvedAdjustment[]> {
  const productRefs = items.map((item) => parseRecordId(item.product));
  const variantRefs = items.map((item) => (item.variant === null ? null : parseRecordId(item.variant)));
  const wanted = productRefs.filter((ref) => ref !== null);
  const products = wanted.length
    ? await ctx.db.product.findMany({
        where: { ...merchantVisible(ctx), OR: wanted },
        select: { id: true, pId: true, _count: { select: { variants: { where: { isActive: true } } } } },
      })
    : [];
  const productOf = items.map((_, i) => {
    const ref = productRefs[i];
    return ref ? products.find((p) => matches(ref, p)) : undefined;
  });
  const wantedVariants = variantRefs.filter((ref) => ref !== null);
  const variants = wantedVariants.length
    ? await ctx.db.variant.findMany({
        where: { productId: { in: products.map((p) => p.id) }, OR: wantedVariants },
        select: { id: true, pId: true, productId: true, isBackorder: true },
      })
    : [];

  const errors: FieldErrors = {};
  const resolved = items.map((input, index): ResolvedAdjustment | null => {
    const product = productOf[index];
    if (!product) {
      errors[fieldOf(index, 'product')] = ['names no product of this store'];
      return null;
    }
    if (input.variant === null) {
      if (product._count.variants > 0) {
        errors[fieldOf(index, 'variant')] = ['is required: this product sells through its variants, each with its own level'];
        return null;
      }
      return { index, input, product, variant: null };
    }
    const ref = variantRefs[index];
    const variant = ref ? variants.find((v) => v.productId === product.id && matches(ref, v)) : undefined;
    if (!variant) {
      errors[fieldOf(index, 'variant')] = ['names no variant of this product'];
      return null;
    }
    return { index, input, product, variant };
  });
  if (Object.keys(errors).length) throw ApiError.validation(errors);
  return resolved as ResolvedAdjustment[];
}
