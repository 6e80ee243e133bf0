import type { Product, Variant } from '../../generated/prisma/client.js';
import { ApiError } from '../../platform/errors/api-error.js';
import { recordUnseenChange } from '../inventory/adjust-inventory.js';
import { countsStock, mayGoBelowZero, type StockTerms } from '../inventory/stock-policy.js';
import { refreshDerivedColumns } from '../pricing/refresh-derived-columns.js';
import type { TransactionCtx } from '../transaction.js';
import { appendProductEvent } from '../catalog/product-events.js';

export interface StockLine {
  product: Product;
  variant: Variant | null;
  quantity: number;
}

/** The line's stock item: its variant, or the product sold as itself. */
const stockItemOf = (line: StockLine): StockTerms => line.variant ?? line.product;

/** Units taken off one stock level, for the ledger entry the order's number will name. */
export interface TakenUnits {
  key: { productId: string; variantId: string | null };
  quantity: number;
  after: number;
}

/**
 * Takes the sold units off each line's level with a conditional update (`stock >= quantity`), so
 * two checkouts racing for the last units cannot both win: the database decides, one row lock at a
 * time, and the loser's whole transaction rolls back with `out_of_stock`. Rows are taken in one
 * global order (product, then variant, by integer id), the order inventory adjustments use too,
 * so concurrent checkouts never wait on each other in a cycle. The products' derived stock columns
 * follow; the ledger entries wait for the order number (`recordSales`).
 */
export async function reserveStock(tx: TransactionCtx, lines: StockLine[]): Promise<TakenUnits[]> {
  const ordered = [...lines].sort((a, b) => a.product.pId - b.product.pId || (a.variant?.pId ?? 0) - (b.variant?.pId ?? 0));
  const taken: TakenUnits[] = [];
  for (const line of ordered) {
    const item = stockItemOf(line);
    if (countsStock(item)) taken.push(await takeUnits(tx, line, mayGoBelowZero(item)));
  }
  for (const productId of new Set(ordered.map((l) => l.product.id))) {
    await tx.db.product.update({ where: { id: productId }, data: { salesCount: { increment: unitsOf(lines, productId) } } });
    await refreshDerivedColumns(tx, productId);
    appendProductEvent(tx, 'products/update', productId);
  }
  return taken;
}

/** Writes each move to the inventory ledger as `sold`, with the order's number as its reference. */
export async function recordSales(tx: TransactionCtx, taken: TakenUnits[], orderNumber: number): Promise<void> {
  for (const { key, quantity, after } of taken) {
    await recordUnseenChange(tx.db, key, after + quantity);
    await tx.db.inventoryAdjustment.create({
      data: { storeId: tx.db.$storeId, ...key, delta: -quantity, quantityAfter: after, reason: 'sold', reference: `#${orderNumber}` },
    });
  }
}

function unitsOf(lines: StockLine[], productId: string): number {
  return lines.filter((l) => l.product.id === productId).reduce((n, l) => n + l.quantity, 0);
}

async function takeUnits(tx: TransactionCtx, line: StockLine, mayGoNegative: boolean): Promise<TakenUnits> {
  const { product, variant, quantity } = line;
  const guard = mayGoNegative ? {} : { stock: { gte: quantity } };
  const data = { stock: { decrement: quantity } };
  const taken = variant
    ? await tx.db.variant.updateMany({ where: { id: variant.id, productId: product.id, isActive: true, ...guard }, data })
    : await tx.db.product.updateMany({ where: { id: product.id, ...guard }, data });
  if (taken.count === 0) {
    const what = variant ? `${product.title} (${variant.title})` : product.title;
    throw new ApiError('out_of_stock', `Not enough of ${what} is left to sell ${quantity}; validate the cart to see what is available.`);
  }
  const after = variant
    ? (await tx.db.variant.findUniqueOrThrow({ where: { id: variant.id }, select: { stock: true } })).stock
    : (await tx.db.product.findUniqueOrThrow({ where: { id: product.id }, select: { stock: true } })).stock;
  return { key: { productId: product.id, variantId: variant?.id ?? null }, quantity, after };
}
