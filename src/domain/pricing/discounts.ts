import type { Prisma } from '../../generated/prisma/client.js';
import type { Ctx } from '../context.js';

type Decimal = Prisma.Decimal;

/** How a discount takes money off: a share of the price, or a fixed amount of the store currency. */
export type DiscountType = 'percentage' | 'fixed';

/** A discount as a store runs it, before it meets a price. */
export interface Discount {
  id: string;
  title: string;
  type: DiscountType;
  /** The percentage, or the amount, as the merchant set it. */
  value: Decimal;
  imageUrl: string | null;
}

/** A discount applied to one price: what it takes off and what the shopper then pays. */
export interface AppliedDiscount extends Discount {
  amount: Decimal;
  finalPrice: Decimal;
}

/**
 * The store's live discounts, as its storefront announces them. Bazaar has no discount model
 * yet, so no store runs one and the answer is honestly empty.
 */
export async function storeDiscounts(_ctx: Ctx): Promise<Discount[]> {
  return [];
}
