import type { Coupon, Prisma } from '../../generated/prisma/client.js';

type Timed = Pick<Coupon, 'isActive' | 'startsAt' | 'expiresAt' | 'usageLimit' | 'usedCount'>;

/** Past its end at `now`; computed at request time, so a coupon expires at its instant with no job to run. */
export function isExpired(coupon: Pick<Coupon, 'expiresAt'>, now: Date): boolean {
  return coupon.expiresAt !== null && coupon.expiresAt <= now;
}

/** Whether a shopper could redeem it at `now`: active, started, not expired, and under its total usage limit. */
export function isValid(coupon: Timed, now: Date): boolean {
  return (
    coupon.isActive &&
    (coupon.startsAt === null || coupon.startsAt <= now) &&
    !isExpired(coupon, now) &&
    (coupon.usageLimit === null || coupon.usedCount < coupon.usageLimit)
  );
}

export const couponStatuses = ['active', 'inactive', 'expired'] as const;
export type CouponStatus = (typeof couponStatuses)[number];

/**
 * The list's status filter: `active` is switched on and not expired (scheduled coupons included),
 * `inactive` is switched off, `expired` is past its end whether switched on or off.
 */
export function statusPredicate(status: CouponStatus, now: Date): Prisma.CouponWhereInput {
  if (status === 'inactive') return { isActive: false };
  if (status === 'expired') return { expiresAt: { lte: now } };
  return { isActive: true, OR: [{ expiresAt: null }, { expiresAt: { gt: now } }] };
}
