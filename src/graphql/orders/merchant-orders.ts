import type { Ctx } from '../../domain/context.js';
import { contactFor, CONTACT_SCOPE, maskContact, metadataFor, readsContact } from '../../domain/customers/merchant/contact.js';
import { findStoreOrder } from '../../domain/orders/find-order.js';
import { listStoreOrders, storeOrderListLimits, storeOrderSortFields, type StoreOrderSortField } from '../../domain/orders/list-store-orders.js';
import { addressOf, contactOf, shipmentOf } from '../../domain/orders/order-document.js';
import { orderNoOf, type OrderRecord } from '../../domain/orders/order-record.js';
import { ApiError } from '../../platform/errors/api-error.js';
import { builder, merchantScope } from '../builder.js';
import { SortOrder } from '../catalog/merchant-queries.js';
import { Merchant } from '../merchant/namespace.js';
import { connectionOf, windowOf } from '../shared/connection.js';
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
} from './order-parts.js';

const OrderSortField = builder.enumType('MerchantOrderSortField', {
  description: 'Ties are broken by id, in the same direction.',
  values: Object.fromEntries(storeOrderSortFields.map((name) => [name.toUpperCase(), { value: name }])) as Record<string, { value: StoreOrderSortField }>,
});

const OrderCustomer = builder
  .objectRef<{ id: number; uid: string; name: string | null; email: string | null; phone: string | null }>('MerchantOrderCustomer')
  .implement({
    description: `The store's customer record of who placed the order. email and phone are masked unless the key carries ${CONTACT_SCOPE}.`,
    fields: (t) => ({
      id: t.exposeInt('id'),
      uid: t.field({ type: 'UUID', resolve: (c) => c.uid }),
      name: t.exposeString('name', { nullable: true }),
      email: t.exposeString('email', { nullable: true }),
      phone: t.exposeString('phone', { nullable: true }),
    }),
  });

/** The same masking as REST's Order object: the customer's contact and the recipient's phone. */
function customerOf(ctx: Ctx, order: OrderRecord) {
  if (!order.customer) return null;
  const contact = contactOf(order);
  return { id: order.customer.id, uid: order.customer.uid, name: contact.name, ...contactFor(ctx, contact) };
}

function shippingAddressOf(ctx: Ctx, order: OrderRecord) {
  const address = addressOf(order);
  if (!address || readsContact(ctx)) return address;
  return { ...address, phone: maskContact('phone', address.phone) };
}

export const MerchantOrder = builder.objectRef<OrderRecord>('MerchantOrder').implement({
  description: `An order of the store (REST GET /orders/{order}). Contact details are masked without ${CONTACT_SCOPE}.`,
  fields: (t) => ({
    pId: t.exposeInt('id', { description: 'The integer id (REST `id`); `id` is the global id.' }),
    uid: t.field({ type: 'UUID', resolve: (o) => o.uid }),
    orderNumber: t.string({
      description: 'The human order number, unique per store and increasing: REST order_number (order_no on the storefront).',
      resolve: (o) => orderNoOf(o),
    }),
    number: t.string({ deprecationReason: 'Use orderNumber, the same value under the name REST uses.', resolve: (o) => orderNoOf(o) }),
    status: t.field({
      type: OrderStatus,
      description: 'The internal state names (REST `status` folds PLACED and PENDING_PAYMENT into `pending`).',
      resolve: stateFields.status,
    }),
    paymentStatus: t.field({ type: OrderPaymentStatus, resolve: stateFields.paymentStatus }),
    paymentMethod: t.field({ type: PaymentMethod, resolve: stateFields.paymentMethod }),
    deliveryMethod: t.field({ type: DeliveryMethod, resolve: stateFields.deliveryMethod }),
    fulfillmentStatus: t.exposeString('fulfillmentStatus'),
    cancelReason: t.exposeString('cancelReason', { nullable: true }),
    channel: t.exposeString('channel'),
    customChannel: t.exposeString('customChannel', { nullable: true, description: "The outside channel's name of an imported order; null for checkout's." }),
    externalRef: t.exposeString('externalRef', { nullable: true, description: "The outside channel's reference of an imported order; null for checkout's." }),
    subtotal: t.field({ type: Money, description: 'The lines at catalogue prices.', resolve: (o) => orderMoney(o, o.subtotal) }),
    discountTotal: t.field({ type: Money, description: 'Automatic discounts and the coupon.', resolve: (o) => orderMoney(o, o.discountTotal) }),
    shippingTotal: t.field({ type: Money, resolve: (o) => orderMoney(o, o.shippingTotal) }),
    taxTotal: t.field({ type: Money, description: 'Prices include tax: 0.00.', resolve: (o) => orderMoney(o, o.taxTotal) }),
    total: t.field({ type: Money, resolve: (o) => orderMoney(o, o.total) }),
    couponCode: t.exposeString('couponCode', { nullable: true }),
    customer: t.field({ type: OrderCustomer, nullable: true, description: "Null for a guest's order.", resolve: (o, _a, { ctx }) => customerOf(ctx, o) }),
    shippingAddress: t.field({
      type: OrderAddress,
      nullable: true,
      description: `Null for pickup; recipientPhone is masked without ${CONTACT_SCOPE}.`,
      resolve: (o, _a, { ctx }) => shippingAddressOf(ctx, o),
    }),
    shipment: t.field({
      type: OrderShipment,
      nullable: true,
      description: 'Null until the order has a carrier, a tracking number or a shipping time.',
      resolve: shipmentOf,
    }),
    lines: t.field({ type: [OrderLine], resolve: linesOf }),
    note: t.exposeString('note', { nullable: true }),
    metafields: t.field({ type: 'JSONObject', resolve: (o) => o.metafields }),
    metadata: t.field({
      type: 'JSONObject',
      description: `Keys naming a phone or an email are omitted without ${CONTACT_SCOPE}.`,
      resolve: (o, _a, { ctx }) => metadataFor(ctx, o.metadata as Record<string, unknown>),
    }),
    createdAt: t.field({ type: 'DateTime', resolve: (o) => o.createdAt }),
    updatedAt: t.field({ type: 'DateTime', resolve: (o) => o.updatedAt }),
    paidAt: t.field({ type: 'DateTime', nullable: true, resolve: (o) => o.paidAt }),
    fulfilledAt: t.field({ type: 'DateTime', nullable: true, resolve: (o) => o.fulfilledAt }),
  }),
});

builder.objectFields(Merchant, (t) => ({
  orders: t.connection({
    type: MerchantOrder,
    ...merchantScope('merchant-orders-read'),
    description:
      'GET /orders: newest first by default; the cursors are REST next_cursor. With updatedAfter: the polling feed, oldest change first, in a fixed order (sortBy and sortOrder are refused).',
    args: {
      sortBy: t.arg({ type: OrderSortField, required: false }),
      sortOrder: t.arg({ type: SortOrder, required: false }),
      updatedAfter: t.arg({ type: 'DateTime', required: false, description: 'Orders changed strictly after this time.' }),
      paymentStatus: t.arg({ type: OrderPaymentStatus, required: false }),
      deliveryMethod: t.arg({ type: DeliveryMethod, required: false }),
      customerUid: t.arg({ type: 'UUID', required: false, description: "A customer's uid: that customer's orders." }),
    },
    resolve: async (_m, args, { ctx }) => {
      const window = windowOf(args, storeOrderListLimits.maxPageSize, storeOrderListLimits.defaultPageSize);
      if (args.updatedAfter && (args.sortBy || args.sortOrder)) {
        throw ApiError.invalidField(
          args.sortBy ? 'sortBy' : 'sortOrder',
          'cannot be combined with updatedAfter: the change feed is ordered oldest change first.',
        );
      }
      const page = await listStoreOrders(ctx, {
        window,
        order: args.updatedAfter
          ? { kind: 'changedSince', updatedAfter: args.updatedAfter }
          : { kind: 'sorted', by: args.sortBy ?? 'created_at', direction: args.sortOrder ?? 'desc' },
        filter: {
          storedPaymentStatus: args.paymentStatus ?? undefined,
          deliveryMethod: args.deliveryMethod ?? undefined,
          customerUid: args.customerUid ?? undefined,
        },
      });
      return connectionOf<OrderRecord>(page);
    },
  }),
  order: t.field({
    type: MerchantOrder,
    ...merchantScope('merchant-orders-read'),
    description: 'GET /orders/{order}.',
    args: { id: t.arg.string({ required: true, description: 'The integer id or the uuid of an order of this store.' }) },
    resolve: (_m, args, { ctx }) => findStoreOrder(ctx, args.id),
  }),
}));
