import type { Variant } from '../../generated/prisma/client.js';
import { ApiError } from '../../platform/errors/api-error.js';
import type { Ctx } from '../context.js';
import { sellableVariants } from '../pricing/product-pricing.js';
import { parseRecordId, uuidsOf } from '../record-id.js';
import { findCatalogProduct, findCatalogProducts, findMerchantProduct, findMerchantProducts } from './find-product.js';

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

/** The variants among uuids that one face sees, by the rule above, in a constant number of statements. */
export async function findVariantsOfStore(ctx: Ctx, ids: readonly string[], face: 'merchant' | 'shopper'): Promise<Variant[]> {
  const variants = await ctx.db.variant.findMany({ where: { id: { in: uuidsOf(ids) } } });
  const productIds = [...new Set(variants.map((v) => v.productId))];
  const products = await (face === 'merchant' ? findMerchantProducts(ctx, productIds) : findCatalogProducts(ctx, productIds));
  const seen = new Set(products.map((p) => p.id));
  const visible = variants.filter((v) => seen.has(v.productId));
  if (face === 'merchant') return visible;
  const siblings = await ctx.loaders.variantsByProduct.loadMany([...seen]);
  const sellable = new Set(
    siblings.flatMap((rows) => {
      if (rows instanceof Error) throw rows;
      return sellableVariants(rows).map((v) => v.id);
    }),
  );
  return visible.filter((v) => sellable.has(v.id));
}
