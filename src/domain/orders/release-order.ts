import { appendProductEvent } from '../catalog/product-events.js';
import { crossesUsageLimit } from '../discounts/liveness.js';
import { recordUnseenChange } from '../inventory/adjust-inventory.js';
import { refreshDerivedColumns } from '../pricing/refresh-derived-columns.js';
import type { TransactionCtx } from '../transaction.js';
import type { OrderRecord } from './order-record.js';

/**
 * Gives back what an order held when it ends without being fulfilled (cancelled or rejected):
 * the units its checkout took, its coupon use and its automatic discounts' uses. Called only by
 * the move that won the order's conditional update, so it runs once per order however many
 * cancellations race. The units come back as the ledger recorded them (`sold` entries naming the
 * order's number), so an item whose tracking changed since gets back exactly what was taken.
 */
export async function releaseOrder(tx: TransactionCtx, order: OrderRecord): Promise<void> {
  await returnStock(tx, order);
  if (order.couponId) {
    const released = await tx.db.couponRedemption.deleteMany({ where: { orderId: order.id } });
    if (released.count > 0) await tx.db.coupon.updateMany({ where: { id: order.couponId, usedCount: { gt: 0 } }, data: { usedCount: { decrement: 1 } } });
  }
  const discountIds = [...new Set(order.items.map((item) => item.discountId).filter((id): id is string => id !== null))].sort();
  for (const id of discountIds) {
    const [given] = await tx.db.discount.updateManyAndReturn({
      where: { id, usageCount: { gt: 0 } },
      data: { usageCount: { decrement: 1 } },
      select: { usageCount: true, maxUsageTotal: true },
    });
    // A use given back from the cap revives the discount for shoppers.
    if (given && crossesUsageLimit(given, -1)) await tx.db.$noteCatalogWrite();
  }
}

async function returnStock(tx: TransactionCtx, order: OrderRecord): Promise<void> {
  const sold = await tx.db.inventoryAdjustment.findMany({
    where: { reason: 'sold', reference: `#${order.number}` },
    orderBy: { id: 'asc' },
  });
  for (const entry of sold) {
    const key = { productId: entry.productId, variantId: entry.variantId };
    const quantity = -entry.delta;
    const level = entry.variantId
      ? await tx.db.variant.update({ where: { id: entry.variantId, productId: entry.productId }, data: { stock: { increment: quantity } }, select: { stock: true } })
      : await tx.db.product.update({ where: { id: key.productId }, data: { stock: { increment: quantity } }, select: { stock: true } });
    await recordUnseenChange(tx.db, key, level.stock - quantity);
    await tx.db.inventoryAdjustment.create({
      data: { storeId: tx.db.$storeId, ...key, delta: quantity, quantityAfter: level.stock, reason: 'returned', reference: `#${order.number}` },
    });
  }
  // The products' sales count took every unit of the order, tracked or not: it gives them all back.
  const units = new Map<string, number>();
  for (const item of order.items) if (item.productId) units.set(item.productId, (units.get(item.productId) ?? 0) + item.quantity);
  for (const productId of [...new Set([...sold.map((entry) => entry.productId), ...units.keys()])].sort()) {
    const count = units.get(productId) ?? 0;
    const found = await tx.db.product.updateMany({ where: { id: productId }, data: { salesCount: { decrement: count } } });
    if (found.count === 0) continue;
    await refreshDerivedColumns(tx, productId);
    appendProductEvent(tx, 'products/update', productId);
  }
}
