import type { Product } from '../../generated/prisma/client.js';
import type { Ctx } from '../context.js';
import type { ProductPricing } from './product-pricing.js';

/** A product's price and stock as shoppers see it in this request (discounts applied): priced once per product, whichever face or field asks. */
export function pricingOf(ctx: Ctx, product: Product): Promise<ProductPricing> {
  return ctx.loaders.shopperPricing.load(product);
}

/** The same before discounts: the merchant's own view of what the product costs. */
export function merchantPricingOf(ctx: Ctx, product: Product): Promise<ProductPricing> {
  return ctx.loaders.pricing.load(product);
}
