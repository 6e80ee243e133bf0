import { ApiError } from '../../platform/errors/api-error.js';
import { findMerchantProduct } from '../catalog/find-product.js';
import type { Ctx } from '../context.js';
import { keysetPage, type KeysetPage, type KeysetWindow } from '../pagination/keyset-page.js';
import { asNumber, type Direction, type KeysetSort } from '../pagination/keyset.js';
import { parseRecordId } from '../record-id.js';
import { adjustmentInclude, type AdjustmentRecord } from './adjust-inventory.js';
import type { LedgerReason } from './adjustment-input.js';

export const ADJUSTMENTS_LIST = 'merchant.inventory.adjustments';
export const HISTORY_LIST = 'merchant.inventory.history';

export interface AdjustmentFilter {
  /** A product's integer id or uuid. */
  product?: string;
  /** A variant's integer id or uuid. */
  variant?: string;
  reason?: LedgerReason;
  /** Entries written strictly after this time. */
  createdAfter?: Date;
}

export interface AdjustmentListInput {
  window: KeysetWindow;
  filter: AdjustmentFilter;
}

export interface HistoryInput {
  /** The product's integer id or uuid (a path parameter: an unknown one is a 404). */
  product: string;
  window: KeysetWindow;
  /** One of its variants, to read one item's entries. */
  variant?: string;
}

/** The ledger's own order: entries of one item are written under its row lock, so ids follow their sequence. */
const byId = (direction: Direction): KeysetSort<AdjustmentRecord> => [{ field: 'id', direction, read: (row) => row.id, parse: asNumber }];

function recordFilter(raw: string | undefined, field: string) {
  if (raw === undefined) return undefined;
  const ref = parseRecordId(raw);
  if (!ref) throw ApiError.invalidField(field, 'must be an integer id or a uuid');
  return ref;
}

function page(ctx: Ctx, list: string, filters: Record<string, unknown>, where: Record<string, unknown>, direction: Direction, window: KeysetWindow) {
  return keysetPage<AdjustmentRecord>(
    ctx,
    {
      binding: { list, storeId: ctx.store.id, filters },
      sort: byId(direction),
      where,
      fetch: (args) => ctx.db.inventoryAdjustment.findMany({ ...(args as object), include: adjustmentInclude }),
    },
    window,
  );
}

/** The store's ledger, newest first; a filter naming no record of the store answers an empty list. */
export function listAdjustments(ctx: Ctx, input: AdjustmentListInput): Promise<KeysetPage<AdjustmentRecord>> {
  const { filter } = input;
  const product = recordFilter(filter.product, 'product');
  const variant = recordFilter(filter.variant, 'variant');
  const where: Record<string, unknown> = {};
  if (product) where.product = product;
  if (variant) where.variant = variant;
  if (filter.reason) where.reason = filter.reason;
  if (filter.createdAfter) where.createdAt = { gt: filter.createdAfter };
  const filters = { product: filter.product, variant: filter.variant, reason: filter.reason, created_after: filter.createdAfter?.toISOString() };
  return page(ctx, ADJUSTMENTS_LIST, filters, where, 'desc', input.window);
}

/**
 * One product's ledger, oldest first. The entries of each of its items (same variant) add up, in
 * order, to the level the item's last entry recorded: an adjustment that finds stock the ledger
 * has not seen (entered before its first adjustment, or set since by a product or variant write)
 * first writes an `initial` or `reconciliation` entry for the difference.
 */
export async function productHistory(ctx: Ctx, input: HistoryInput): Promise<KeysetPage<AdjustmentRecord>> {
  const product = await findMerchantProduct(ctx, input.product);
  const variant = recordFilter(input.variant, 'variant');
  const where: Record<string, unknown> = { productId: product.id, ...(variant ? { variant } : {}) };
  return page(ctx, HISTORY_LIST, { product: product.id, variant: input.variant }, where, 'asc', input.window);
}
