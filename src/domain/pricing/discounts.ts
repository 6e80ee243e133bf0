import type { Prisma } from '../../generated/prisma/client.js';

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

/** A live automatic discount as the price rule reads it: what it targets, its cap and how it ranks. */
export interface DiscountOffer extends Discount {
  productIds: string[];
  categoryIds: string[];
  cappedAmount: Decimal | null;
  priority: number;
  createdAt: Date;
}

/** A discount applied to one price: what it takes off and what the shopper then pays. */
export interface AppliedDiscount extends Discount {
  amount: Decimal;
  finalPrice: Decimal;
}
