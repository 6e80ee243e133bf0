import { randomUUID } from 'node:crypto';
import type { Ctx } from '../context.js';
import { orderDocument } from '../orders/order-document.js';
import { orderInclude, type OrderRecord } from '../orders/order-record.js';
import { statusLabels } from '../orders/order-states.js';
import { withTransaction } from '../transaction.js';

export type PaymentOutcome = 'paid' | 'failed';

/** Whether an order can take a payment now: an online order not paid yet and still waiting for it (spec rule 1). */
export function isPayable(order: Pick<OrderRecord, 'paymentMethod' | 'paymentStatus' | 'status'>): boolean {
  return order.paymentMethod === 'online' && order.paymentStatus !== 'paid' && order.status === 'pending_payment';
}

/**
 * A provider's report on an order's payment. Paid moves the order to `processing`/`paid` with
 * `orders/paid`; failed marks the attempt (`payment_status` `failed`, `orders/updated`) and leaves
 * the order waiting, so the shopper may pay again. The move is a conditional update on the
 * order's current state: a repeated or late report (an order already paid, or cancelled) changes
 * nothing and answers the order as it is.
 */
export async function settlePayment(ctx: Ctx, orderId: number, outcome: PaymentOutcome, reference?: string): Promise<OrderRecord> {
  return withTransaction(ctx, async (tx) => {
    const paymentRef = reference ?? `${tx.payments?.name ?? 'payment'}_${randomUUID()}`;
    const moved = await tx.db.order.updateMany({
      where: { id: orderId, paymentMethod: 'online', status: 'pending_payment', paymentStatus: { not: 'paid' } },
      data:
        outcome === 'paid'
          ? { status: 'processing', paymentStatus: 'paid', paidAt: tx.now, paymentRef, updatedAt: tx.now }
          : { paymentStatus: 'failed', paymentRef, updatedAt: tx.now },
    });
    if (moved.count === 1) {
      const entries =
        outcome === 'paid'
          ? [
              { audience: 'customer', status: 'processing', title: 'Payment received', description: statusLabels.processing.description },
              { audience: 'vendor', status: 'processing', title: 'Paid online', description: `Payment ${paymentRef} received; prepare the order.` },
            ]
          : [{ audience: 'customer', status: 'pending_payment', title: 'Payment failed', description: 'The payment did not go through; you can try again.' }];
      await tx.db.orderTimelineEntry.createMany({ data: entries.map((e) => ({ ...e, storeId: tx.db.$storeId, orderId, createdAt: tx.now })) });
    }
    const order = await tx.db.order.findUniqueOrThrow({ where: { id: orderId }, include: orderInclude });
    if (moved.count === 1) tx.outbox.append({ topic: outcome === 'paid' ? 'orders/paid' : 'orders/updated', payload: orderDocument(order) });
    return order;
  });
}
