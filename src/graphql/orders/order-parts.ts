import type { OrderShipment as OrderShipmentShape } from '../../domain/orders/order-document.js';
import type { OrderAddress as OrderAddressShape } from '../../domain/orders/order-record.js';
import type { OrderRecord } from '../../domain/orders/order-record.js';
import { merchantDeliveryMethods, type MerchantDeliveryMethod } from '../../domain/orders/merchant-vocabulary.js';
import { deliveryMethods, orderStatuses, paymentMethods, paymentStatuses } from '../../domain/orders/order-states.js';
import { builder } from '../builder.js';
import { Money } from '../shared/money.js';

// The pieces the shopper's Order and the merchant's MerchantOrder share: the state enums, the lines, the address and the shipment.

const enumValues = <T extends string>(values: readonly T[]) =>
  Object.fromEntries(values.map((value) => [value.toUpperCase(), { value }])) as Record<string, { value: T }>;

export const OrderStatus = builder.enumType('OrderStatus', {
  description: 'The order state machine (README, Orders): an order moves forward only; CANCELLED and REJECTED end it early, COMPLETED ends it.',
  values: enumValues(orderStatuses),
});
export const OrderPaymentStatus = builder.enumType('OrderPaymentStatus', { values: enumValues(paymentStatuses) });
export const PaymentMethod = builder.enumType('PaymentMethod', {
  description: 'CASH is paid to the store; ONLINE orders wait in PENDING_PAYMENT for the payment provider.',
  values: enumValues(paymentMethods),
});
export const DeliveryMethod = builder.enumType('DeliveryMethod', {
  description:
    'How an order reaches the shopper: checkout makes DELIVERY and PICKUP; INSTORE (sold at the counter) and SHIPPING (sent by a carrier) are what imported orders carry.',
  values: enumValues(merchantDeliveryMethods),
});
export const CheckoutDeliveryMethod = builder.enumType('CheckoutDeliveryMethod', {
  description: 'The delivery methods a checkout can choose.',
  values: enumValues(deliveryMethods),
});

export type OrderStatusValue = (typeof orderStatuses)[number];
export type PaymentStatusValue = (typeof paymentStatuses)[number];
export type PaymentMethodValue = (typeof paymentMethods)[number];

/** The order-state fields both order types answer the same way. */
export const stateFields = {
  status: (order: OrderRecord) => order.status as OrderStatusValue,
  paymentStatus: (order: OrderRecord) => order.paymentStatus as PaymentStatusValue,
  paymentMethod: (order: OrderRecord) => order.paymentMethod as PaymentMethodValue,
  deliveryMethod: (order: OrderRecord) => order.deliveryMethod as MerchantDeliveryMethod,
};

/** The order's amounts are in the currency it was placed in, which the store may have changed since. */
export const orderMoney = (order: Pick<OrderRecord, 'currency'>, amount: OrderRecord['total']) => ({ amount, currencyCode: order.currency });

export const OrderAddress = builder.objectRef<OrderAddressShape>('OrderAddress').implement({
  description: 'Where an order goes, as it was when the order was placed: the point, its region (ids of the region data set) and the recipient.',
  fields: (t) => ({
    label: t.exposeString('label', { nullable: true }),
    address: t.exposeString('address'),
    lat: t.float({ resolve: (a) => a.latitude }),
    lng: t.float({ resolve: (a) => a.longitude }),
    countryCode: t.string({ nullable: true, resolve: (a) => a.country_code }),
    state: t.exposeString('state', { nullable: true }),
    city: t.exposeString('city', { nullable: true }),
    area: t.exposeString('area', { nullable: true }),
    stateId: t.int({ nullable: true, resolve: (a) => a.state_id }),
    areaId: t.int({ nullable: true, resolve: (a) => a.area_id }),
    recipientName: t.string({ nullable: true, resolve: (a) => a.name }),
    recipientPhone: t.string({ nullable: true, resolve: (a) => a.phone }),
  }),
});

type LineNode = OrderRecord['items'][number] & { currency: string };

const OrderOptionValue = builder.objectRef<{ name: string; value: string }>('OrderOptionValue').implement({
  fields: (t) => ({ name: t.exposeString('name'), value: t.exposeString('value') }),
});

export const OrderLine = builder.objectRef<LineNode>('OrderLine').implement({
  description: 'One line of an order, priced as it was sold.',
  fields: (t) => ({
    id: t.field({ type: 'UUID', resolve: (l) => l.id }),
    productId: t.field({ type: 'UUID', nullable: true, description: 'Null once the product is deleted.', resolve: (l) => l.productId }),
    title: t.exposeString('title'),
    variantId: t.field({ type: 'UUID', nullable: true, resolve: (l) => l.variantId }),
    variantTitle: t.exposeString('variantTitle', { nullable: true }),
    variantOptionValues: t.field({
      type: [OrderOptionValue],
      resolve: (l) => Object.entries(l.variantOptionValues as Record<string, string>).map(([name, value]) => ({ name, value })),
    }),
    quantity: t.exposeInt('quantity'),
    basePrice: t.field({ type: Money, description: 'The catalogue price of one unit.', resolve: (l) => orderMoney(l, l.basePrice) }),
    unitPrice: t.field({ type: Money, description: 'One unit after automatic discounts.', resolve: (l) => orderMoney(l, l.unitPrice) }),
    discountedAmount: t.field({
      type: Money,
      description: 'Everything taken off the line: automatic discounts and its share of the coupon.',
      resolve: (l) => orderMoney(l, l.discountedAmount),
    }),
    total: t.field({ type: Money, description: 'unitPrice × quantity less the line’s coupon share.', resolve: (l) => orderMoney(l, l.total) }),
    properties: t.field({ type: 'JSONObject', resolve: (l) => l.properties }),
  }),
});

export const linesOf = (order: OrderRecord): LineNode[] => order.items.map((item) => ({ ...item, currency: order.currency }));

export const OrderShipment = builder.objectRef<OrderShipmentShape>('OrderShipment').implement({
  description: 'How the order travels (REST `shipment`).',
  fields: (t) => ({
    carrierName: t.exposeString('carrierName', { nullable: true }),
    trackingNumber: t.exposeString('trackingNumber', { nullable: true }),
    trackingUrl: t.exposeString('trackingUrl', { nullable: true }),
    zoneName: t.exposeString('zoneName', { nullable: true, description: 'The shipping zone checkout priced the delivery by.' }),
    shippedAt: t.field({ type: 'DateTime', nullable: true, resolve: (s) => s.shippedAt }),
    estimatedDeliveryAt: t.field({ type: 'DateTime', nullable: true, resolve: (s) => s.estimatedDeliveryAt }),
    deliveredAt: t.field({ type: 'DateTime', nullable: true, resolve: (s) => s.deliveredAt }),
  }),
});
