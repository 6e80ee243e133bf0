import type { AppliedDiscount, Discount } from '../../../domain/pricing/discounts.js';
import { moneyNumber } from '../../kit/format.js';

/** A discount the store runs, as `discounts[]` of GET /store/info shows it. */
export function presentDiscount(discount: Discount) {
  return { id: discount.id, title: discount.title, type: discount.type, value: discount.value.toString(), image_url: discount.imageUrl };
}

/** A discount applied to a product card's price: the store's discount plus what it takes off and the price left. */
export function presentAppliedDiscount(discount: AppliedDiscount) {
  return { ...presentDiscount(discount), amount: moneyNumber(discount.amount), final_price: moneyNumber(discount.finalPrice) };
}
