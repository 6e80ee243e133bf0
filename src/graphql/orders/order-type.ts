import { addressOf, shipmentOf } from '../../domain/orders/order-document.js';
import { orderNoOf, type OrderRecord } from '../../domain/orders/order-record.js';
import { statusLabels } from '../../domain/orders/order-states.js';
import { payLinkOf } from '../../domain/payments/pay-link.js';
import { builder } from '../builder.js';
import { Money } from '../shared/money.js';
import {
  DeliveryMethod,
  linesOf,
  OrderAddress,
  OrderLine,
  orderMoney,
  OrderPaymentStatus,
  OrderShipment,
  OrderStatus,
  PaymentMethod,
  stateFields,
  type OrderStatusValue,
} from './order-parts.js';

type TimelineEntry = OrderRecord['timeline'][number];

const OrderTimelineEntry = builder.objectRef<TimelineEntry>('OrderTimelineEntry').implement({
  fields: (t) => ({
    status: t.field({ type: OrderStatus, description: 'The state the order was in after this step.', resolve: (e) => e.status as OrderStatusValue }),
    title: t.exposeString('title'),
    description: t.exposeString('description'),
    at: t.field({ type: 'DateTime', resolve: (e) => e.createdAt }),
  }),
});

const OrderRider = builder.objectRef<OrderRecord>('OrderRider').implement({
  description: 'The rider the store assigned to bring a delivery order (REST `rider` on GET /store/orders/{id}).',
  fields: (t) => ({
    name: t.string({ resolve: (o) => o.riderName! }),
    phone: t.exposeString('riderPhone', { nullable: true }),
    vehicle: t.exposeString('riderVehicle', { nullable: true }),
    trackingUrl: t.exposeString('riderTrackingUrl', { nullable: true }),
    assignedAt: t.field({ type: 'DateTime', nullable: true, resolve: (o) => o.riderAssignedAt }),
  }),
});

export const Order = builder.objectRef<OrderRecord>('Order').implement({
  description: "One of the shopper's orders at this store (REST GET /store/orders/{id}).",
  fields: (t) => ({
    uuid: t.field({ type: 'UUID', description: 'The uuid (REST `id` on the storefront); `id` is the global id.', resolve: (o) => o.uid }),
    orderNumber: t.string({
      description: 'The human order number, unique per store and increasing: REST order_no on the storefront, order_number on the merchant API.',
      resolve: (o) => orderNoOf(o),
    }),
    number: t.string({ deprecationReason: 'Use orderNumber, the same value under the name REST uses.', resolve: (o) => orderNoOf(o) }),
    status: t.field({ type: OrderStatus, resolve: stateFields.status }),
    statusLabel: t.string({ resolve: (o) => statusLabels[o.status as OrderStatusValue]?.title ?? o.status }),
    paymentStatus: t.field({ type: OrderPaymentStatus, resolve: stateFields.paymentStatus }),
    paymentMethod: t.field({ type: PaymentMethod, resolve: stateFields.paymentMethod }),
    deliveryMethod: t.field({ type: DeliveryMethod, resolve: stateFields.deliveryMethod }),
    subtotal: t.field({ type: Money, description: 'The lines at catalogue prices.', resolve: (o) => orderMoney(o, o.subtotal) }),
    discountTotal: t.field({ type: Money, description: 'Automatic discounts and the coupon.', resolve: (o) => orderMoney(o, o.discountTotal) }),
    deliveryFee: t.field({ type: Money, resolve: (o) => orderMoney(o, o.shippingTotal) }),
    total: t.field({ type: Money, description: 'What the shopper pays: subtotal less discounts plus delivery.', resolve: (o) => orderMoney(o, o.total) }),
    couponCode: t.exposeString('couponCode', { nullable: true }),
    itemsCount: t.int({ description: 'Units over every line.', resolve: (o) => o.items.reduce((n, item) => n + item.quantity, 0) }),
    lines: t.field({ type: [OrderLine], resolve: linesOf }),
    timeline: t.field({
      type: [OrderTimelineEntry],
      description: "The shopper's steps, oldest first.",
      resolve: (o) => o.timeline.filter((entry) => entry.audience === 'customer'),
    }),
    rider: t.field({
      type: OrderRider,
      nullable: true,
      description: 'Who brings a delivery order, once the store assigned a rider; else null.',
      resolve: (o) => (o.riderName ? o : null),
    }),
    shipment: t.field({
      type: OrderShipment,
      nullable: true,
      description: 'The carrier, tracking and times of the order’s journey; null until the store records a carrier, a tracking number or a shipping time.',
      resolve: shipmentOf,
    }),
    deliveryAddress: t.field({ type: OrderAddress, nullable: true, description: 'Null for pickup.', resolve: addressOf }),
    pickupAddress: t.string({
      nullable: true,
      description: "The store's address, for pickup orders.",
      resolve: (o, _args, { ctx }) => (o.deliveryMethod === 'pickup' ? ctx.store.address : null),
    }),
    note: t.exposeString('note', { nullable: true }),
    payLink: t.string({
      nullable: true,
      description: 'Where the shopper pays an online order that waits for its payment; null for any other order.',
      resolve: (o, _args, { ctx }) => payLinkOf(ctx, o),
    }),
    createdAt: t.field({ type: 'DateTime', resolve: (o) => o.createdAt }),
    updatedAt: t.field({ type: 'DateTime', resolve: (o) => o.updatedAt }),
    paidAt: t.field({ type: 'DateTime', nullable: true, resolve: (o) => o.paidAt }),
  }),
});
