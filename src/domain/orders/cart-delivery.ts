import type { Prisma } from '../../generated/prisma/client.js';
import type { CartItemRow } from '../carts/open-cart.js';
import type { Ctx } from '../context.js';
import { deliveryFee, inWeightBand } from '../shipping/delivery-quote.js';
import { parcelWeightOf } from './delivery-terms.js';

/**
 * What delivering a cart costs as far as it can be known without an address (the cart's
 * `vendor.delivery_info`), by the rule checkout prices with:
 * - `flat`: the store has no zones (or does not deliver), so its flat fee is the fee;
 * - `zones`: the lowest fee an active zone whose weight band holds the cart would charge, and the
 *   days over those zones: the address picks the zone at checkout, so the fee is a "from" price;
 * - `at_checkout`: the store has zones but none takes this weight (or none is active); checkout
 *   refuses delivery unless that changes, and the flat fee stands in because the field is a number.
 */
export interface CartDelivery {
  basis: 'flat' | 'zones' | 'at_checkout';
  fee: Prisma.Decimal;
  minDays: number | null;
  maxDays: number | null;
}

/** Reads the store's zones in one statement; call it once per presented cart. */
export async function cartDeliveryOf(ctx: Ctx, items: CartItemRow[]): Promise<CartDelivery> {
  const flat = { fee: ctx.store.deliveryFee, minDays: null, maxDays: null };
  if (ctx.store.disableDelivery) return { basis: 'flat', ...flat };
  const zones = await ctx.db.shippingZone.findMany();
  if (!zones.length) return { basis: 'flat', ...flat };
  const weight = parcelWeightOf(items);
  // A zone without regions reaches no address, so it cannot price this cart either.
  const fitting = zones.filter((z) => z.active && (z.countries.length || z.stateIds.length || z.areaIds.length) && inWeightBand(z, weight));
  if (!fitting.length) return { basis: 'at_checkout', ...flat };
  const fees = fitting.map((zone) => deliveryFee(zone, weight));
  return {
    basis: 'zones',
    fee: fees.reduce((low, fee) => (fee.lt(low) ? fee : low)),
    minDays: Math.min(...fitting.map((z) => z.minDays)),
    maxDays: Math.max(...fitting.map((z) => z.maxDays)),
  };
}
