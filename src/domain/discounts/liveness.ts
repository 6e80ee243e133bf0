import type { Discount, Prisma } from '../../generated/prisma/client.js';

/**
 * Whether a discount (or promotion) applies at `now`: active, published, and inside its validity
 * window (open ends are unbounded). Computed at request time, so a discount starts and ends at its
 * instant with no job to run.
 */
export function isLive(discount: Pick<Discount, 'isActive' | 'isPublished' | 'validFrom' | 'validUntil'>, now: Date): boolean {
  return (
    discount.isActive &&
    discount.isPublished &&
    (discount.validFrom === null || discount.validFrom <= now) &&
    (discount.validUntil === null || discount.validUntil > now)
  );
}

/** The same rule as a query condition, for lists that fetch only live rows. */
export function livePredicate(now: Date): Prisma.DiscountWhereInput {
  return {
    isActive: true,
    isPublished: true,
    AND: [{ OR: [{ validFrom: null }, { validFrom: { lte: now } }] }, { OR: [{ validUntil: null }, { validUntil: { gt: now } }] }],
  };
}

type ShopperPriceFields = Pick<
  Discount,
  'isActive' | 'isPublished' | 'validFrom' | 'validUntil' | 'autoApply' | 'minimumOrderAmount' | 'minimumQuantity' | 'maxUsageTotal' | 'usageCount'
>;

/**
 * Whether a discount has an order-level condition, met or not only at checkout: a minimum order
 * amount above zero, or a minimum quantity above one. Zero and one are no condition (integrations
 * send them for "none"), so such a discount prices cards like one without them.
 */
export function dependsOnBasket(discount: Pick<Discount, 'minimumOrderAmount' | 'minimumQuantity'>): boolean {
  return (discount.minimumOrderAmount !== null && discount.minimumOrderAmount.gt(0)) || (discount.minimumQuantity !== null && discount.minimumQuantity > 1);
}

/** `dependsOnBasket`'s negation as a query condition. */
const basketFree: Prisma.DiscountWhereInput[] = [
  { OR: [{ minimumOrderAmount: null }, { minimumOrderAmount: { lte: 0 } }] },
  { OR: [{ minimumQuantity: null }, { minimumQuantity: { lte: 1 } }] },
];

/**
 * Whether a discount lowers the price a product card shows at `now`: live, applied without a code,
 * decidable without an order (`dependsOnBasket`), and not used up to its total limit. Shopper prices and the `discount_applies`
 * smart rule both go through this rule, so a product is in "discount applies" exactly when its card
 * shows a discount.
 */
export function lowersShopperPrices(discount: ShopperPriceFields, now: Date): boolean {
  return (
    isLive(discount, now) &&
    discount.autoApply &&
    !dependsOnBasket(discount) &&
    (discount.maxUsageTotal === null || discount.usageCount < discount.maxUsageTotal)
  );
}

/**
 * Whether a use count that has just moved one step (`step`) to `usageCount` crossed the discount's
 * total limit, and so changed what `lowersShopperPrices` answers: the use that reaches the limit
 * ends the discount for shoppers, the one given back from it revives it. Any other use changes
 * nothing a shopper sees.
 */
export function crossesUsageLimit(discount: Pick<Discount, 'usageCount' | 'maxUsageTotal'>, step: 1 | -1): boolean {
  if (discount.maxUsageTotal === null) return false;
  return discount.usageCount === (step === 1 ? discount.maxUsageTotal : discount.maxUsageTotal - 1);
}

/**
 * The same rule as a query condition, but for the usage limit: Prisma cannot compare two columns, so
 * rows fetched with it still go through `lowersShopperPrices`.
 */
export function lowersShopperPricesWhere(now: Date): Prisma.DiscountWhereInput {
  const live = livePredicate(now);
  return { ...live, autoApply: true, AND: [...(live.AND as Prisma.DiscountWhereInput[]), ...basketFree] };
}

/**
 * The same condition without the start: the discounts that lower card prices at `now` or will from
 * a later instant, not yet ended at `now`. For any clock from `now` on, the discounts that lower
 * card prices are among them (`lowersShopperPrices` picks them), whatever starts or ends meanwhile.
 */
export function lowersShopperPricesFromWhere(now: Date): Prisma.DiscountWhereInput {
  return { isActive: true, isPublished: true, autoApply: true, AND: [{ OR: [{ validUntil: null }, { validUntil: { gt: now } }] }, ...basketFree] };
}

/** The products a discount targets: every product when it names none, else those named or in a named category. */
export function targetPredicate(discount: Pick<Discount, 'productIds' | 'categoryIds'>): Prisma.ProductWhereInput {
  if (!discount.productIds.length && !discount.categoryIds.length) return {};
  return { OR: [{ id: { in: discount.productIds } }, { categoryId: { in: discount.categoryIds } }] };
}

/** Whether a discount targets a product, by the same rule as `targetPredicate`. */
export function targets(discount: Pick<Discount, 'productIds' | 'categoryIds'>, product: { id: string; categoryId: string | null }): boolean {
  if (!discount.productIds.length && !discount.categoryIds.length) return true;
  return discount.productIds.includes(product.id) || (product.categoryId !== null && discount.categoryIds.includes(product.categoryId));
}
