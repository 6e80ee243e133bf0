import type { Coupon } from '../../generated/prisma/client.js';
import { ApiError } from '../../platform/errors/api-error.js';
import type { Ctx } from '../context.js';
import { parseRecordId, uuidsOf } from '../record-id.js';

/** A coupon of the store by uuid or integer id; another store's, or anything else, is a 404 naming the coupon. */
export async function findCoupon(ctx: Ctx, rawId: string): Promise<Coupon> {
  const recordId = parseRecordId(rawId);
  const coupon = recordId ? await ctx.db.coupon.findFirst({ where: recordId }) : null;
  if (!coupon) throw ApiError.notFound('Coupon');
  return coupon;
}

/** The store's coupons among uuids, in one statement; the others are left out. */
export function findCoupons(ctx: Ctx, ids: readonly string[]): Promise<Coupon[]> {
  return ctx.db.coupon.findMany({ where: { id: { in: uuidsOf(ids) } } });
}
