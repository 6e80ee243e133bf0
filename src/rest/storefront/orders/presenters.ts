import type { Store } from '../../../generated/prisma/client.js';
import { addressOf, contactOf } from '../../../domain/orders/order-document.js';
import { orderNoOf, type OrderRecord } from '../../../domain/orders/order-record.js';
import { stageOf, statusLabels, storeAccepted, type OrderStatus } from '../../../domain/orders/order-states.js';
import { isoTimestamp, moneyNumber } from '../../kit/format.js';

function timelineOf(order: OrderRecord, audience: 'customer' | 'vendor') {
  return order.timeline
    .filter((entry) => audience === 'vendor' || entry.audience === 'customer')
    .map((entry) => ({ title: entry.title, description: entry.description, time: isoTimestamp(entry.createdAt) }));
}

/** The shopper's own words for an order: its first line, and how many others. */
function titleOf(order: OrderRecord): string {
  const [first, ...rest] = order.items;
  if (!first) return `Order #${orderNoOf(order)}`;
  return rest.length ? `${first.title} + ${rest.length} more` : first.title;
}

const daysAfter = (date: Date, days: number | null) => (days === null ? null : isoTimestamp(new Date(date.getTime() + days * 86_400_000)));

/** A customer order as the storefront lists it. */
export function presentOrderSummary(order: OrderRecord, store: Store) {
  const address = addressOf(order);
  return {
    id: order.uid,
    title: titleOf(order),
    currency: order.currency,
    total_price: moneyNumber(order.subtotal.sub(order.discountTotal)),
    delivery_fee: moneyNumber(order.shippingTotal),
    grand_total: moneyNumber(order.total),
    payment_status: order.paymentStatus,
    transaction_id: order.paymentRef,
    is_verified: storeAccepted(order.status),
    order_no: orderNoOf(order),
    status: order.status,
    order_type: 'regular',
    scheduled_date: null,
    scheduled_time: null,
    is_backorder_held: false,
    backorder_ready_date: null,
    delivery_method: order.deliveryMethod,
    payment_method: order.paymentMethod,
    delivery_address: address,
    pickup_address: order.deliveryMethod === 'pickup' ? store.address : null,
    stage: stageOf[order.status as OrderStatus] ?? 0,
    earliest_delivery_time: daysAfter(order.createdAt, order.minDays),
    latest_delivery_time: daysAfter(order.createdAt, order.maxDays),
    ready_window: null,
    vendor: {
      id: store.id,
      name: store.name,
      slug: store.slug,
      logo: store.logoUrl,
      address: store.address,
      phone: store.supportPhone,
      email: store.supportEmail,
      map_lat: null,
      map_lng: null,
    },
    created_by_id: order.customer?.uid ?? null,
    timeline: timelineOf(order, 'customer'),
    vendor_timeline: timelineOf(order, 'vendor'),
    vendor_note: null,
    rider_note: null,
    shopforme_fee: 0,
    service_fee: 0,
    is_confirmed: storeAccepted(order.status),
    rejected: order.status === 'rejected',
    is_completed: order.status === 'completed',
    cancelled: order.status === 'cancelled',
    items_count: order.items.reduce((n, item) => n + item.quantity, 0),
    started_at: isoTimestamp(order.paidAt),
    completed_at: isoTimestamp(order.completedAt),
    created_at: isoTimestamp(order.createdAt),
    updated_at: isoTimestamp(order.updatedAt),
  };
}

function presentOrderItem(order: OrderRecord, item: OrderRecord['items'][number]) {
  return {
    id: item.id,
    quantity: item.quantity,
    title: item.title,
    variant_id: item.variantId,
    variant_title: item.variantTitle,
    variant_option_values: item.variantOptionValues as Record<string, string>,
    variant_media: { image: item.imageUrl, video_url: null, source: item.imageUrl ? 'product' : null },
    currency: order.currency,
    total_price: moneyNumber(item.total),
    sale_price: moneyNumber(item.unitPrice),
    unit_price: moneyNumber(item.unitPrice),
    base_unit_price: moneyNumber(item.basePrice),
    is_backorder: false,
    backorder_ready_date: null,
    discounted_amount: moneyNumber(item.discountedAmount),
    created_at: isoTimestamp(item.createdAt),
    addons: [],
    properties: item.properties as Record<string, string>,
  };
}

/** What the order costs, line by line, as the order page shows it. */
function amountSummary(order: OrderRecord) {
  const row = (key: string, label: string, type: 'amount' | 'discount' | 'total', amount: number) => ({ key, label, type, amount });
  return {
    title: 'Payment summary',
    view: 'list',
    items: [
      row('subtotal', 'Subtotal', 'amount', moneyNumber(order.subtotal)),
      ...(order.discountTotal.isZero()
        ? []
        : [row('discount', order.couponCode ? `Discounts (${order.couponCode})` : 'Discounts', 'discount', moneyNumber(order.discountTotal.neg()))]),
      row('delivery_fee', order.deliveryMethod === 'pickup' ? 'Pickup' : 'Delivery', 'amount', moneyNumber(order.shippingTotal)),
      row('grand_total', 'Total', 'total', moneyNumber(order.total)),
    ],
  };
}

/** A customer order's single read: the summary's fields and the lines, amounts and payment link. */
export function presentOrderDetail(order: OrderRecord, store: Store, payLink: string | null) {
  const contact = contactOf(order);
  const address = addressOf(order);
  return {
    ...presentOrderSummary(order, store),
    table: null,
    status_label: statusLabels[order.status as OrderStatus]?.title ?? order.status,
    status_img: null,
    user_id: order.customer?.uid ?? null,
    pickup_map_lat: null,
    pickup_map_lng: null,
    items: order.items.map((item) => presentOrderItem(order, item)),
    created_by: { id: order.customer?.uid ?? null, name: contact.name, phone: address?.phone ?? contact.phone },
    rider: order.riderName
      ? {
          name: order.riderName,
          phone: order.riderPhone,
          vehicle: order.riderVehicle,
          tracking_url: order.riderTrackingUrl,
          assigned_at: order.riderAssignedAt?.toISOString() ?? null,
        }
      : null,
    rider_rating: null,
    rider_review_status: null,
    vendor_review_status: null,
    vendor_rating: null,
    virtual_account_id: null,
    payment_link: payLink,
    pay_link: payLink,
    viewer_type: 'customer',
    amount_summary: amountSummary(order),
  };
}

/** GET /store/orders/{id}/pay: what the shopper is about to pay, and where. */
export function presentPaymentDetails(order: OrderRecord, payLink: string) {
  const total = order.total.toFixed(2);
  return {
    order: {
      id: order.uid,
      order_no: orderNoOf(order),
      status: order.status,
      payment_status: order.paymentStatus,
      payment_method: order.paymentMethod,
      currency: order.currency,
      is_payable: true,
      is_paid: false,
      grand_total: total,
      grand_total_text: `${total} ${order.currency}`,
      payment_link: payLink,
      pay_link: payLink,
      items: order.items.map((item) => presentOrderItem(order, item)),
    },
  };
}
