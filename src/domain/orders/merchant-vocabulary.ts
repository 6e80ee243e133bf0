import type { Prisma } from '../../generated/prisma/client.js';
import { isPayable } from './order-process.js';
import { deliveryMethods, orderStatuses, type OrderStatus } from './order-states.js';

/**
 * The merchant spec's words for an order (the Order object, its events and the `GET /orders`
 * filters). The states keep their own names on the storefront and in GraphQL; the merchant face
 * says `pending` for an order the store has not taken yet, as the spec does.
 */
export const merchantStatusOf = {
  placed: 'pending',
  pending_payment: 'pending',
  processing: 'processing',
  ready: 'ready',
  out_for_delivery: 'out_for_delivery',
  delivered: 'delivered',
  completed: 'completed',
  cancelled: 'cancelled',
  rejected: 'rejected',
} as const satisfies Record<OrderStatus, string>;
export type MerchantOrderStatus = (typeof merchantStatusOf)[OrderStatus];
export const merchantOrderStatuses = [...new Set(Object.values(merchantStatusOf))] as [MerchantOrderStatus, ...MerchantOrderStatus[]];

export const merchantPaymentStatuses = ['paid', 'unpaid', 'refunded', 'partial', 'pending', 'awaiting_confirmation'] as const;
export type MerchantPaymentStatus = (typeof merchantPaymentStatuses)[number];

/** Stored payment states the merchant face answers under their own name. */
const sameName = new Set<string>(['paid', 'refunded', 'partial', 'awaiting_confirmation']);

/** The states in which a payment can still move an online order (the process table's payment moves). */
const payableStates = orderStatuses.filter((status) =>
  deliveryMethods.some((deliveryMethod) => isPayable({ status, deliveryMethod, paymentMethod: 'online', paymentStatus: 'pending' })),
);
const awaitingPayment: Prisma.OrderWhereInput = { paymentMethod: 'online', status: { in: payableStates } };
const notPaid: Prisma.OrderWhereInput = { paymentStatus: { notIn: [...sameName] } };

/** What each merchant `payment_status` means, and the orders the `GET /orders` filter of that name selects. */
export const merchantPaymentMeanings: Record<MerchantPaymentStatus, { meaning: string; where: Prisma.OrderWhereInput }> = {
  paid: { meaning: 'The order is paid in full.', where: { paymentStatus: 'paid' } },
  pending: {
    meaning: 'An online order waiting for its payment (after a failed attempt too: the shopper may pay again).',
    where: { ...notPaid, ...awaitingPayment },
  },
  unpaid: {
    meaning: 'Nothing is paid and no online payment is awaited: a cash order until the store collects it, or an order that ended unpaid.',
    where: { ...notPaid, NOT: [awaitingPayment] },
  },
  awaiting_confirmation: {
    meaning: 'A payment the store must confirm by hand; Bazaar takes none yet, so no order has it.',
    where: { paymentStatus: 'awaiting_confirmation' },
  },
  partial: { meaning: 'Part of the total is paid; Bazaar takes no part payments yet, so no order has it.', where: { paymentStatus: 'partial' } },
  refunded: { meaning: 'The payment was given back: a paid online order the store cancelled or rejected.', where: { paymentStatus: 'refunded' } },
};

/** An order's merchant `payment_status`: always one of the spec's six words (a failed attempt is still `pending`). */
export function merchantPaymentStatusOf(order: { status: string; paymentStatus: string; paymentMethod: string; deliveryMethod: string }): MerchantPaymentStatus {
  if (sameName.has(order.paymentStatus)) return order.paymentStatus as MerchantPaymentStatus;
  return isPayable(order) ? 'pending' : 'unpaid';
}

/**
 * The merchant's delivery methods: checkout makes `delivery` and `pickup`; `instore` (sold at the
 * counter) and `shipping` (sent by a carrier) are what imported orders will carry.
 */
export const merchantDeliveryMethods = ['delivery', 'pickup', 'instore', 'shipping'] as const;
export type MerchantDeliveryMethod = (typeof merchantDeliveryMethods)[number];
