import type { Variant } from '../../generated/prisma/client.js';
import { ApiError } from '../../platform/errors/api-error.js';
import type { Ctx } from '../context.js';
import { sellableVariants } from '../pricing/product-pricing.js';
import { parseRecordId } from '../record-id.js';
import { findCatalogProduct, findMerchantProduct } from './find-product.js';

/**
 * A variant by integer id or uuid, as one face sees it: the merchant sees every variant of a
 * product of the store; a shopper only one it can buy, of a product it can see. Anything else is a 404.
 */
export async function findVariantOfStore(ctx: Ctx, rawId: string, face: 'merchant' | 'shopper'): Promise<Variant> {
  const recordId = parseRecordId(rawId);
  const variant = recordId ? await ctx.db.variant.findFirst({ where: recordId }) : null;
  if (!variant) throw ApiError.notFound('Variant');
  if (face === 'merchant') {
    await findMerchantProduct(ctx, variant.productId);
    return variant;
  }
  await findCatalogProduct(ctx, { id: variant.productId });
  const sellable = sellableVariants(await ctx.loaders.variantsByProduct.load(variant.productId));
  if (!sellable.some((v) => v.id === variant.id)) throw ApiError.notFound('Variant');
  return variant;
}
