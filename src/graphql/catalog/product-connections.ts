import { sellableVariants } from '../../domain/pricing/product-pricing.js';
import { builder } from '../builder.js';
import { arrayConnection } from '../shared/offset-connection.js';
import { MerchantProduct } from './merchant-product-type.js';
import { ProductImage, ProductRef, Variant } from './product-types.js';

// A product's images and variants as connections (the lists stay for the callers that read them
// whole). Both are read in full by the request's loaders, so totalCount costs nothing and every
// walk works: first/after and last/before, over position cursors.

const pageSize = { max: 100, fallback: 20 } as const;
const totalCount = { description: 'Every item of the list, whatever the window.' } as const;
/** arrayConnection sets it on every connection it answers. */
const totalOf = (connection: object) => (connection as { totalCount?: number }).totalCount ?? 0;

const ProductImageConnection = builder.connectionObject({
  type: ProductImage,
  name: 'ProductImageConnection',
  fields: (t) => ({ totalCount: t.int({ ...totalCount, resolve: totalOf }) }),
});

const VariantConnection = builder.connectionObject({
  type: Variant,
  name: 'VariantConnection',
  fields: (t) => ({ totalCount: t.int({ ...totalCount, resolve: totalOf }) }),
});

builder.objectFields(ProductRef, (t) => ({
  imagesConnection: t.connection(
    {
      type: ProductImage,
      description: `The images, main first, as a connection (first or last up to ${pageSize.max}).`,
      resolve: async (p, args, { ctx }) => arrayConnection(await ctx.loaders.imagesByProduct.load(p.id), args, pageSize.max, pageSize.fallback),
    },
    ProductImageConnection,
  ),
  variantsConnection: t.connection(
    {
      type: Variant,
      description: `Variants a shopper can buy, as a connection (first or last up to ${pageSize.max}).`,
      resolve: async (p, args, { ctx }) =>
        arrayConnection(sellableVariants(await ctx.loaders.variantsByProduct.load(p.id)), args, pageSize.max, pageSize.fallback),
    },
    VariantConnection,
  ),
}));

builder.objectFields(MerchantProduct, (t) => ({
  imagesConnection: t.connection(
    {
      type: ProductImage,
      description: `The images, main first, as a connection (first or last up to ${pageSize.max}).`,
      resolve: async (p, args, { ctx }) => arrayConnection(await ctx.loaders.imagesByProduct.load(p.id), args, pageSize.max, pageSize.fallback),
    },
    ProductImageConnection,
  ),
  variantsConnection: t.connection(
    {
      type: Variant,
      description: `Every variant, active or not, as a connection (first or last up to ${pageSize.max}).`,
      resolve: async (p, args, { ctx }) => arrayConnection(await ctx.loaders.variantsByProduct.load(p.id), args, pageSize.max, pageSize.fallback),
    },
    VariantConnection,
  ),
}));
