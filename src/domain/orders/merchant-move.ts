import { ApiError } from '../../platform/errors/api-error.js';
import type { Ctx } from '../context.js';
import { withTransaction, type TransactionCtx } from '../transaction.js';
import { findStoreOrder } from './find-order.js';
import { moveOrder } from './move-order.js';
import { orderDocument } from './order-document.js';
import { notifyCustomer, type OrderNotice } from './order-messages.js';
import { allowedMoves, type MovingOrder } from './order-process.js';
import { orderInclude, type OrderRecord } from './order-record.js';
import { statusLabels, type OrderStatus } from './order-states.js';
import { releaseOrder } from './release-order.js';

export interface StatusMoveInput {
  status: OrderStatus;
  /** Why: kept as `cancel_reason` when the move cancels or rejects, and shown on the store's timeline. */
  reason?: string | null;
}

/** The cap on a move's reason, in characters. */
export const MOVE_REASON_MAX = 500;

const ending = new Set<OrderStatus>(['cancelled', 'rejected']);
const notices: Partial<Record<OrderStatus, OrderNotice>> = {
  cancelled: 'cancelled',
  rejected: 'rejected',
  out_for_delivery: 'out_for_delivery',
  delivered: 'delivered',
};

/**
 * The merchant's status move (`POST /orders/{order}/status`, GraphQL `orderStatusMove`), through the
 * order process table: a move it does not hold, the order's own state included, is a 409 `conflict`
 * naming the state and the moves there are. Of two concurrent moves from one state the table's
 * conditional update lets one win; the other finds the order moved and answers that 409 from where
 * the order now stands. Cancelling or rejecting gives back the stock, coupon and discount uses the
 * order held and refunds a paid order through the payment port, all in the move's transaction.
 */
export async function moveOrderByMerchant(ctx: Ctx, ref: string, input: StatusMoveInput): Promise<OrderRecord> {
  const found = await findStoreOrder(ctx, ref);
  return withTransaction(ctx, async (tx) => {
    const order = await tx.db.order.findUniqueOrThrow({ where: { id: found.id }, include: orderInclude });
    const ends = ending.has(input.status);
    const reason = input.reason?.trim() || null;
    // An imported order was charged by its own channel, which refunds it; Bazaar refunds only what its provider took.
    const refund = ends && order.paymentStatus === 'paid' && order.paymentMethod === 'online' && order.customChannel === null;
    const moved = await moveOrder(tx, order, input.status, 'merchant', {
      data: ends ? { cancelReason: reason, ...(refund ? { paymentStatus: 'refunded' } : {}) } : {},
      entries: entriesFor(order, input.status, reason, refund),
    });
    if (!moved) throw movedMeanwhile(await tx.db.order.findUniqueOrThrow({ where: { id: order.id } }), input.status);
    if (ends) await endOrder(tx, order, moved, refund);
    const notice = notices[input.status];
    if (notice) await notifyCustomer(tx, moved, notice);
    return moved;
  });
}

async function endOrder(tx: TransactionCtx, before: OrderRecord, moved: OrderRecord, refund: boolean): Promise<void> {
  await releaseOrder(tx, before);
  if (refund) {
    if (!tx.payments) throw new ApiError('conflict', 'This order was paid online and no payment provider is configured to refund it.');
    const reference = await tx.payments.refund({ order: before });
    await tx.db.orderTimelineEntry.create({
      data: {
        storeId: tx.db.$storeId,
        orderId: before.id,
        audience: 'vendor',
        status: moved.status,
        title: 'Refunded',
        description: `${before.total.toFixed(2)} ${before.currency} given back in full (refund ${reference}).`,
        createdAt: tx.now,
      },
    });
  }
  tx.outbox.append({ topic: 'orders/cancelled', payload: orderDocument(moved) });
}

function entriesFor(order: OrderRecord, to: OrderStatus, reason: string | null, refund: boolean) {
  const label = statusLabels[to];
  const refunded = refund ? ' Your payment is refunded in full.' : '';
  const because = reason ? ` Reason: ${reason}.` : '';
  return [
    { audience: 'customer' as const, title: label.title, description: ending.has(to) ? `${label.description}${because}${refunded}` : label.description },
    {
      audience: 'vendor' as const,
      title: `Moved to ${to.replace(/_/g, ' ')}`,
      description: `The store moved order #${order.number} from ${order.status.replace(/_/g, ' ')} to ${to.replace(/_/g, ' ')}.${because}`,
    },
  ];
}

/** The loser of a race: a 409 naming where the winner left the order and the moves there are, for the caller to decide again. */
function movedMeanwhile(now: MovingOrder, to: OrderStatus): ApiError {
  const allowed = allowedMoves(now, 'merchant');
  const next = allowed.length ? `it may now move to ${allowed.join(', ')}` : 'the merchant cannot move it any more';
  return new ApiError('conflict', `The order moved to ${now.status.replace(/_/g, ' ')} while it was being moved to ${to.replace(/_/g, ' ')}: ${next}.`);
}
