import { randomUUID } from 'node:crypto';
import type { Ctx } from '../context.js';
import { moveOrder } from '../orders/move-order.js';
import { orderDocument } from '../orders/order-document.js';
import { isPayable } from '../orders/order-process.js';
import { orderInclude, type OrderRecord } from '../orders/order-record.js';
import { statusLabels } from '../orders/order-states.js';
import { withTransaction } from '../transaction.js';

export type PaymentOutcome = 'paid' | 'failed';

/**
 * A provider's report on an order's payment, accepted only while the order is payable by the order
 * process table. Paid is the table's payment move (to `processing`/`paid`, with `orders/paid`);
 * failed marks the attempt (`payment_status` `failed`, `orders/updated`) and leaves the order
 * waiting, so the shopper may pay again. Both are conditional on the state that was read: a
 * repeated or late report (an order already paid, or cancelled) changes nothing and answers the
 * order as it is.
 */
export async function settlePayment(ctx: Ctx, orderId: number, outcome: PaymentOutcome, reference?: string): Promise<OrderRecord> {
  return withTransaction(ctx, async (tx) => {
    const order = await tx.db.order.findUniqueOrThrow({ where: { id: orderId }, include: orderInclude });
    if (!isPayable(order)) return order;
    const paymentRef = reference ?? `${tx.payments?.name ?? 'payment'}_${randomUUID()}`;
    if (outcome === 'paid') {
      const paid = await moveOrder(tx, order, 'processing', 'payment', {
        data: { paymentRef },
        entries: [
          { audience: 'customer', title: 'Payment received', description: statusLabels.processing.description },
          { audience: 'vendor', title: 'Paid online', description: `Payment ${paymentRef} received; prepare the order.` },
        ],
      });
      return paid ?? tx.db.order.findUniqueOrThrow({ where: { id: orderId }, include: orderInclude });
    }
    const failed = await tx.db.order.updateMany({
      where: { id: orderId, status: order.status, paymentStatus: { not: 'paid' } },
      data: { paymentStatus: 'failed', paymentRef, updatedAt: tx.now },
    });
    if (failed.count === 0) return tx.db.order.findUniqueOrThrow({ where: { id: orderId }, include: orderInclude });
    await tx.db.orderTimelineEntry.create({
      data: {
        storeId: tx.db.$storeId,
        orderId,
        audience: 'customer',
        status: order.status,
        title: 'Payment failed',
        description: 'The payment did not go through; you can try again.',
        createdAt: tx.now,
      },
    });
    const updated = await tx.db.order.findUniqueOrThrow({ where: { id: orderId }, include: orderInclude });
    tx.outbox.append({ topic: 'orders/updated', payload: orderDocument(updated) });
    return updated;
  });
}
