import { Prisma } from '../../generated/prisma/client.js';
import { ApiError } from '../../platform/errors/api-error.js';
import type { CartItemRow } from '../carts/open-cart.js';
import type { Ctx } from '../context.js';
import { savedAddressOf } from '../customers/addresses/saved-addresses.js';
import { placePoint } from '../regions/place-point.js';
import { deliveryQuote } from '../shipping/delivery-quote.js';
import type { CheckoutInput } from './checkout-fields.js';
import type { OrderAddress } from './order-record.js';

export interface DeliveryTerms {
  address: OrderAddress | null;
  fee: Prisma.Decimal;
  zoneName: string | null;
  minDays: number | null;
  maxDays: number | null;
}

const unavailable = (message: string) => new ApiError('delivery_unavailable', message, { fieldErrors: { deliveryMethod: [message] } });

async function destinationOf(ctx: Ctx, input: CheckoutInput, recipient: { name: string | null; phone: string | null }): Promise<OrderAddress> {
  if (input.addressId !== undefined) {
    if (!ctx.customer) throw ApiError.invalidField('addressId', 'needs a signed-in customer; a guest sends address instead');
    const saved = await savedAddressOf(ctx, input.addressId);
    return {
      label: saved.label,
      address: saved.address,
      latitude: saved.lat.toNumber(),
      longitude: saved.lng.toNumber(),
      country_code: saved.countryCode,
      state: saved.state,
      city: saved.city,
      area: saved.area,
      state_id: saved.stateId,
      area_id: saved.areaId,
      ...recipient,
    };
  }
  const typed = input.address;
  if (!typed) throw ApiError.invalidField('address', 'is required for delivery: send address_id (a saved address) or address');
  const place = await placePoint(ctx, typed);
  return {
    label: typed.label ?? null,
    address: typed.address,
    latitude: typed.lat,
    longitude: typed.lng,
    country_code: place.countryCode,
    state: place.state,
    city: place.city,
    area: place.area,
    state_id: place.stateId,
    area_id: place.areaId,
    name: typed.recipientName ?? recipient.name,
    phone: typed.recipientPhone ?? recipient.phone,
  };
}

/**
 * What delivery costs and where it goes. Pickup is free and needs the store to offer it. Delivery
 * is priced by the store's shipping zones (the most specific active zone whose weight band holds
 * the parcel); a store that has set up no zone at all delivers everywhere at its flat
 * `delivery_fee`, so a store without zones still sells. With zones and none reaching the address,
 * the order is refused with `delivery_unavailable`.
 */
export async function deliveryTermsOf(
  ctx: Ctx,
  input: CheckoutInput,
  weightKg: Prisma.Decimal,
  recipient: { name: string | null; phone: string | null },
): Promise<DeliveryTerms> {
  if (input.deliveryMethod === 'pickup') {
    if (!ctx.store.pickupEnabled) throw unavailable(`${ctx.store.name} does not offer pickup; choose delivery.`);
    return { address: null, fee: new Prisma.Decimal(0), zoneName: null, minDays: null, maxDays: null };
  }
  if (ctx.store.disableDelivery) throw unavailable(`${ctx.store.name} does not deliver; choose pickup.`);
  const address = await destinationOf(ctx, input, recipient);
  const zones = await ctx.db.shippingZone.findMany({ where: { active: true } });
  if (!zones.length) {
    const anyZone = await ctx.db.shippingZone.count();
    if (anyZone) throw unavailable(`${ctx.store.name} does not deliver anywhere right now.`);
    return { address, fee: ctx.store.deliveryFee, zoneName: null, minDays: null, maxDays: null };
  }
  const quote = deliveryQuote(zones, {
    countryCode: address.country_code ?? ctx.store.countryCode,
    stateId: address.state_id,
    areaId: address.area_id,
    weightKg,
  });
  if (!quote) throw unavailable(`${ctx.store.name} does not deliver to ${address.state ?? 'this address'} for this order; choose pickup or another address.`);
  return { address, fee: quote.fee, zoneName: quote.zone.name, minDays: quote.minDays, maxDays: quote.maxDays };
}

/** The parcel's weight: each line's variant weight times its quantity (a line without one weighs nothing). */
export function parcelWeightOf(items: CartItemRow[]): Prisma.Decimal {
  return items.reduce((sum, item) => sum.add((item.variant?.weight ?? new Prisma.Decimal(0)).mul(item.quantity)), new Prisma.Decimal(0));
}

/** The store's flat delivery fee when it has no shipping zones; null when zones price delivery by the address. */
export async function flatDeliveryFee(ctx: Ctx): Promise<Prisma.Decimal | null> {
  return (await ctx.db.shippingZone.count()) ? null : ctx.store.deliveryFee;
}

/** What delivering these items would cost, by the same terms the order takes, before anything is written. */
export function quoteDelivery(ctx: Ctx, items: CartItemRow[], input: CheckoutInput): Promise<DeliveryTerms> {
  return deliveryTermsOf(ctx, input, parcelWeightOf(items), { name: null, phone: null });
}
