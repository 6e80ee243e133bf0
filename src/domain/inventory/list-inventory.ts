import { merchantVisible } from '../catalog/visibility.js';
import type { Ctx } from '../context.js';
import { keysetPage, type KeysetPage, type KeysetWindow } from '../pagination/keyset-page.js';
import { asNumber, type KeysetSort } from '../pagination/keyset.js';
import { sellableVariants } from '../pricing/product-pricing.js';
import { countsStock } from './stock-policy.js';

export const INVENTORY_LIST = 'merchant.inventory';

export interface InventoryFilter {
  inStock?: boolean;
  /** Products that count stock and have fewer than this many units. */
  lowStockBelow?: number;
}

export interface InventoryListInput {
  window: KeysetWindow;
  filter: InventoryFilter;
}

/** One product's stock at a glance, as the pricing rule stores it on the product. */
export interface InventorySummary {
  product: { id: string; pId: number; title: string; sku: string | null; updatedAt: Date };
  /** Whether any line a shopper can buy counts its stock. */
  tracked: boolean;
  /** The product's stock: the sum over its active tracked variants, or its own figure while sold as itself. */
  available: number;
  inStock: boolean;
  hasVariants: boolean;
  /** Active variants. */
  variantCount: number;
}

const summaryFields = {
  id: true,
  pId: true,
  title: true,
  sku: true,
  updatedAt: true,
  stock: true,
  inStock: true,
  trackInventory: true,
  variants: { select: { isActive: true, trackInventory: true } },
} as const;

interface SummaryRow {
  id: string;
  pId: number;
  title: string;
  sku: string | null;
  updatedAt: Date;
  stock: number;
  inStock: boolean;
  trackInventory: boolean;
  variants: { isActive: boolean; trackInventory: boolean }[];
}

const byProductId: KeysetSort<InventorySummary> = [{ field: 'pId', direction: 'asc', read: (summary) => summary.product.pId, parse: asNumber }];

/** The stock policy's `countsStock` over a product's sellable lines, as a condition on the product row. */
const tracksStock = {
  OR: [{ trackInventory: true, variants: { none: { isActive: true } } }, { variants: { some: { isActive: true, trackInventory: true } } }],
};

function summaryOf(row: SummaryRow): InventorySummary {
  const active = sellableVariants(row.variants);
  return {
    product: { id: row.id, pId: row.pId, title: row.title, sku: row.sku, updatedAt: row.updatedAt },
    tracked: active.length ? active.some(countsStock) : countsStock(row),
    available: row.stock,
    inStock: row.inStock,
    hasVariants: active.length > 0,
    variantCount: active.length,
  };
}

/** The store's products with their stock, by product id; the cursor is bound to the filters. */
export async function listInventory(ctx: Ctx, input: InventoryListInput): Promise<KeysetPage<InventorySummary>> {
  const { filter } = input;
  const where: Record<string, unknown> = { ...merchantVisible(ctx) };
  if (filter.inStock !== undefined) where.inStock = filter.inStock;
  if (filter.lowStockBelow !== undefined) where.AND = [tracksStock, { stock: { lt: filter.lowStockBelow } }];
  return keysetPage<InventorySummary>(
    ctx,
    {
      binding: { list: INVENTORY_LIST, storeId: ctx.store.id, filters: { in_stock: filter.inStock, low_stock_below: filter.lowStockBelow } },
      sort: byProductId,
      where,
      fetch: async (args) => (await ctx.db.product.findMany({ ...(args as object), select: summaryFields })).map(summaryOf),
    },
    input.window,
  );
}
