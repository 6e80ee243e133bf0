import type { Coupon, Prisma } from '../../generated/prisma/client.js';
import type { Ctx } from '../context.js';
import { keysetPage, type KeysetPage, type KeysetWindow } from '../pagination/keyset-page.js';
import { asDate, asNumber, type KeysetSort } from '../pagination/keyset.js';
import { containsText } from '../text-match.js';
import { statusPredicate, type CouponStatus } from './coupon-state.js';
import type { DiscountType } from './offer-fields.js';

export const couponListLimits = { maxPageSize: 100, defaultPageSize: 20, maxSearchLength: 255 } as const;

export interface CouponListInput {
  window: KeysetWindow;
  filter: {
    discountType?: DiscountType;
    status?: CouponStatus;
    /** The code or the title, anywhere, any case, wildcards literal. */
    search?: string;
  };
}

const newestFirst: KeysetSort<Coupon> = [
  { field: 'createdAt', direction: 'desc', read: (row) => row.createdAt.toISOString(), parse: asDate },
  { field: 'pId', direction: 'desc', read: (row) => row.pId, parse: asNumber },
];

/**
 * The store's coupons, newest first. `expired` and `active` compare with the request's clock, so a
 * cursor keeps the filter, not the instant: a coupon expiring mid-walk may leave the next page.
 */
export function listCoupons(ctx: Ctx, input: CouponListInput): Promise<KeysetPage<Coupon>> {
  const { discountType, status, search } = input.filter;
  const where: Prisma.CouponWhereInput = { AND: [] };
  const and = where.AND as Prisma.CouponWhereInput[];
  if (discountType) and.push({ discountType });
  if (status) and.push(statusPredicate(status, ctx.now));
  if (search) and.push({ OR: [{ code: containsText(search) }, { title: containsText(search) }] });
  return keysetPage(
    ctx,
    {
      binding: {
        list: 'merchant.coupons',
        storeId: ctx.store.id,
        filters: { discountType: discountType ?? null, status: status ?? null, search: search ?? null },
      },
      sort: newestFirst,
      where: where as Record<string, unknown>,
      fetch: (args) => ctx.db.coupon.findMany(args as Parameters<typeof ctx.db.coupon.findMany>[0]),
    },
    input.window,
  );
}
