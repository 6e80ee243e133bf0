import { adjustInventory, type AdjustmentRecord } from '../../domain/inventory/adjust-inventory.js';
import { adjustmentBatchSchema } from '../../domain/inventory/adjustment-input.js';
import type { StockLevel } from '../../domain/inventory/stock-levels.js';
import { parseInput } from '../../platform/validation/parse-input.js';
import { builder, merchantScope } from '../builder.js';
import { asMutationPayload, UserError, type UserErrorShape } from '../shared/user-errors.js';
import { AdjustReason, InventoryAdjustment, InventoryLevel } from './types.js';

const AdjustmentInput = builder.inputType('InventoryAdjustmentInput', {
  description: 'One adjustment, as POST /inventory/levels/adjustments takes it: delta or set, not both.',
  fields: (t) => ({
    product: t.string({ required: true, description: 'Integer id or uuid of a product of this store.' }),
    variant: t.string({ description: 'Integer id or uuid of one of its variants; required when the product sells through variants.' }),
    delta: t.int({ description: 'Units to add (positive) or remove (negative).' }),
    set: t.int({ description: 'The counted quantity the level becomes.' }),
    reason: t.field({ type: AdjustReason, required: true }),
    reference: t.string(),
    note: t.string(),
  }),
});

const AdjustInput = builder.inputType('InventoryAdjustInput', {
  description: 'One adjustment or a batch of up to 100, as POST /inventory/adjustments takes them: all are applied or none.',
  fields: (t) => ({ items: t.field({ type: [AdjustmentInput], required: true }) }),
});

interface AdjustPayloadShape {
  adjustments: AdjustmentRecord[];
  levels: StockLevel[];
  userErrors: UserErrorShape[];
}

const AdjustPayload = builder.objectRef<AdjustPayloadShape>('InventoryAdjustPayload').implement({
  fields: (t) => ({
    adjustments: t.expose('adjustments', { type: [InventoryAdjustment], description: 'In input order; empty when userErrors is not.' }),
    levels: t.expose('levels', { type: [InventoryLevel], description: 'Each item adjusted, once, as the batch left it.' }),
    userErrors: t.expose('userErrors', { type: [UserError] }),
  }),
});

builder.mutationField('inventoryAdjust', (t) =>
  t.field({
    type: AdjustPayload,
    ...merchantScope('merchant-inventory-update'),
    description: 'Adjusts stock levels by a delta or to a counted quantity, all or nothing, writing one ledger entry each.',
    args: { input: t.arg({ type: AdjustInput, required: true }) },
    resolve: async (_root, { input }, { ctx }): Promise<AdjustPayloadShape> => {
      // GraphQL sends an omitted optional field as null; the shared schema reads absent ones.
      const items = input.items.map((item) => ({ ...item, delta: item.delta ?? undefined, set: item.set ?? undefined }));
      const { result, userErrors } = await asMutationPayload(async () => {
        const parsed = parseInput(adjustmentBatchSchema, { items });
        return adjustInventory(ctx, parsed.items, (index, field) => `items.${index}.${field}`);
      });
      return { adjustments: result?.adjustments ?? [], levels: result?.levels ?? [], userErrors };
    },
  }),
);
