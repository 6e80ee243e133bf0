import type { TransactionCtx } from '../transaction.js';
import { derivedProductColumns } from './derived-columns.js';
import { markShopperPriceStale } from './shopper-price-column.js';

const pricedFields = { price: true, compareAtPrice: true, trackInventory: true, stock: true } as const;

/**
 * Rewrites a product's derived columns from its row and its variants as they stand inside the
 * write's transaction; every write that changes a variant, a price or a stock level calls it
 * before commit. Its first statement touches the product row (moving `updatedAt`, so the polling
 * feed sees the change), which takes the row's lock: concurrent writes to one product's variants
 * then recompute one after another, each reading what the previous one committed, and no
 * interleaving leaves a stale sum behind.
 */
export async function refreshDerivedColumns(tx: TransactionCtx, productId: string): Promise<void> {
  const product = await tx.db.product.update({
    where: { id: productId },
    data: { updatedAt: new Date() },
    select: { ...pricedFields, variants: { select: { ...pricedFields, isActive: true, isBackorder: true } } },
  });
  const derived = derivedProductColumns(product, product.variants);
  await tx.db.product.update({ where: { id: productId }, data: derived });
  await markShopperPriceStale(tx, productId, derived.priceMin);
}
