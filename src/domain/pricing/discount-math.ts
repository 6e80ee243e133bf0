import { Prisma } from '../../generated/prisma/client.js';
import type { AppliedDiscount, DiscountOffer } from './discounts.js';

type Decimal = Prisma.Decimal;

/**
 * Every store prices in a currency with two minor digits today. A zero-decimal currency (JPY, KRW)
 * would need a per-currency table here; until a store can have one, rounding stays at cents.
 */
const MINOR_DIGITS = 2;

/**
 * What an offer takes off a price: a percentage rounded half-up to the minor unit, or the fixed
 * value; then capped by `cappedAmount`, and never more than the price, so nothing goes below zero.
 */
export function discountAmount(price: Decimal, offer: Pick<DiscountOffer, 'type' | 'value' | 'cappedAmount'>): Decimal {
  let amount = offer.type === 'percentage' ? price.mul(offer.value).div(100).toDecimalPlaces(MINOR_DIGITS, Prisma.Decimal.ROUND_HALF_UP) : offer.value;
  if (offer.cappedAmount !== null && amount.gt(offer.cappedAmount)) amount = offer.cappedAmount;
  if (amount.gt(price)) amount = price;
  return amount.isNegative() ? new Prisma.Decimal(0) : amount;
}

export interface RankedDiscount extends AppliedDiscount {
  priority: number;
  createdAt: Date;
}

export function applyOffer(price: Decimal, offer: DiscountOffer): RankedDiscount {
  const amount = discountAmount(price, offer);
  return {
    id: offer.id,
    title: offer.title,
    type: offer.type,
    value: offer.value,
    imageUrl: offer.imageUrl,
    amount,
    finalPrice: price.sub(amount),
    priority: offer.priority,
    createdAt: offer.createdAt,
  };
}

/** Between two discounts that leave the same price: the higher priority, then the older discount, then the id. */
export function byRank(a: Pick<DiscountOffer, 'priority' | 'createdAt' | 'id'>, b: Pick<DiscountOffer, 'priority' | 'createdAt' | 'id'>): number {
  if (a.priority !== b.priority) return b.priority - a.priority;
  const age = a.createdAt.getTime() - b.createdAt.getTime();
  if (age !== 0) return age;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** Best for the shopper first: the lower final price, then `byRank`. */
export function byBestForShopper(a: RankedDiscount, b: RankedDiscount): number {
  return a.finalPrice.cmp(b.finalPrice) || byRank(a, b);
}

/**
 * Product discounts do not stack (Shopify's combination rule for product discounts): each offer is
 * applied to the full price on its own, every one is listed best first, and the shopper pays the
 * single best one.
 */
export function bestDiscounts(
  price: Decimal,
  offers: DiscountOffer[],
): { discount: AppliedDiscount | null; discounts: AppliedDiscount[]; discountPrice: Decimal } {
  const ranked = offers.map((offer) => applyOffer(price, offer)).sort(byBestForShopper);
  const discounts = ranked.map(({ priority: _priority, createdAt: _createdAt, ...applied }) => applied);
  const best = discounts[0] ?? null;
  return { discount: best, discounts, discountPrice: best ? best.finalPrice : price };
}
