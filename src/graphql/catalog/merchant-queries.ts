import type { Product } from '../../generated/prisma/client.js';
import { findMerchantProduct } from '../../domain/catalog/find-product.js';
import { listMerchantProducts } from '../../domain/catalog/list-merchant-products.js';
import { merchantSortFields } from '../../domain/catalog/product-sorts.js';
import { stockAndPrice } from '../../domain/catalog/stock-and-price.js';
import { builder, merchantScope } from '../builder.js';
import { Merchant } from '../merchant/namespace.js';
import { connectionOf, windowOf } from '../shared/connection.js';
import { Money } from '../shared/money.js';
import { money, ProductImage, Variant } from './product-types.js';

const MerchantProduct = builder.prismaObject('Product', {
  variant: 'MerchantProduct',
  description: "A product as the store's own systems see it: every status, its own price as entered, stock and metadata.",
  fields: (t) => ({
    id: t.expose('id', { type: 'UUID' }),
    pId: t.exposeInt('pId', { description: 'The integer id of the REST merchant API.' }),
    slug: t.exposeString('slug'),
    title: t.exposeString('title'),
    excerpt: t.exposeString('excerpt', { nullable: true }),
    description: t.exposeString('description', { nullable: true }),
    status: t.exposeString('status'),
    published: t.exposeBoolean('published'),
    price: t.field({ type: Money, resolve: (p, _a, c) => money(p.price, c) }),
    storefrontPrice: t.field({
      type: Money,
      resolve: async (p, _a, c) => money(stockAndPrice(p, await c.ctx.loaders.variantsByProduct.load(p.id)).price, c),
    }),
    sku: t.exposeString('sku', { nullable: true }),
    barcode: t.exposeString('barcode', { nullable: true }),
    stock: t.exposeInt('stock'),
    trackInventory: t.exposeBoolean('trackInventory'),
    isDigital: t.exposeBoolean('isDigital'),
    metafields: t.expose('metafields', { type: 'JSONObject' }),
    metadata: t.expose('metadata', { type: 'JSONObject' }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
    variants: t.field({ type: [Variant], description: 'Every variant, active or not.', resolve: (p, _a, { ctx }) => ctx.loaders.variantsByProduct.load(p.id) }),
    images: t.field({ type: [ProductImage], resolve: (p, _a, { ctx }) => ctx.loaders.imagesByProduct.load(p.id) }),
  }),
});

const MerchantSortField = builder.enumType('MerchantProductSortField', {
  values: Object.fromEntries(merchantSortFields.map((name) => [name.toUpperCase(), { value: name }])) as Record<
    string,
    { value: (typeof merchantSortFields)[number] }
  >,
});

const SortOrder = builder.enumType('SortOrder', { values: { ASC: { value: 'asc' as const }, DESC: { value: 'desc' as const } } });
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
      const window = windowOf(args, 100);
      return connectionOf<Product>(
        await listMerchantProducts(
          ctx,
          {
            ...window.page,
            sort_by: args.sortBy ?? undefined,
            sort_order: args.sortOrder ?? undefined,
            stock_status: args.filter?.stockStatus ?? undefined,
            category_id: args.filter?.categoryId ?? undefined,
            published: args.filter?.published ?? undefined,
            track_inventory: args.filter?.trackInventory ?? undefined,
            updated_after: args.updatedAfter?.toISOString(),
          },
          window.walk,
        ),
      );
    },
  }),
  product: t.field({
    type: MerchantProduct,
    ...merchantScope('merchant-items-detail'),
    args: { id: t.arg.string({ required: true, description: 'Integer id or uuid.' }) },
    resolve: (_m, args, { ctx }) => findMerchantProduct(ctx, args.id),
  }),
}));
