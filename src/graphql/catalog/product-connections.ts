import { sellableVariants } from '../../domain/pricing/product-pricing.js';
import type { Variant as VariantRow } from '../../generated/prisma/client.js';
import { builder } from '../builder.js';
import type { GraphqlContext } from '../graphql-context.js';
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

type Loaded = { id: string };
type Args = Parameters<typeof arrayConnection>[1];

const images = {
  type: ProductImage,
  description: `The images, main first, as a connection (first or last up to ${pageSize.max}).`,
  resolve: async (p: Loaded, args: Args, { ctx }: GraphqlContext) =>
    arrayConnection(await ctx.loaders.imagesByProduct.load(p.id), args, pageSize.max, pageSize.fallback),
};

/** The variants connection of a face: which of the product's variants it lists. */
const variants = (description: string, listed: (rows: VariantRow[]) => VariantRow[]) => ({
  type: Variant,
  description: `${description}, as a connection (first or last up to ${pageSize.max}).`,
  resolve: async (p: Loaded, args: Args, { ctx }: GraphqlContext) =>
    arrayConnection(listed(await ctx.loaders.variantsByProduct.load(p.id)), args, pageSize.max, pageSize.fallback),
});

builder.objectFields(ProductRef, (t) => ({
  imagesConnection: t.connection(images, ProductImageConnection),
  variantsConnection: t.connection(variants('Variants a shopper can buy', sellableVariants), VariantConnection),
}));

builder.objectFields(MerchantProduct, (t) => ({
  imagesConnection: t.connection(images, ProductImageConnection),
  variantsConnection: t.connection(variants('Every variant, active or not', (rows) => rows), VariantConnection),
}));
