import type { AppliedDiscount, Discount } from '../../../domain/pricing/discounts.js';
import { moneyNumber, moneyString } from '../../kit/format.js';

/** A discount the store runs, as `discounts[]` of GET /store/info shows it: `value` is a decimal string there. */
export function presentDiscount(discount: Discount) {
  return { id: discount.id, title: discount.title, type: discount.type, value: moneyString(discount.value), image_url: discount.imageUrl };
}

/** A discount applied to a product card's price: the discount (`value` a number, as card money is) plus what it takes off and the price left. */
export function presentAppliedDiscount(discount: AppliedDiscount) {
  return {
    id: discount.id,
    title: discount.title,
    type: discount.type,
    value: moneyNumber(discount.value),
    amount: moneyNumber(discount.amount),
    final_price: moneyNumber(discount.finalPrice),
    image_url: discount.imageUrl,
  };
}
