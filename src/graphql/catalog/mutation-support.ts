import type { Ctx } from '../../domain/context.js';

/** userError fields for mutations that take `input`: the domain's field path under it (`request` is the whole input). */
export const inputField = (field: string) => (field === 'request' ? 'input' : `input.${field}`);

/**
 * Mutations of one document run one after another on one context: a product written by one must
 * not be answered from what the request's loaders read of it before.
 */
export function forgetProduct(ctx: Ctx, productId: string): void {
  ctx.loaders.variantsByProduct.clear(productId);
  ctx.loaders.imagesByProduct.clear(productId);
  ctx.loaders.optionsByProduct.clear(productId);
  ctx.loaders.pricing.clearAll();
  ctx.loaders.shopperPricing.clearAll();
}
