import type { Product } from '../../generated/prisma/client.js';
import { findMerchantProduct } from '../../domain/catalog/find-product.js';
import { listMerchantProducts, merchantListLimits } from '../../domain/catalog/list-merchant-products.js';
import { ApiError } from '../../platform/errors/api-error.js';
import { merchantSortFields } from '../../domain/catalog/product-sorts.js';
import { builder, merchantScope } from '../builder.js';
import { Merchant } from '../merchant/namespace.js';
import { connectionOf, windowOf } from '../shared/connection.js';
import { MerchantProduct } from './merchant-product-type.js';

const MerchantSortField = builder.enumType('MerchantProductSortField', {
  values: Object.fromEntries(merchantSortFields.map((name) => [name.toUpperCase(), { value: name }])) as Record<
    string,
    { value: (typeof merchantSortFields)[number] }
  >,
});

export const SortOrder = builder.enumType('SortOrder', { values: { ASC: { value: 'asc' as const }, DESC: { value: 'desc' as const } } });
const StockStatus = builder.enumType('StockStatus', { values: { IN_STOCK: { value: 'in_stock' as const }, OUT_OF_STOCK: { value: 'out_of_stock' as const } } });

const MerchantProductFilter = builder.inputType('MerchantProductFilter', {
  fields: (t) => ({
    stockStatus: t.field({ type: StockStatus, required: false }),
    categoryId: t.field({ type: 'UUID', required: false }),
    published: t.boolean({ required: false }),
    trackInventory: t.boolean({ required: false }),
  }),
});

builder.objectFields(Merchant, (t) => ({
  products: t.connection({
    type: MerchantProduct,
    ...merchantScope('merchant-items-read'),
    description: 'With updatedAfter: the polling feed, oldest change first, in a fixed order (sortBy and sortOrder are refused).',
    args: {
      filter: t.arg({ type: MerchantProductFilter, required: false }),
      sortBy: t.arg({ type: MerchantSortField, required: false }),
      sortOrder: t.arg({ type: SortOrder, required: false }),
      updatedAfter: t.arg({ type: 'DateTime', required: false }),
    },
    resolve: async (_m, args, { ctx }) => {
      const window = windowOf(args, merchantListLimits.maxPageSize, merchantListLimits.defaultPageSize);
      if (args.updatedAfter && (args.sortBy || args.sortOrder)) {
        throw ApiError.invalidField(
          args.sortBy ? 'sortBy' : 'sortOrder',
          'cannot be combined with updatedAfter: the change feed is ordered oldest change first.',
        );
      }
      const { filter } = args;
      const page = await listMerchantProducts(ctx, {
        window,
        order: args.updatedAfter
          ? { kind: 'changedSince', updatedAfter: args.updatedAfter }
          : { kind: 'sorted', by: args.sortBy ?? 'created_at', direction: args.sortOrder ?? 'desc' },
        filter: {
          categoryId: filter?.categoryId ?? undefined,
          published: filter?.published ?? undefined,
          trackInventory: filter?.trackInventory ?? undefined,
          stockStatus: filter?.stockStatus ?? undefined,
        },
      });
      return connectionOf<Product>(page);
    },
  }),
  product: t.field({
    type: MerchantProduct,
    ...merchantScope('merchant-items-detail'),
    args: { id: t.arg.string({ required: true, description: 'Integer id or uuid.' }) },
    resolve: (_m, args, { ctx }) => findMerchantProduct(ctx, args.id),
  }),
}));
