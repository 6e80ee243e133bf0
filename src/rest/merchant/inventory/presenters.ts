import type { AdjustmentRecord } from '../../../domain/inventory/adjust-inventory.js';
import type { InventorySummary } from '../../../domain/inventory/list-inventory.js';
import type { StockLevel } from '../../../domain/inventory/stock-levels.js';
import { isoTimestamp } from '../../kit/format.js';

export function presentLevel(level: StockLevel) {
  return {
    product_id: level.product.pId,
    product_uid: level.product.id,
    variant_id: level.variant?.pId ?? null,
    variant_uid: level.variant?.id ?? null,
    sku: level.sku,
    title: level.title,
    tracked: level.tracked,
    available: level.available,
    is_backorder: level.backorder,
    is_active: level.active,
    in_stock: level.inStock,
    updated_at: isoTimestamp(level.updatedAt),
  };
}

export function presentAdjustment(entry: AdjustmentRecord) {
  return {
    id: entry.id,
    uid: entry.uid,
    product_id: entry.product.pId,
    product_uid: entry.productId,
    variant_id: entry.variant?.pId ?? null,
    variant_uid: entry.variantId,
    delta: entry.delta,
    quantity_after: entry.quantityAfter,
    reason: entry.reason,
    reference: entry.reference,
    note: entry.note,
    created_at: isoTimestamp(entry.createdAt),
  };
}

export function presentInventorySummary(summary: InventorySummary) {
  return {
    product_id: summary.product.pId,
    product_uid: summary.product.id,
    title: summary.product.title,
    sku: summary.product.sku,
    tracked: summary.tracked,
    available: summary.available,
    in_stock: summary.inStock,
    has_variants: summary.hasVariants,
    variant_count: summary.variantCount,
    updated_at: isoTimestamp(summary.product.updatedAt),
  };
}
