import { inStock } from './stock-policy.js';
import type { StoreDb } from '../../platform/database/store-scoped-client.js';

/** What a level reads of a product. */
export const levelProductFields = { id: true, pId: true, title: true, sku: true, stock: true, trackInventory: true, updatedAt: true } as const;

/** What a level reads of a variant. */
export const levelVariantFields = {
  id: true,
  pId: true,
  productId: true,
  title: true,
  sku: true,
  stock: true,
  trackInventory: true,
  isBackorder: true,
  isActive: true,
  updatedAt: true,
} as const;

export interface LevelProduct {
  id: string;
  pId: number;
  title: string;
  sku: string | null;
  stock: number;
  trackInventory: boolean;
  updatedAt: Date;
}

export interface LevelVariant {
  id: string;
  pId: number;
  productId: string;
  title: string;
  sku: string | null;
  stock: number;
  trackInventory: boolean;
  isBackorder: boolean;
  isActive: boolean;
  updatedAt: Date;
}

/**
 * The stock of one stock item: a variant, or the product itself while it has no active variant
 * (the pricing rule's "sold as itself"). `available` is the stored figure as entered, also while
 * tracking is off; `inStock` is what a shopper is told of this line.
 */
export interface StockLevel {
  product: { id: string; pId: number };
  variant: { id: string; pId: number } | null;
  sku: string | null;
  title: string;
  tracked: boolean;
  available: number;
  backorder: boolean;
  /** On sale: an active variant, or the product sold as itself. Inactive variants keep a level that counts nowhere. */
  active: boolean;
  inStock: boolean;
  updatedAt: Date;
}

export function levelOf(product: LevelProduct, variant: LevelVariant | null): StockLevel {
  const item = variant ?? { ...product, isBackorder: false, isActive: true };
  return {
    product: { id: product.id, pId: product.pId },
    variant: variant ? { id: variant.id, pId: variant.pId } : null,
    sku: item.sku,
    title: item.title,
    tracked: item.trackInventory,
    available: item.stock,
    backorder: item.isBackorder,
    active: item.isActive,
    inStock: inStock(item),
    updatedAt: item.updatedAt,
  };
}

/** One stock item by its row ids: the product, and the variant unless the product is sold as itself. */
export interface StockItemKey {
  productId: string;
  variantId: string | null;
}

export const itemKey = (key: StockItemKey) => `${key.productId}:${key.variantId ?? ''}`;

/** The levels of the given items as they stand now (inside a write, as the write left them), in the order given. */
export async function readLevels(db: StoreDb, keys: StockItemKey[]): Promise<StockLevel[]> {
  const productIds = [...new Set(keys.map((k) => k.productId))];
  const variantIds = keys.flatMap((k) => (k.variantId ? [k.variantId] : []));
  // One after the other: inside a transaction, statements share one connection.
  const products = await db.product.findMany({ where: { id: { in: productIds } }, select: levelProductFields });
  const variants = variantIds.length ? await db.variant.findMany({ where: { id: { in: variantIds } }, select: levelVariantFields }) : [];
  const productById = new Map(products.map((p) => [p.id, p]));
  const variantById = new Map(variants.map((v) => [v.id, v]));
  return keys.map((k) => levelOf(productById.get(k.productId)!, k.variantId ? variantById.get(k.variantId)! : null));
}
