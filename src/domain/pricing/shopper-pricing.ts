import type { Prisma } from '../../generated/prisma/client.js';
import { targets } from '../discounts/liveness.js';
import { bestDiscounts } from './discount-math.js';
import type { DiscountOffer } from './discounts.js';
import type { ProductPricing } from './product-pricing.js';

/**
 * A product's pricing as shoppers see it: the store's live automatic discounts that target it,
 * applied to the price the card shows (its cheapest active variant's, or its own).
 */
export function shopperPricing(pricing: ProductPricing, product: { id: string; categoryId: string | null }, storeOffers: DiscountOffer[]): ProductPricing {
  const offers = storeOffers.filter((offer) => targets(offer, product));
  if (!offers.length) return pricing;
  return { ...pricing, ...bestDiscounts(pricing.price, offers), offers };
}

/** What the shopper pays for one variant: the same offers, the best one, on the variant's own price. */
export function variantDiscountPrice(price: Prisma.Decimal, pricing: Pick<ProductPricing, 'offers'>): Prisma.Decimal {
  return bestDiscounts(price, pricing.offers).discountPrice;
}
