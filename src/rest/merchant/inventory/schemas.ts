import { z } from 'zod';
import { adjustmentReasons, allReasons, inventoryLimits } from '../../../domain/inventory/adjustment-input.js';
import type { AdjustmentListInput } from '../../../domain/inventory/list-adjustments.js';
import type { InventoryListInput } from '../../../domain/inventory/list-inventory.js';
import type { LevelListInput } from '../../../domain/inventory/list-levels.js';
import { booleanParam, cursorParam, enumParam, integerParam, textParam, timestampParam } from '../../../platform/validation/wire-params.js';
import { isoTimestamp, uuid } from '../../kit/common-schemas.js';
import { listAnswer, singleAnswer } from '../../kit/envelope.js';

export { adjustmentBatchSchema as adjustmentBatchBody, adjustmentInputSchema as adjustmentBody } from '../../../domain/inventory/adjustment-input.js';

const { defaultPageSize, maxPageSize, maxQuantity } = inventoryLimits;

const limit = integerParam(1, maxPageSize).meta({ description: `Page size, default ${defaultPageSize}.` });
const window = (q: { limit?: number; starting_after?: string }) => ({ size: q.limit ?? defaultPageSize, after: q.starting_after });
const productRef = textParam(64).meta({ description: 'A product of this store, by integer id or uuid.' });
const variantRef = textParam(64).meta({ description: 'A variant of this store, by integer id or uuid.' });

export const inventoryListQuery = z
  .looseObject({
    limit,
    starting_after: cursorParam,
    in_stock: booleanParam.meta({ description: 'Whether a shopper can buy the product now.' }),
    low_stock_below: integerParam(1, maxQuantity).meta({ description: 'Products that count stock and have fewer units than this.' }),
  })
  .transform((q): InventoryListInput => ({ window: window(q), filter: { inStock: q.in_stock, lowStockBelow: q.low_stock_below } }));

export const levelListQuery = z
  .looseObject({
    limit,
    starting_after: cursorParam,
    product: productRef,
    variant: variantRef,
    sku: textParam(255).meta({ description: "The item's own SKU, exactly." }),
  })
  .transform((q): LevelListInput => ({ window: window(q), filter: { product: q.product, variant: q.variant, sku: q.sku } }));

export const adjustmentListQuery = z
  .looseObject({
    limit,
    starting_after: cursorParam,
    product: productRef,
    variant: variantRef,
    reason: enumParam(allReasons),
    created_after: timestampParam.meta({ description: 'Entries written strictly after this time.' }),
  })
  .transform((q): AdjustmentListInput => ({
    window: window(q),
    filter: { product: q.product, variant: q.variant, reason: q.reason, createdAfter: q.created_after },
  }));

export const historyParams = z.object({ product: z.string().meta({ description: 'The integer id or the uuid of a product of this store.' }) });

export const historyQuery = z
  .looseObject({ limit, starting_after: cursorParam, variant: variantRef.meta({ description: "One of the product's variants: that item's entries only." }) })
  .transform((q) => ({ window: window(q), variant: q.variant }));

const itemIds = {
  product_id: z.int(),
  product_uid: uuid,
  variant_id: z.int().nullable().meta({ description: 'Null for a product sold as itself (no active variant).' }),
  variant_uid: uuid.nullable(),
};

export const levelSchema = z
  .strictObject({
    ...itemIds,
    sku: z.string().nullable(),
    title: z.string().meta({ description: "The variant's title, or the product's for a product sold as itself." }),
    tracked: z.boolean().meta({ description: 'track_inventory of the item: an untracked item never runs out.' }),
    available: z.int().meta({ description: 'Units on hand, as recorded; negative only for a variant that takes backorders.' }),
    is_backorder: z.boolean(),
    is_active: z.boolean().meta({ description: 'False for an inactive variant, whose level counts toward nothing.' }),
    in_stock: z.boolean(),
    updated_at: isoTimestamp,
  })
  .meta({ id: 'InventoryLevel' });

export const adjustmentSchema = z
  .strictObject({
    id: z.int(),
    uid: uuid,
    ...itemIds,
    delta: z.int(),
    quantity_after: z.int().meta({ description: 'The level this entry left.' }),
    reason: z.enum(allReasons).meta({
      description: `One of ${adjustmentReasons.join(', ')}; or, written by the ledger itself, initial (stock the item had at its first adjustment) and reconciliation (a change made outside the ledger).`,
    }),
    reference: z.string().nullable(),
    note: z.string().nullable(),
    created_at: isoTimestamp,
  })
  .meta({ id: 'InventoryAdjustment' });

export const inventorySummarySchema = z
  .strictObject({
    product_id: z.int(),
    product_uid: uuid,
    title: z.string(),
    sku: z.string().nullable(),
    tracked: z.boolean().meta({ description: 'Whether any line a shopper can buy counts its stock.' }),
    available: z.int().meta({ description: "The product's stock: the sum over its active tracked variants, or its own level while sold as itself." }),
    in_stock: z.boolean(),
    has_variants: z.boolean(),
    variant_count: z.int().meta({ description: 'Active variants.' }),
    updated_at: isoTimestamp,
  })
  .meta({ id: 'InventorySummary' });

export const inventoryListAnswer = listAnswer(inventorySummarySchema);
export const levelListAnswer = listAnswer(levelSchema);
export const adjustmentListAnswer = listAnswer(adjustmentSchema);
export const adjustedLevelAnswer = singleAnswer(z.strictObject({ level: levelSchema, adjustment: adjustmentSchema }));
export const adjustmentBatchAnswer = singleAnswer(
  z.strictObject({
    adjustments: z.array(adjustmentSchema).meta({ description: 'The adjustments, in request order.' }),
    levels: z.array(levelSchema).meta({ description: 'Each item adjusted, once, as the batch left it.' }),
  }),
);
