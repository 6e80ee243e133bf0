import { merchantPaymentStatusOf, merchantStatusOf, type MerchantDeliveryMethod } from './merchant-vocabulary.js';
import { orderNoOf, type OrderAddress, type OrderRecord } from './order-record.js';
import type { OrderStatus } from './order-states.js';

/** A guest's contact as checkout keeps it. */
export interface OrderContact {
  name: string | null;
  email: string | null;
  phone: string | null;
}

/** Who placed the order and how to reach them: the account of a customer's order, the typed contact of a guest's. */
export function contactOf(order: OrderRecord): OrderContact {
  if (order.customer) {
    const { firstName, lastName, email, phone } = order.customer.account;
    return { name: `${firstName} ${lastName}`.trim() || null, email, phone };
  }
  const contact = (order.contact ?? {}) as Partial<OrderContact>;
  return { name: contact.name ?? null, email: contact.email ?? null, phone: contact.phone ?? null };
}

export function addressOf(order: OrderRecord): OrderAddress | null {
  return (order.shippingAddress ?? null) as OrderAddress | null;
}

const money = (value: { toFixed(digits: number): string }) => value.toFixed(2);

/** An order's shipment: null until a carrier, a tracking number or a shipping time is recorded (REST `shipment`, GraphQL `shipment`). */
export function shipmentOf(order: OrderRecord) {
  if (order.carrierName === null && order.trackingNumber === null && order.shippedAt === null) return null;
  return {
    carrierName: order.carrierName,
    trackingNumber: order.trackingNumber,
    trackingUrl: order.trackingUrl,
    zoneName: order.zoneName,
    shippedAt: order.shippedAt,
    estimatedDeliveryAt: order.estimatedDeliveryAt,
    deliveredAt: order.deliveredAt,
  };
}
export type OrderShipment = NonNullable<ReturnType<typeof shipmentOf>>;

function shipmentDocument(shipment: OrderShipment | null) {
  if (!shipment) return null;
  return {
    carrier_name: shipment.carrierName,
    tracking_number: shipment.trackingNumber,
    tracking_url: shipment.trackingUrl,
    zone_name: shipment.zoneName,
    shipped_at: shipment.shippedAt?.toISOString() ?? null,
    estimated_delivery_at: shipment.estimatedDeliveryAt?.toISOString() ?? null,
    delivered_at: shipment.deliveredAt?.toISOString() ?? null,
  };
}

/**
 * The merchant spec's Order object, in the merchant's words (merchant-vocabulary.ts), unmasked: what the order events carry and what the merchant
 * API answers once its presenter has applied the caller's contact scope. Built in the domain so
 * the outbox payload and the API answer can never drift apart.
 */
export function orderDocument(order: OrderRecord) {
  const contact = contactOf(order);
  const address = addressOf(order);
  return {
    id: order.id,
    uid: order.uid,
    order_number: orderNoOf(order),
    status: merchantStatusOf[order.status as OrderStatus],
    payment_status: merchantPaymentStatusOf(order),
    payment_method: order.paymentMethod,
    fulfillment_status: order.fulfillmentStatus,
    cancelled: order.status === 'cancelled' || order.status === 'rejected',
    cancel_reason: order.cancelReason,
    channel: order.channel,
    platform: order.platform,
    custom_channel: order.customChannel,
    external_ref: order.externalRef,
    delivery_method: order.deliveryMethod as MerchantDeliveryMethod,
    currency: order.currency,
    subtotal: money(order.subtotal),
    discount_total: money(order.discountTotal),
    shipping_total: money(order.shippingTotal),
    tax_total: money(order.taxTotal),
    total: money(order.total),
    customer: order.customer ? { id: order.customer.id, name: contact.name, email: contact.email, phone: contact.phone } : null,
    shipping_address: address
      ? {
          address: address.address,
          latitude: address.latitude,
          longitude: address.longitude,
          name: address.name ?? contact.name,
          phone: address.phone ?? contact.phone,
        }
      : null,
    shipment: shipmentDocument(shipmentOf(order)),
    line_items: order.items.map((item) => ({
      id: item.id,
      product_id: item.productPId,
      product_uid: item.productId,
      title: item.title,
      variant_title: item.variantTitle,
      quantity: item.quantity,
      unit_price: money(item.unitPrice),
      total: money(item.total),
      properties: item.properties as Record<string, string>,
    })),
    note: order.note,
    metafields: order.metafields as Record<string, unknown>,
    metadata: order.metadata as Record<string, unknown>,
    created_at: order.createdAt.toISOString(),
    updated_at: order.updatedAt.toISOString(),
    fulfilled_at: order.fulfilledAt?.toISOString() ?? null,
  };
}

export type OrderDocument = ReturnType<typeof orderDocument>;
