import type { Store } from '../../../generated/prisma/client.js';
import type { CartView, PricedCartLine } from '../../../domain/carts/cart-view.js';
import type { RejectedLine } from '../../../domain/carts/cart-writes.js';
import type { CustomiseChoices } from '../../../domain/carts/customise.js';
import type { CartDelivery } from '../../../domain/orders/cart-delivery.js';
import { isoTimestamp, moneyNumber } from '../../kit/format.js';
import { presentStoreInfo } from '../store/presenters.js';

const pricedAtCheckout = 'Delivery for this cart is priced at checkout, by the delivery address.';

function daysOf(minDays: number, maxDays: number): string {
  return minDays === maxDays ? `${minDays} ${minDays === 1 ? 'day' : 'days'}` : `${minDays}-${maxDays} days`;
}

/** The terms `delivery_info` shows for a cart, by the basis the domain priced it on (see CartDelivery). */
function deliveryTermsOf(store: Store, delivery: CartDelivery) {
  const fee = moneyNumber(delivery.fee);
  if (delivery.basis === 'zones') {
    return { fee, free: delivery.fee.isZero(), time: daysOf(delivery.minDays!, delivery.maxDays!), message: store.deliveryMessage };
  }
  if (delivery.basis === 'at_checkout') return { fee, free: false, time: store.deliveryTime, message: pricedAtCheckout };
  return { fee, free: !store.disableDelivery && delivery.fee.isZero(), time: store.deliveryTime, message: store.deliveryMessage };
}

/**
 * The cart's `vendor`: the store as GET /store/info shows it, narrowed to the spec's fields.
 * Bazaar has no percentage fees, thresholds or instant delivery, so those read 0 or false.
 */
export function presentCartVendor(store: Store, now: Date, delivery: CartDelivery) {
  const info = presentStoreInfo(store, now, []);
  const terms = deliveryTermsOf(store, delivery);
  return {
    id: info.id,
    name: info.name,
    distance: info.distance,
    delivery_info: {
      is_free_delivery: terms.free,
      delivery_fee: terms.fee,
      delivery_fee_value: terms.fee,
      min_order: info.min_order_price,
      min_order_fee: 0,
      d_p_value: 0,
      s_p_value: 0,
      delivery_time: terms.time,
      delivery_message: terms.message,
      offers_free_delivery: terms.free,
      pickup_enabled: store.pickupEnabled,
      offer_instant_delivery: false,
    },
    notice: info.notice,
    slug: info.slug,
    service: info.service,
    currency: info.currency,
    logo: info.logo,
    disable_order: info.disable_order,
    is_closed: info.is_closed,
    temporary_unavailable: info.temporary_unavailable,
    preorder_enabled: info.preorder_enabled,
    area: info.area,
    banner: info.banner,
    support_phone: info.support_phone,
    phone: info.support_phone,
    country_code: info.country_code,
    phone_code: info.phone_code,
    support_email: info.support_email,
    slogan: info.slogan,
    tags: info.tags,
    tag: info.tag,
    is_new: info.is_new,
    rating: info.rating,
    rating_count: info.rating_count,
    short_description: info.short_description,
    address: info.address,
    open_time: info.open_time,
    close_time: info.close_time,
    service_type: info.service_type,
    landmark: info.landmark,
    region_id: info.region_id,
    min_order_price: info.min_order_price,
  };
}

function presentCartItem({ item, price, discountPrice, discount }: PricedCartLine) {
  return {
    item_id: item.productId,
    title: item.product.title,
    // The spec's "uuid or absent": a product sold as itself has no variant_id key at all.
    ...(item.variant ? { variant_id: item.variant.id } : {}),
    variant_title: item.variant?.title ?? null,
    variant_option_values: (item.variant?.optionValues ?? {}) as Record<string, string>,
    price: moneyNumber(price),
    discount_price: moneyNumber(discountPrice),
    discount: discount ? { id: discount.id, title: discount.title, type: discount.type, amount: moneyNumber(discount.amount) } : null,
    quantity: item.quantity,
    selectedAddons: [],
    requires_slot: false,
    properties: item.properties as Record<string, unknown> | null,
  };
}

/** A cart as the spec shows it, `delivery` priced for its lines; `checkoutUrl` only for callers that may send the shopper to checkout (private keys). */
export function presentCart(view: CartView, delivery: CartDelivery, store: Store, now: Date, checkoutUrl?: string) {
  const { cart } = view;
  return {
    id: cart.id,
    vendor_id: store.id,
    vendor: presentCartVendor(store, now, delivery),
    cart_items: view.lines.map(presentCartItem),
    total_price: moneyNumber(view.subtotal),
    source: cart.source,
    promo_codes: cart.promoCodes,
    is_valid: cart.isValid,
    validation_errors: cart.validationErrors as unknown[],
    last_validated_at: isoTimestamp(cart.lastValidatedAt),
    created_at: cart.createdAt.toISOString(),
    updated_at: cart.updatedAt.toISOString(),
    ...(checkoutUrl ? { checkout_url: checkoutUrl } : {}),
  };
}

export function presentRejectedLine(line: RejectedLine) {
  return { index: line.index, item_id: line.itemId, variant_id: line.variantId, quantity: line.quantity, reason: line.reason, message: line.message };
}

export function presentCustomise(choices: CustomiseChoices) {
  return {
    result: 'customise' as const,
    product: { id: choices.product.id, title: choices.product.title },
    options: choices.options,
    variants: choices.variants.map((v) => ({
      id: v.id,
      title: v.title,
      option_values: v.optionValues,
      price: moneyNumber(v.price),
      discount_price: moneyNumber(v.discountPrice),
      in_stock: v.inStock,
      quantity: v.quantity,
    })),
  };
}
