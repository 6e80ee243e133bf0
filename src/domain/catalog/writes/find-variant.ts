import type { Product, Variant } from '../../../generated/prisma/client.js';
import { ApiError } from '../../../platform/errors/api-error.js';
import type { Ctx } from '../../context.js';
import { parseRecordId } from '../../record-id.js';

/** A variant of this product by integer id or uuid; a variant of another product, or store, is not found. */
export async function findVariant(ctx: Ctx, product: Product, rawId: string): Promise<Variant> {
  const recordId = parseRecordId(rawId);
  const variant = recordId ? await ctx.db.variant.findFirst({ where: { productId: product.id, ...recordId } }) : null;
  if (!variant) throw ApiError.notFound('Variant');
  return variant;
}
