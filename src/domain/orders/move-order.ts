import type { Prisma } from '../../generated/prisma/client.js';
import type { TransactionCtx } from '../transaction.js';
import { orderDocument } from './order-document.js';
import { assertMove, type MovingOrder, type OrderActor } from './order-process.js';
import { orderInclude, type OrderRecord } from './order-record.js';
import { statusLabels, type OrderStatus } from './order-states.js';

/** A timeline entry a move writes: the shopper's (`customer`) or the store's only (`vendor`). */
export interface MoveEntry {
  audience: 'customer' | 'vendor';
  title: string;
  description: string;
}

/**
 * The first two steps of a new order's history, placed by checkout or imported: the shopper's, in
 * the state's own words, then the store's, saying where the order came from.
 */
export function openingTimeline(tx: TransactionCtx, status: OrderStatus, vendor: Omit<MoveEntry, 'audience'>) {
  return [
    { storeId: tx.db.$storeId, audience: 'customer', status, ...statusLabels[status], createdAt: tx.now },
    { storeId: tx.db.$storeId, audience: 'vendor', status, ...vendor, createdAt: tx.now },
  ];
}

/**
 * The one write path of an order's status: the move must be in the order process table, and the
 * update holds only while the order is still where it was read, so of two racing moves one wins and
 * the other changes nothing (null). The move's own effects (payment status, timestamps, its event)
 * come from the table; `data` adds what only the caller knows, such as the payment's reference.
 */
export async function moveOrder(
  tx: TransactionCtx,
  order: MovingOrder & { id: number },
  to: OrderStatus,
  actor: OrderActor,
  write: { entries: MoveEntry[]; data?: Prisma.OrderUpdateManyMutationInput },
): Promise<OrderRecord | null> {
  const move = assertMove(order, to, actor);
  const stamps = Object.fromEntries((move.does.stamps ?? []).map((stamp) => [stamp, tx.now]));
  const payment = move.does.paymentStatus ? { paymentStatus: move.does.paymentStatus } : {};
  const moved = await tx.db.order.updateMany({
    where: { id: order.id, status: order.status },
    data: { ...write.data, ...payment, ...stamps, status: to, updatedAt: tx.now },
  });
  if (moved.count === 0) return null;
  await tx.db.orderTimelineEntry.createMany({
    data: write.entries.map((entry) => ({ ...entry, status: to, storeId: tx.db.$storeId, orderId: order.id, createdAt: tx.now })),
  });
  const record = await tx.db.order.findUniqueOrThrow({ where: { id: order.id }, include: orderInclude });
  tx.outbox.append({ topic: move.does.topic, payload: orderDocument(record) });
  return record;
}
