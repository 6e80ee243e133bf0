import { allReasons, inventoryLimits } from '../../domain/inventory/adjustment-input.js';
import { listAdjustments, productHistory } from '../../domain/inventory/list-adjustments.js';
import { listInventory, type InventorySummary as InventorySummaryShape } from '../../domain/inventory/list-inventory.js';
import { ApiError } from '../../platform/errors/api-error.js';
import { builder, merchantScope } from '../builder.js';
import { Merchant } from '../merchant/namespace.js';
import { connectionOf, windowOf } from '../shared/connection.js';
import { InventoryAdjustment, LedgerReason } from './types.js';

// The merchant's stock reads beside the levels: GET /inventory, GET /inventory/adjustments and
// GET /inventory/products/{product}/history, over the same domain functions.

const InventorySummary = builder.objectRef<InventorySummaryShape>('InventorySummary').implement({
  description: "One product's stock at a glance (REST GET /inventory).",
  fields: (t) => ({
    productId: t.field({ type: 'UUID', resolve: (s) => s.product.id }),
    productPId: t.int({ resolve: (s) => s.product.pId }),
    title: t.string({ resolve: (s) => s.product.title }),
    sku: t.string({ nullable: true, resolve: (s) => s.product.sku }),
    tracked: t.exposeBoolean('tracked', { description: 'Whether any line a shopper can buy counts its stock.' }),
    available: t.exposeInt('available', { description: "The product's stock: the sum over its active tracked variants, or its own level while sold as itself." }),
    inStock: t.exposeBoolean('inStock'),
    hasVariants: t.exposeBoolean('hasVariants'),
    variantCount: t.exposeInt('variantCount', { description: 'Active variants.' }),
    updatedAt: t.field({ type: 'DateTime', resolve: (s) => s.product.updatedAt }),
  }),
});

const InventoryFilter = builder.inputType('InventoryFilter', {
  fields: (t) => ({
    inStock: t.boolean({ required: false }),
    lowStockBelow: t.int({ required: false, description: 'Products that count stock and have fewer units than this.' }),
  }),
});

const AdjustmentFilter = builder.inputType('InventoryAdjustmentFilter', {
  fields: (t) => ({
    product: t.string({ required: false, description: 'A product of this store: its global id, integer id or uuid.' }),
    variant: t.string({ required: false, description: 'A variant of this store: its global id, integer id or uuid.' }),
    reason: t.field({ type: LedgerReason, required: false }),
    createdAfter: t.field({ type: 'DateTime', required: false, description: 'Entries written strictly after this time.' }),
  }),
});

const forwardsOnly = (args: { last?: number | null; before?: string | null }) => {
  if (args.last != null || args.before != null)
    throw ApiError.invalidField(args.last != null ? 'last' : 'before', 'is not supported: this list walks forwards with first and after');
};

const windowFor = (args: Parameters<typeof windowOf>[0]) => {
  forwardsOnly(args);
  return windowOf(args, inventoryLimits.maxPageSize, inventoryLimits.defaultPageSize);
};

builder.objectFields(Merchant, (t) => ({
  inventory: t.connection({
    type: InventorySummary,
    ...merchantScope('merchant-inventory-read'),
    description: "Each product's stock at a glance, by product id, as GET /inventory; walks forwards only (first and after).",
    args: { filter: t.arg({ type: InventoryFilter, required: false }) },
    resolve: async (_m, args, { ctx }) => {
      const window = windowFor(args);
      const lowStockBelow = args.filter?.lowStockBelow ?? undefined;
      if (lowStockBelow !== undefined && (lowStockBelow < 1 || lowStockBelow > inventoryLimits.maxQuantity))
        throw ApiError.invalidField('filter.lowStockBelow', `must be between 1 and ${inventoryLimits.maxQuantity}`);
      return connectionOf(await listInventory(ctx, { window, filter: { inStock: args.filter?.inStock ?? undefined, lowStockBelow } }));
    },
  }),
  inventoryAdjustments: t.connection({
    type: InventoryAdjustment,
    ...merchantScope('merchant-stock_adjustments-read'),
    description: "The store's inventory ledger, newest first, as GET /inventory/adjustments; walks forwards only (first and after).",
    args: { filter: t.arg({ type: AdjustmentFilter, required: false }) },
    resolve: async (_m, args, { ctx }) => {
      const window = windowFor(args);
      const { filter } = args;
      const page = await listAdjustments(ctx, {
        window,
        filter: {
          product: filter?.product ?? undefined,
          variant: filter?.variant ?? undefined,
          reason: (filter?.reason as (typeof allReasons)[number] | null | undefined) ?? undefined,
          createdAfter: filter?.createdAfter ?? undefined,
        },
      });
      return connectionOf(page);
    },
  }),
  inventoryHistory: t.connection({
    type: InventoryAdjustment,
    ...merchantScope('merchant-inventory-detail'),
    description:
      "A product's inventory ledger, oldest first, as GET /inventory/products/{product}/history: each item's entries add up to its level. Walks forwards only.",
    args: {
      product: t.arg.string({ required: true, description: 'A product of this store: its global id, integer id or uuid.' }),
      variant: t.arg.string({ required: false, description: "One of the product's variants (global id, integer id or uuid): that item's entries only." }),
    },
    resolve: async (_m, args, { ctx }) => {
      const window = windowFor(args);
      const page = await productHistory(ctx, {
        product: args.product,
        variant: args.variant ?? undefined,
        window,
      });
      return connectionOf(page);
    },
  }),
}));
