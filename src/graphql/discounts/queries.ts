import type { Coupon as CouponRow, Discount as DiscountRow } from '../../generated/prisma/client.js';
import { findDiscount } from '../../domain/discounts/find-discount.js';
import { couponListLimits, listCoupons } from '../../domain/discounts/list-coupons.js';
import { discountListLimits, listDiscounts } from '../../domain/discounts/list-discounts.js';
import { ApiError } from '../../platform/errors/api-error.js';
import { builder, merchantScope } from '../builder.js';
import { Merchant } from '../merchant/namespace.js';
import { connectionOf, windowOf } from '../shared/connection.js';
import { CouponFilter, DiscountFilter } from './inputs.js';
import { Coupon, Discount } from './types.js';

/** The search text within the REST bound, named as GraphQL callers send it. */
function searchOf(search: string | null | undefined): string | undefined {
  const text = search?.trim();
  if (text && text.length > discountListLimits.maxSearchLength) {
    throw ApiError.invalidField('filter.search', `must be at most ${discountListLimits.maxSearchLength} characters`);
  }
  return text || undefined;
}

builder.objectFields(Merchant, (t) => ({
  discounts: t.connection({
    type: Discount,
    ...merchantScope('merchant-discounts-read'),
    description: 'GET /discounts: discounts and promotions, newest first; the cursors are REST next_cursor.',
    args: { filter: t.arg({ type: DiscountFilter, required: false }) },
    resolve: async (_m, args, { ctx }) => {
      const window = windowOf(args, discountListLimits.maxPageSize, discountListLimits.defaultPageSize);
      const filter = args.filter;
      const page = await listDiscounts(ctx, {
        window,
        filter: { type: filter?.type ?? undefined, status: filter?.status ?? undefined, kind: filter?.kind ?? 'all', search: searchOf(filter?.search) },
      });
      return connectionOf<DiscountRow>(page);
    },
  }),
  discount: t.field({
    type: Discount,
    ...merchantScope('merchant-discounts-detail'),
    description: 'GET /discounts/{discount}.',
    args: { id: t.arg.string({ required: true, description: 'The uuid or the integer id.' }) },
    resolve: (_m, args, { ctx }) => findDiscount(ctx, args.id),
  }),
  coupons: t.connection({
    type: Coupon,
    ...merchantScope('merchant-coupons-read'),
    description: 'GET /coupons: newest first; isValid and isExpired are read at the time of the request.',
    args: { filter: t.arg({ type: CouponFilter, required: false }) },
    resolve: async (_m, args, { ctx }) => {
      const window = windowOf(args, couponListLimits.maxPageSize, couponListLimits.defaultPageSize);
      const filter = args.filter;
      const page = await listCoupons(ctx, {
        window,
        filter: { discountType: filter?.discountType ?? undefined, status: filter?.status ?? undefined, search: searchOf(filter?.search) },
      });
      return connectionOf<CouponRow>(page);
    },
  }),
}));
