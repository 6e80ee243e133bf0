import { ApiError } from '../../platform/errors/api-error.js';
import type { MerchantDeliveryMethod } from './merchant-vocabulary.js';
import type { DeliveryMethod, OrderStatus, PaymentMethod, PaymentStatus } from './order-states.js';

/**
 * The order process as data, after Vendure's `default-order-process.ts`: every move an order can
 * make, who may make it and what it does. Checkout, payment settlement, payability, the storefront's
 * filters and stage, and the merchant's status moves all read this table, and the write path
 * (`moveOrder`) refuses any move it does not hold. `new` is where checkout starts: no order is
 * ever stored in it.
 */
export const orderActors = ['checkout', 'import', 'payment', 'merchant', 'customer'] as const;
export type OrderActor = (typeof orderActors)[number];

/** The order's fixed terms a move may depend on. */
export interface OrderTerms {
  paymentMethod: PaymentMethod | string;
  deliveryMethod: DeliveryMethod | string;
}

/** A timestamp column a move sets to the move's time. */
export type OrderStamp = 'paidAt' | 'fulfilledAt' | 'completedAt';

export interface OrderMove {
  by: readonly OrderActor[];
  /** Only orders with these terms take the move (pickup orders are never out for delivery). */
  when?: { paymentMethod?: PaymentMethod; deliveryMethods?: readonly MerchantDeliveryMethod[] };
  does: {
    /** What the move means, for the status endpoint's answers and the README. */
    meaning: string;
    paymentStatus?: PaymentStatus;
    stamps?: readonly OrderStamp[];
    /** The order event the move appends. */
    topic: 'orders/create' | 'orders/paid' | 'orders/updated';
  };
}

export type OrderOrigin = 'new' | OrderStatus;

const merchant = ['merchant'] as const;
const updated = 'orders/updated' as const;

export const orderProcess: Record<OrderOrigin, Partial<Record<OrderStatus, OrderMove>>> = {
  new: {
    placed: { by: ['checkout'], when: { paymentMethod: 'cash' }, does: { meaning: 'A cash order waits for the store to confirm it.', topic: 'orders/create' } },
    pending_payment: {
      by: ['checkout'],
      when: { paymentMethod: 'online' },
      does: { meaning: 'An online order waits for its payment.', topic: 'orders/create' },
    },
    processing: {
      by: ['import'],
      does: { meaning: 'An order another sales channel took arrives for the store to fulfil.', topic: 'orders/create' },
    },
  },
  placed: {
    processing: { by: merchant, does: { meaning: 'The store confirms the order and prepares it.', topic: updated } },
    cancelled: { by: ['merchant', 'customer'], does: { meaning: 'Cancelled before the store took it.', topic: updated } },
    rejected: { by: merchant, does: { meaning: 'The store cannot take the order.', topic: updated } },
  },
  pending_payment: {
    processing: {
      by: ['payment'],
      when: { paymentMethod: 'online' },
      does: { meaning: 'Paid: the order goes to the store.', paymentStatus: 'paid', stamps: ['paidAt'], topic: 'orders/paid' },
    },
    cancelled: { by: ['merchant', 'customer'], does: { meaning: 'Cancelled before it was paid.', topic: updated } },
  },
  processing: {
    ready: { by: merchant, does: { meaning: 'Prepared: ready to go out or to be collected.', topic: updated } },
    cancelled: { by: merchant, does: { meaning: 'The store cancels the order it took.', topic: updated } },
    rejected: { by: merchant, does: { meaning: 'The store cannot fulfil the order after all.', topic: updated } },
  },
  ready: {
    out_for_delivery: {
      by: merchant,
      when: { deliveryMethods: ['delivery', 'shipping'] },
      does: { meaning: 'On its way to the shopper (with a rider, or shipped by a carrier).', topic: updated },
    },
    completed: {
      by: merchant,
      when: { deliveryMethods: ['pickup', 'instore'] },
      does: { meaning: 'Collected by the shopper.', stamps: ['fulfilledAt', 'completedAt'], topic: updated },
    },
    cancelled: { by: merchant, does: { meaning: 'The store cancels the order before it leaves.', topic: updated } },
  },
  out_for_delivery: {
    delivered: { by: merchant, does: { meaning: 'Handed to the shopper.', stamps: ['fulfilledAt'], topic: updated } },
  },
  delivered: {
    completed: { by: merchant, does: { meaning: 'The order is closed.', stamps: ['completedAt'], topic: updated } },
  },
  completed: {},
  cancelled: {},
  rejected: {},
};

/** Where an order stands, with the terms the table's conditions read. */
export type MovingOrder = OrderTerms & { status: string };

function takes(move: OrderMove, order: OrderTerms): boolean {
  const when = move.when ?? {};
  return (
    (!when.paymentMethod || when.paymentMethod === order.paymentMethod) &&
    (!when.deliveryMethods || (when.deliveryMethods as readonly string[]).includes(order.deliveryMethod))
  );
}

const movesFrom = (status: string) => (Object.hasOwn(orderProcess, status) ? orderProcess[status as OrderOrigin] : {});

/** The states `actor` may move this order to now, in the table's order. */
export function allowedMoves(order: MovingOrder, actor: OrderActor): OrderStatus[] {
  return (Object.entries(movesFrom(order.status)) as [OrderStatus, OrderMove][])
    .filter(([, move]) => move.by.includes(actor) && takes(move, order))
    .map(([to]) => to);
}

/** The move of the table from the order's state to `to` by `actor`; a 409 `conflict` naming the moves there are when the table holds none. */
export function assertMove(order: MovingOrder, to: OrderStatus, actor: OrderActor): OrderMove {
  const move = movesFrom(order.status)[to];
  if (move && move.by.includes(actor) && takes(move, order)) return move;
  const allowed = allowedMoves(order, actor);
  const from = order.status.replace(/_/g, ' ');
  const next = allowed.length ? `it may move to ${allowed.join(', ')}` : `the ${actor} cannot move it at all`;
  throw new ApiError('conflict', `An order that is ${from} cannot be moved to ${to.replace(/_/g, ' ')} by the ${actor}: ${next}.`);
}

/** An order no move leaves. */
export const hasEnded = (status: OrderStatus) => Object.keys(orderProcess[status]).length === 0;

/** Where checkout (or an import) puts a new order: the table's one move of that actor for its terms. */
export function initialStatus(terms: OrderTerms, actor: 'checkout' | 'import' = 'checkout'): OrderStatus {
  const [status] = allowedMoves({ ...terms, status: 'new' }, actor);
  if (!status) throw new ApiError('validation_failed', `No order can start with payment ${terms.paymentMethod}.`);
  return status;
}

/** Whether an order can take a payment now: unpaid, and the table lets a payment move it (an online order waiting for it; spec rule 1). */
export function isPayable(order: MovingOrder & { paymentStatus: string }): boolean {
  return order.paymentStatus !== 'paid' && allowedMoves(order, 'payment').length > 0;
}
