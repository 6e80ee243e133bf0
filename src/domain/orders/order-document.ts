import { orderNoOf, type OrderAddress, type OrderRecord } from './order-record.js';

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

/**
 * The merchant spec's Order object, unmasked: what the order events carry and what the merchant
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
    status: order.status,
    payment_status: order.paymentStatus,
    payment_method: order.paymentMethod,
    fulfillment_status: order.fulfillmentStatus,
    cancelled: order.status === 'cancelled',
    cancel_reason: order.cancelReason,
    channel: order.channel,
    platform: order.platform,
    custom_channel: null,
    external_ref: null,
    delivery_method: order.deliveryMethod,
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
    shipment: null,
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
