import type { Product } from '../../generated/prisma/client.js';
import type { Ctx } from '../context.js';
import type { ProductPricing } from './product-pricing.js';

/** A product's price and stock in this request: priced once per product, whichever face or field asks. */
export function pricingOf(ctx: Ctx, product: Product): Promise<ProductPricing> {
  return ctx.loaders.pricing.load(product);
}
