import type { AdjustmentRecord } from '../../domain/inventory/adjust-inventory.js';
import { adjustmentReasons, allReasons } from '../../domain/inventory/adjustment-input.js';
import type { StockLevel } from '../../domain/inventory/stock-levels.js';
import { builder } from '../builder.js';

const enumValues = <T extends string>(values: readonly T[]) =>
  Object.fromEntries(values.map((value) => [value.toUpperCase(), { value }])) as Record<string, { value: T }>;

export const AdjustReason = builder.enumType('InventoryAdjustReason', {
  description: 'Why a caller changes a level.',
  values: enumValues(adjustmentReasons),
});

export const LedgerReason = builder.enumType('InventoryLedgerReason', {
  description:
    "A ledger entry's reason: a caller's, or one the ledger writes itself — INITIAL (stock the item had at its first adjustment) and RECONCILIATION (a change made outside the ledger, found at the next adjustment).",
  values: enumValues(allReasons),
});

export const InventoryLevel = builder.objectRef<StockLevel>('InventoryLevel').implement({
  description: 'The stock of one stock item: a variant, or a product sold as itself (no active variant).',
  fields: (t) => ({
    productId: t.field({ type: 'UUID', resolve: (l) => l.product.id }),
    productPId: t.int({ resolve: (l) => l.product.pId }),
    variantId: t.field({ type: 'UUID', nullable: true, description: 'Null for a product sold as itself.', resolve: (l) => l.variant?.id ?? null }),
    variantPId: t.int({ nullable: true, resolve: (l) => l.variant?.pId ?? null }),
    sku: t.exposeString('sku', { nullable: true }),
    title: t.exposeString('title'),
    tracked: t.exposeBoolean('tracked'),
    available: t.exposeInt('available', { description: 'Units on hand as recorded; negative only for a variant that takes backorders.' }),
    isBackorder: t.exposeBoolean('backorder'),
    isActive: t.exposeBoolean('active', { description: 'False for an inactive variant, whose level counts toward nothing.' }),
    inStock: t.exposeBoolean('inStock'),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
  }),
});

export const InventoryAdjustment = builder.objectRef<AdjustmentRecord>('InventoryAdjustment').implement({
  description: 'One entry of the inventory ledger.',
  fields: (t) => ({
    id: t.exposeInt('id'),
    uid: t.expose('uid', { type: 'UUID' }),
    productId: t.expose('productId', { type: 'UUID' }),
    productPId: t.int({ resolve: (a) => a.product.pId }),
    variantId: t.expose('variantId', { type: 'UUID', nullable: true }),
    variantPId: t.int({ nullable: true, resolve: (a) => a.variant?.pId ?? null }),
    delta: t.exposeInt('delta'),
    quantityAfter: t.exposeInt('quantityAfter', { description: 'The level this entry left.' }),
    reason: t.field({ type: LedgerReason, resolve: (a) => a.reason as (typeof allReasons)[number] }),
    reference: t.exposeString('reference', { nullable: true }),
    note: t.exposeString('note', { nullable: true }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
  }),
});
