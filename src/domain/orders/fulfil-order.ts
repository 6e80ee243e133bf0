import type { Prisma } from '../../generated/prisma/client.js';
import { ApiError } from '../../platform/errors/api-error.js';
import type { Ctx } from '../context.js';
import { withTransaction, type TransactionCtx } from '../transaction.js';
import { findStoreOrder } from './find-order.js';
import { moveOrder } from './move-order.js';
import { orderDocument } from './order-document.js';
import { notifyCustomer } from './order-messages.js';
import { allowedMoves } from './order-process.js';
import { orderInclude, type OrderRecord } from './order-record.js';
import { statusLabels, type OrderStatus } from './order-states.js';
import type { RiderInput, ShipmentInput } from './shipment-fields.js';

/** Orders that travel to the shopper: only they take a shipment or a rider. */
const travelling = new Set(['delivery', 'shipping']);
/** The states a rider may be assigned (or replaced) in: taken by the store and not yet delivered. */
export const riderStates: readonly OrderStatus[] = ['processing', 'ready', 'out_for_delivery'];

/** Locks the order's row for the change and answers it as it now stands. */
async function lockOrder(tx: TransactionCtx, id: number): Promise<OrderRecord> {
  return tx.db.order.update({ where: { id }, data: { updatedAt: tx.now }, include: orderInclude });
}

/**
 * Walks the order along the table towards `target`, one merchant move at a time, as far as the
 * table allows from where it stands (shipping a processing order passes ready on the way).
 */
async function walkTo(tx: TransactionCtx, order: OrderRecord, path: OrderStatus[], why: string): Promise<OrderRecord> {
  let current = order;
  for (const step of path.slice(path.indexOf(current.status as OrderStatus) + 1)) {
    if (!allowedMoves(current, 'merchant').includes(step)) break;
    const moved = await moveOrder(tx, current, step, 'merchant', {
      entries: [
        { audience: 'customer', ...statusLabels[step] },
        { audience: 'vendor', title: `Moved to ${step.replace(/_/g, ' ')}`, description: why },
      ],
    });
    if (!moved) break;
    current = moved;
  }
  return current;
}

const towardsDelivered: OrderStatus[] = ['processing', 'ready', 'out_for_delivery', 'delivered'];

/**
 * `PATCH /orders/{order}/shipment` (GraphQL `orderShipmentUpdate`) on a delivery or shipping order:
 * the fields sent set the shipment (null clears one). Setting `shipped_at` the first time marks
 * the order fulfilled (`fulfillment_status` `fulfilled`, `fulfilled_at`), walks it to
 * out_for_delivery as far as the table allows, records `orders/fulfilled` and tells the shopper
 * with the tracking link; setting `delivered_at` the first time walks it on to delivered and
 * tells the shopper. A cancelled, rejected or completed order takes no shipment (409).
 */
export async function updateShipment(ctx: Ctx, ref: string, input: ShipmentInput): Promise<OrderRecord> {
  const found = await findStoreOrder(ctx, ref);
  if (!travelling.has(found.deliveryMethod)) {
    throw new ApiError('conflict', `A ${found.deliveryMethod} order does not travel to the shopper and takes no shipment.`);
  }
  return withTransaction(ctx, async (tx) => {
    const order = await lockOrder(tx, found.id);
    if (['cancelled', 'rejected', 'completed'].includes(order.status)) {
      throw new ApiError('conflict', `An order that is ${order.status} takes no shipment.`);
    }
    const shipping = input.shippedAt != null && order.shippedAt === null;
    const delivering = input.deliveredAt != null && order.deliveredAt === null;
    const data: Prisma.OrderUpdateInput = { ...input };
    if (shipping) Object.assign(data, { fulfillmentStatus: 'fulfilled', fulfilledAt: input.shippedAt });
    await tx.db.order.update({ where: { id: order.id }, data });
    let current = await tx.db.order.findUniqueOrThrow({ where: { id: order.id }, include: orderInclude });
    const before = current.status;
    if (shipping) current = await walkTo(tx, current, towardsDelivered.slice(0, 3), `Shipped${current.carrierName ? ` with ${current.carrierName}` : ''}.`);
    if (delivering) current = await walkTo(tx, current, towardsDelivered, 'The shipment was delivered.');
    if (current.status === before) tx.outbox.append({ topic: 'orders/updated', payload: orderDocument(current) });
    if (shipping) {
      tx.outbox.append({ topic: 'orders/fulfilled', payload: orderDocument(current) });
      await notifyCustomer(tx, current, 'shipped');
    }
    if (delivering) await notifyCustomer(tx, current, 'delivered');
    return current;
  });
}

/**
 * `POST /orders/{order}/assign-rider` (GraphQL `orderRiderAssign`): the rider who takes a delivery
 * order to the shopper, in the states of `riderStates`; a second call replaces the rider. The
 * shopper's order shows it; no status moves.
 */
export async function assignRider(ctx: Ctx, ref: string, input: RiderInput): Promise<OrderRecord> {
  const found = await findStoreOrder(ctx, ref);
  if (found.deliveryMethod !== 'delivery') throw new ApiError('conflict', `A ${found.deliveryMethod} order has no rider: only delivery orders do.`);
  return withTransaction(ctx, async (tx) => {
    const order = await lockOrder(tx, found.id);
    if (!riderStates.includes(order.status as OrderStatus)) {
      throw new ApiError('conflict', `An order that is ${order.status.replace(/_/g, ' ')} takes no rider: assign one while it is ${riderStates.join(', ')}.`);
    }
    await tx.db.order.update({
      where: { id: order.id },
      data: { riderName: input.name, riderPhone: input.phone, riderVehicle: input.vehicle ?? null, riderTrackingUrl: input.trackingUrl ?? null, riderAssignedAt: tx.now },
    });
    await tx.db.orderTimelineEntry.create({
      data: {
        storeId: tx.db.$storeId,
        orderId: order.id,
        audience: 'customer',
        status: order.status,
        title: 'Rider assigned',
        description: `${input.name} will bring your order${input.vehicle ? ` (${input.vehicle})` : ''}.`,
        createdAt: tx.now,
      },
    });
    const updated = await tx.db.order.findUniqueOrThrow({ where: { id: order.id }, include: orderInclude });
    tx.outbox.append({ topic: 'orders/updated', payload: orderDocument(updated) });
    return updated;
  });
}
