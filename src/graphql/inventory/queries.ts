import { inventoryLimits } from '../../domain/inventory/adjustment-input.js';
import { listLevels } from '../../domain/inventory/list-levels.js';
import { ApiError } from '../../platform/errors/api-error.js';
import { builder, merchantScope } from '../builder.js';
import { Merchant } from '../merchant/namespace.js';
import { connectionOf, windowOf } from '../shared/connection.js';
import { InventoryLevel } from './types.js';

builder.objectFields(Merchant, (t) => ({
  inventoryLevels: t.connection({
    type: InventoryLevel,
    ...merchantScope('merchant-inventory-read'),
    description: 'Stock levels by product id then variant id, as GET /inventory/levels; walks forwards only (first and after).',
    args: {
      product: t.arg.string({ description: 'Integer id or uuid of a product.' }),
      variant: t.arg.string({ description: 'Integer id or uuid of a variant.' }),
      sku: t.arg.string({ description: "The item's own SKU, exactly." }),
    },
    resolve: async (_m, args, { ctx }) => {
      if (args.last != null || args.before != null)
        throw ApiError.invalidField(args.last != null ? 'last' : 'before', 'is not supported: this list walks forwards with first and after');
      const window = windowOf(args, inventoryLimits.maxPageSize, inventoryLimits.defaultPageSize);
      const page = await listLevels(ctx, {
        window,
        filter: { product: args.product ?? undefined, variant: args.variant ?? undefined, sku: args.sku ?? undefined },
      });
      return connectionOf(page);
    },
  }),
}));
