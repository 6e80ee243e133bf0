import type { Ctx } from '../context.js';
import type { Discount } from '../pricing/discounts.js';
import { byPriority, offerOf } from './live-offers.js';
import { livePredicate } from './liveness.js';

/** The store info lists at most this many discounts: a banner strip, not a catalogue. */
export const STORE_DISCOUNT_LIMIT = 20;

/**
 * The store's live discounts, as its storefront announces them: every live promotion (the
 * merchant published it to be seen) and every live automatic discount (it lowers prices by
 * itself). Coupon-only discounts (auto_apply false, kind discount) stay quiet: a shopper needs
 * a code the store hands out. Highest priority first.
 */
export async function storeDiscounts(ctx: Ctx): Promise<Discount[]> {
  const rows = await ctx.db.discount.findMany({
    where: { ...livePredicate(ctx.now), OR: [{ kind: 'promotion' }, { autoApply: true }] },
    orderBy: byPriority,
    take: STORE_DISCOUNT_LIMIT,
  });
  return rows.map((row) => {
    const { id, title, type, value, imageUrl } = offerOf(row);
    return { id, title, type, value, imageUrl };
  });
}
