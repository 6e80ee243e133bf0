import type { Product } from '../../generated/prisma/client.js';
import type { TransactionCtx } from '../transaction.js';
import { derivedProductColumns } from './derived-columns.js';
import { markShopperPriceStale } from './shopper-price-column.js';

const pricedFields = { price: true, compareAtPrice: true, trackInventory: true, stock: true } as const;
const derivedFields = { priceMin: true, priceMax: true, inStock: true, stock: true } as const;

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
    select: { ...pricedFields, ...derivedFields, variants: { select: { ...pricedFields, isActive: true, isBackorder: true } } },
  });
  const derived = derivedProductColumns(product, product.variants);
  const changed = changedColumns(product, derived);
  if (Object.keys(changed).length) await tx.db.product.update({ where: { id: productId }, data: changed });
  await markShopperPriceStale(tx, productId, derived.priceMin);
}

/**
 * The derived columns that differ from the row's, and only those: a sale that leaves a product in
 * stock at its price writes `stock` alone, which the response cache takes for a stock write of the
 * product (catalog-models.ts); one that moves it out of stock writes `inStock` too, a catalogue write.
 */
function changedColumns(row: Pick<Product, keyof typeof derivedFields>, derived: ReturnType<typeof derivedProductColumns>): Partial<typeof derived> {
  const changed: Partial<typeof derived> = {};
  if (!row.priceMin.equals(derived.priceMin)) changed.priceMin = derived.priceMin;
  if (!row.priceMax.equals(derived.priceMax)) changed.priceMax = derived.priceMax;
  if (row.inStock !== derived.inStock) changed.inStock = derived.inStock;
  if (row.stock !== derived.stock) changed.stock = derived.stock;
  return changed;
}
