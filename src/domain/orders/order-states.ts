import { hasEnded } from './order-process.js';

/**
 * The order states and the words each face uses for them. Which moves join them, who may make
 * each and what it does is the order process table (`order-process.ts`):
 *
 *   placed ──────────────┐                     (cash: the store confirms it)
 *   pending_payment ──paid──► processing ──► ready ──► out_for_delivery ──► delivered ──► completed
 *        │                       │             └──────────────(pickup)────────────────────┘
 *        └── cancelled ◄─────────┴── rejected (by the store, before it is ready)
 */
export const orderStatuses = [
  'placed',
  'pending_payment',
  'processing',
  'ready',
  'out_for_delivery',
  'delivered',
  'completed',
  'cancelled',
  'rejected',
] as const;
export type OrderStatus = (typeof orderStatuses)[number];

export const paymentStatuses = ['pending', 'paid', 'failed', 'refunded'] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];

export const paymentMethods = ['cash', 'online'] as const;
export type PaymentMethod = (typeof paymentMethods)[number];

export const deliveryMethods = ['delivery', 'pickup'] as const;
export type DeliveryMethod = (typeof deliveryMethods)[number];

/** How far along an order is, for the storefront's `stage` (0 before the store has it, 5 when done). */
export const stageOf: Record<OrderStatus, number> = {
  placed: 0,
  pending_payment: 0,
  processing: 1,
  ready: 2,
  out_for_delivery: 3,
  delivered: 4,
  completed: 5,
  cancelled: 0,
  rejected: 0,
};

/** Whether the store has taken the order (the storefront's `is_verified` and `is_confirmed`): stage 1 or later. */
export const storeAccepted = (status: string) => (stageOf[status as OrderStatus] ?? 0) > 0;

const statesWhere = (test: (status: OrderStatus) => boolean) => orderStatuses.filter(test);

/**
 * The storefront list's `status` filter, read off the process table: `ongoing` is every state not
 * ended and not yet delivered, `pending` every one not ended before the store has the order.
 */
export const storefrontFilters = {
  all: null,
  ongoing: statesWhere((s) => !hasEnded(s) && stageOf[s] < stageOf.delivered),
  pending: statesWhere((s) => !hasEnded(s) && stageOf[s] === 0),
  delivered: ['delivered'],
  completed: ['completed'],
} as const satisfies Record<string, readonly OrderStatus[] | null>;
export type StorefrontOrderFilter = keyof typeof storefrontFilters;

/** The words a shopper reads for each state: a timeline entry's title and the single read's `status_label`. */
export const statusLabels: Record<OrderStatus, { title: string; description: string }> = {
  placed: { title: 'Order placed', description: 'The store has your order and will confirm it shortly.' },
  pending_payment: { title: 'Awaiting payment', description: 'The order is placed; it goes to the store once it is paid.' },
  processing: { title: 'Processing', description: 'The store is preparing your order.' },
  ready: { title: 'Ready', description: 'Your order is ready.' },
  out_for_delivery: { title: 'Out for delivery', description: 'Your order is on its way.' },
  delivered: { title: 'Delivered', description: 'Your order was delivered.' },
  completed: { title: 'Completed', description: 'The order is complete.' },
  cancelled: { title: 'Cancelled', description: 'The order was cancelled.' },
  rejected: { title: 'Rejected', description: 'The store could not take this order.' },
};
