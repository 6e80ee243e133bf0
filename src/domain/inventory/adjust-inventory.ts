import type { InventoryAdjustment } from '../../generated/prisma/client.js';
import { ApiError } from '../../platform/errors/api-error.js';
import type { StoreDb } from '../../platform/database/store-scoped-client.js';
import type { Ctx } from '../context.js';
import { refreshDerivedColumns } from '../pricing/refresh-derived-columns.js';
import { withTransaction, type TransactionCtx } from '../transaction.js';
import type { AdjustmentInput } from './adjustment-input.js';
import { resolveStockItems, type FieldNamer, type ResolvedAdjustment } from './resolve-stock-items.js';
import { itemKey, readLevels, type StockItemKey, type StockLevel } from './stock-levels.js';
import { mayGoBelowZero } from './stock-policy.js';
import { appendProductEvent } from '../catalog/product-events.js';

/** A ledger entry with the integer ids its product and variant are known by. */
export type AdjustmentRecord = InventoryAdjustment & { product: { pId: number }; variant: { pId: number } | null };

export const adjustmentInclude = { product: { select: { pId: true } }, variant: { select: { pId: true } } } as const;

export interface AdjustmentResult {
  /** The caller's adjustments, in request order. */
  adjustments: AdjustmentRecord[];
  /** The level of every item adjusted, once each, in the order of first mention, as the batch left it. */
  levels: StockLevel[];
}

const keyOf = (item: ResolvedAdjustment): StockItemKey => ({ productId: item.product.id, variantId: item.variant?.id ?? null });

/** The stock row of the item: the variant's, or the product's own. */
function writeStock(db: StoreDb, item: ResolvedAdjustment, data: { stock: number | { increment: number } } | { updatedAt: Date }) {
  return item.variant
    ? db.variant.update({ where: { id: item.variant.id, productId: item.product.id }, data, select: { stock: true } })
    : db.product.update({ where: { id: item.product.id }, data, select: { stock: true } });
}

/**
 * Moves the level in the database itself, never from a value read earlier: a delta is one atomic
 * increment; a set first takes the row's lock with a no-op write, so the level it replaces cannot
 * change before this transaction ends. Either way concurrent adjustments queue on the row.
 */
async function moveLevel(db: StoreDb, item: ResolvedAdjustment): Promise<{ before: number; after: number }> {
  const { change } = item.input;
  if (change.kind === 'delta') {
    const { stock } = await writeStock(db, item, { stock: { increment: change.delta } });
    return { before: stock - change.delta, after: stock };
  }
  const { stock } = await writeStock(db, item, { updatedAt: new Date() });
  await writeStock(db, item, { stock: change.quantity });
  return { before: stock, after: change.quantity };
}

/**
 * Keeps the item's entries summing to its level: when the level before this adjustment is not
 * what the last entry left (stock entered before the ledger existed, or set by a product write),
 * an entry the ledger writes itself records the difference first.
 */
export async function recordUnseenChange(db: StoreDb, key: StockItemKey, before: number) {
  const entry = await unseenChangeOf(db, key, before);
  if (entry) await db.inventoryAdjustment.create({ data: entry });
}

/** The entry `recordUnseenChange` would write, or null: for a caller that writes it with entries of its own in one statement. */
export async function unseenChangeOf(db: StoreDb, key: StockItemKey, before: number) {
  const last = await db.inventoryAdjustment.findFirst({ where: key, orderBy: { id: 'desc' }, select: { quantityAfter: true } });
  const recorded = last?.quantityAfter ?? 0;
  if (before === recorded) return null;
  return { storeId: db.$storeId, ...key, delta: before - recorded, quantityAfter: before, reason: last ? 'reconciliation' : 'initial' };
}

async function applyOne(tx: TransactionCtx, item: ResolvedAdjustment, fieldOf: FieldNamer): Promise<AdjustmentRecord> {
  const { before, after } = await moveLevel(tx.db, item);
  if (after < 0 && !mayGoBelowZero(item.variant ?? { isBackorder: false })) {
    throw ApiError.invalidField(
      fieldOf(item.index, item.input.change.kind),
      `would take the level to ${after}, with ${before} available; only a variant that takes backorders may go below 0`,
    );
  }
  await recordUnseenChange(tx.db, keyOf(item), before);
  const { reason, reference, note } = item.input;
  return tx.db.inventoryAdjustment.create({
    data: { storeId: tx.db.$storeId, ...keyOf(item), delta: after - before, quantityAfter: after, reason, reference, note },
    include: adjustmentInclude,
  });
}

/**
 * Applies adjustments all or nothing, in one transaction: any refusal rolls every one back.
 * Rows are locked in one global order (variant and product rows by product id, then variant id;
 * then the products' derived columns in product order), so two batches never wait on each other
 * in a cycle. Each product's stock, in-stock flag and updated_at follow in the same transaction.
 */
export async function adjustInventory(ctx: Ctx, items: AdjustmentInput[], fieldOf: FieldNamer): Promise<AdjustmentResult> {
  const resolved = await resolveStockItems(ctx, items, fieldOf);
  const ordered = [...resolved].sort((a, b) => a.product.pId - b.product.pId || (a.variant?.pId ?? 0) - (b.variant?.pId ?? 0));
  return withTransaction(ctx, async (tx) => {
    const adjustments: AdjustmentRecord[] = [];
    for (const item of ordered) adjustments[item.index] = await applyOne(tx, item, fieldOf);
    for (const productId of new Set(ordered.map((item) => item.product.id))) {
      await refreshDerivedColumns(tx, productId);
      appendProductEvent(tx, 'products/update', productId);
    }
    const keys = new Map(resolved.map((item) => [itemKey(keyOf(item)), keyOf(item)]));
    return { adjustments, levels: await readLevels(tx.db, [...keys.values()]) };
  });
}
