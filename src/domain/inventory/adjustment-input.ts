import { z } from 'zod';
import { hasNoNul } from '../../platform/validation/text-rules.js';

/** Why a caller changes a level; every adjustment names one. */
export const adjustmentReasons = ['received', 'returned', 'correction', 'cycle_count', 'damaged', 'shrinkage', 'sold', 'other'] as const;
export type AdjustmentReason = (typeof adjustmentReasons)[number];

/**
 * Entries the ledger writes itself, never accepted from a caller: `initial` records the stock an
 * item already had at its first adjustment, `reconciliation` a change made outside the ledger
 * (a product or variant write that set the stock) found at the next adjustment. With them, one
 * item's entries always sum to the level its last entry recorded.
 */
export const ledgerReasons = ['initial', 'reconciliation'] as const;
export const allReasons = [...adjustmentReasons, ...ledgerReasons] as const;
export type LedgerReason = (typeof allReasons)[number];

export const inventoryLimits = {
  /** The most one adjustment may move a level, and the highest level `set` may ask for. */
  maxQuantity: 1_000_000,
  maxBatch: 100,
  maxReference: 255,
  maxNote: 1000,
  defaultPageSize: 20,
  maxPageSize: 100,
} as const;

/** A change to one level: by so many units, or to a counted quantity (turned into a delta under the row's lock). */
export type LevelChange = { kind: 'delta'; delta: number } | { kind: 'set'; quantity: number };

export interface AdjustmentInput {
  /** The product's integer id or uuid. */
  product: string;
  /** The variant's integer id or uuid; absent for a product sold as itself. */
  variant: string | null;
  change: LevelChange;
  reason: AdjustmentReason;
  reference: string | null;
  note: string | null;
}

const { maxQuantity } = inventoryLimits;

const recordRef = z.union([z.int().min(1), z.string().min(1).max(64)], { error: 'must be an integer id or a uuid' }).transform((value) => String(value));

function optionalText(max: number) {
  return z
    .string({ error: 'must be text' })
    .max(max, { error: `must be at most ${max} characters` })
    .refine(hasNoNul, { error: 'must not contain NUL characters' })
    .nullish()
    .transform((value) => (value ? value : null));
}

/** One adjustment as both faces send it; the wire names are the domain's. */
export const adjustmentInputSchema = z
  .strictObject({
    product: recordRef.meta({ description: 'The integer id or the uuid of a product of this store.' }),
    variant: recordRef.nullish().meta({ description: 'The integer id or uuid of one of its variants; required when the product sells through variants.' }),
    delta: z
      .int({ error: 'must be a whole number' })
      .min(-maxQuantity, { error: `must be at least -${maxQuantity}` })
      .max(maxQuantity, { error: `must be at most ${maxQuantity}` })
      .refine((v) => v !== 0, { error: 'must not be 0' })
      .optional()
      .meta({ description: 'Units to add (positive) or remove (negative). Send delta or set, not both.' }),
    set: z
      .int({ error: 'must be a whole number' })
      .min(0, { error: 'must be at least 0' })
      .max(maxQuantity, { error: `must be at most ${maxQuantity}` })
      .optional()
      .meta({ description: 'The counted quantity the level becomes; the ledger records the difference as the delta.' }),
    reason: z.enum(adjustmentReasons, { error: `must be one of: ${adjustmentReasons.join(', ')}` }),
    reference: optionalText(inventoryLimits.maxReference).meta({ description: 'Your own reference, such as a purchase order or a count sheet.' }),
    note: optionalText(inventoryLimits.maxNote),
  })
  .superRefine((item, issues) => {
    if (item.delta === undefined && item.set === undefined) issues.addIssue({ code: 'custom', path: ['delta'], message: 'send delta or set' });
    if (item.delta !== undefined && item.set !== undefined) issues.addIssue({ code: 'custom', path: ['set'], message: 'send delta or set, not both' });
  })
  .transform((item): AdjustmentInput => ({
    product: item.product,
    variant: item.variant ?? null,
    change: item.set !== undefined ? { kind: 'set', quantity: item.set } : { kind: 'delta', delta: item.delta! },
    reason: item.reason,
    reference: item.reference,
    note: item.note,
  }))
  .meta({ id: 'InventoryAdjustmentInput' });

/** A batch, applied all or nothing. */
export const adjustmentBatchSchema = z.strictObject({
  items: z
    .array(adjustmentInputSchema, { error: 'must be a list of adjustments' })
    .min(1, { error: 'must hold at least 1 adjustment' })
    .max(inventoryLimits.maxBatch, { error: `must hold at most ${inventoryLimits.maxBatch} adjustments` }),
});
