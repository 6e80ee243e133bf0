import type { Store } from '../../../generated/prisma/client.js';
import type { ProductView } from '../../../domain/catalog/product-view-shape.js';
import type { AppliedDiscount } from '../../../domain/pricing/discounts.js';
import { moneyString } from '../../kit/format.js';
import { presentProductCard } from '../../storefront/products/presenters.js';
import { presentAppliedDiscount } from '../../storefront/discounts/presenters.js';

function searchDiscount(discount: AppliedDiscount) {
  return {
    ...presentAppliedDiscount(discount),
    value: moneyString(discount.value),
    amount: moneyString(discount.amount),
    final_price: moneyString(discount.finalPrice),
  };
}

/**
 * A storefront product card as the merchant search answers it: the shopper's card, with every
 * amount a 2-decimal string (merchant spec: "Money is given as decimal strings in the currency's
 * major unit with 2 decimals").
 */
export function presentSearchCard(view: ProductView, store: Store, now: Date) {
  const card = presentProductCard(view, store, now);
  const { pricing } = view;
  return {
    ...card,
    price: moneyString(pricing.price),
    discount_price: moneyString(pricing.discountPrice),
    compare_at_price: moneyString(pricing.compareAtPrice),
    price_range: card.price_range && { min: moneyString(pricing.minPrice), max: moneyString(pricing.maxPrice) },
    discount: pricing.discount && searchDiscount(pricing.discount),
    discounts: pricing.discounts.map(searchDiscount),
    variant_summary: { ...card.variant_summary, min_price: moneyString(pricing.minPrice), max_price: moneyString(pricing.maxPrice) },
  };
}
