import { Prisma, type Coupon } from '../../generated/prisma/client.js';
import { ApiError } from '../../platform/errors/api-error.js';
import { isExpired } from '../discounts/coupon-state.js';
import { codeKeyOf } from '../discounts/create-coupon.js';
import type { TransactionCtx } from '../transaction.js';

type Decimal = Prisma.Decimal;

/** A priced line as the coupon rule reads it: what it is and what it costs after automatic discounts. */
export interface CouponLine {
  productId: string;
  categoryId: string | null;
  lineTotal: Decimal;
}

export interface AppliedCoupon {
  coupon: Coupon;
  amount: Decimal;
  /** The amount spread over the lines, in line order (0 for a line the coupon does not reach). */
  shares: Decimal[];
}

const notValid = (code: string, why: string) => new ApiError('coupon_invalid', `The coupon ${code} ${why}.`, { fieldErrors: { couponCode: [why] } });
const notApplicable = (code: string, why: string) =>
  new ApiError('coupon_not_applicable', `The coupon ${code} ${why}.`, { fieldErrors: { couponCode: [why] } });
const usedUp = (code: string, why: string) => new ApiError('coupon_usage_limit_reached', `The coupon ${code} ${why}.`, { fieldErrors: { couponCode: [why] } });

function reaches(coupon: Coupon, line: CouponLine): boolean {
  if (coupon.appliesTo === 'specific_products') return coupon.targetProductIds.includes(line.productId);
  if (coupon.appliesTo === 'specific_categories') return line.categoryId !== null && coupon.targetCategoryIds.includes(line.categoryId);
  return true;
}

/**
 * Each reached line's share of the amount in proportion to its total, cents rounded down; the cents
 * left over go to the reached lines from the last one back, never past a line's own total (the
 * amount is at most the reached lines' total, so they always fit).
 */
function spread(amount: Decimal, lines: CouponLine[], reached: boolean[], base: Decimal): Decimal[] {
  const shares = lines.map((line, i) =>
    reached[i] ? amount.mul(line.lineTotal).div(base).toDecimalPlaces(2, Prisma.Decimal.ROUND_DOWN) : new Prisma.Decimal(0),
  );
  let left = amount.sub(shares.reduce((sum, share) => sum.add(share), new Prisma.Decimal(0)));
  for (let i = lines.length - 1; i >= 0 && left.gt(0); i--) {
    if (!reached[i]) continue;
    const room = Prisma.Decimal.min(left, lines[i]!.lineTotal.sub(shares[i]!));
    shares[i] = shares[i]!.add(room);
    left = left.sub(room);
  }
  return shares;
}

/**
 * Redeems one coupon for an order inside its transaction. The coupon row is locked by the usage
 * increment before any limit is read, so concurrent checkouts with one code queue on it: the total
 * limit and each customer's limit and cap hold under any concurrency, and a refusal rolls the
 * whole checkout back (the increment with it). The amount follows the coupon's type on the lines it
 * reaches (their totals after automatic discounts): a percentage half-up to the cent, or the fixed
 * value; then `capped_amount`, then what is left of the customer's `capped_amount_per_user`, and
 * never more than those lines cost.
 */
export async function applyCoupon(tx: TransactionCtx, code: string, lines: CouponLine[], customerId: number | null): Promise<AppliedCoupon> {
  const found = await tx.db.coupon.findUnique({ where: { storeId_codeKey: { storeId: tx.db.$storeId, codeKey: codeKeyOf(code) } } });
  if (!found || !found.isActive) throw notValid(code, 'is not a valid code at this store');
  if (found.startsAt && found.startsAt > tx.now) throw notValid(code, 'is not valid yet');
  if (isExpired(found, tx.now)) throw notValid(code, 'has expired');
  const perCustomer = found.usageLimitPerUser !== null || found.cappedAmountPerUser !== null;
  if (perCustomer && customerId === null) throw notApplicable(code, 'needs a signed-in customer: sign in to use it');

  const reached = lines.map((line) => reaches(found, line));
  const base = lines.reduce((sum, line, i) => (reached[i] ? sum.add(line.lineTotal) : sum), new Prisma.Decimal(0));
  // A coupon reaching only free lines has nothing to take off.
  if (base.isZero()) throw notApplicable(code, 'does not apply to anything in this cart');
  const orderAmount = lines.reduce((sum, line) => sum.add(line.lineTotal), new Prisma.Decimal(0));
  if (found.minimumOrderAmount && orderAmount.lt(found.minimumOrderAmount)) {
    throw notApplicable(code, `needs an order of at least ${found.minimumOrderAmount.toFixed(2)} ${tx.store.currency}`);
  }

  const coupon = await tx.db.coupon.update({ where: { id: found.id }, data: { usedCount: { increment: 1 } } });
  if (coupon.usageLimit !== null && coupon.usedCount > coupon.usageLimit) throw usedUp(code, 'has been used as many times as it may be');

  let amount =
    coupon.discountType === 'percentage' ? base.mul(coupon.discountValue).div(100).toDecimalPlaces(2, Prisma.Decimal.ROUND_HALF_UP) : coupon.discountValue;
  if (coupon.cappedAmount && amount.gt(coupon.cappedAmount)) amount = coupon.cappedAmount;
  if (perCustomer) {
    const mine = await tx.db.couponRedemption.aggregate({ where: { couponId: coupon.id, customerId }, _count: true, _sum: { amount: true } });
    if (coupon.usageLimitPerUser !== null && mine._count >= coupon.usageLimitPerUser) throw usedUp(code, 'has been used as many times as one customer may');
    if (coupon.cappedAmountPerUser) {
      const left = coupon.cappedAmountPerUser.sub(mine._sum.amount ?? 0);
      if (left.lte(0)) throw usedUp(code, 'has given this customer all the discount it may');
      if (amount.gt(left)) amount = left;
    }
  }
  if (amount.gt(base)) amount = base;
  return { coupon, amount, shares: spread(amount, lines, reached, base) };
}
