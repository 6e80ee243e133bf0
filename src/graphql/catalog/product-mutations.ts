import type { Product } from '../../generated/prisma/client.js';
import { findMerchantProduct } from '../../domain/catalog/find-product.js';
import { createProduct } from '../../domain/catalog/writes/create-product.js';
import { deleteProduct } from '../../domain/catalog/writes/delete-product.js';
import { productCreateInput, productUpdateInput, publishInput } from '../../domain/catalog/writes/product-fields.js';
import { publishProducts } from '../../domain/catalog/writes/publish-products.js';
import { updateProduct } from '../../domain/catalog/writes/update-product.js';
import type { Ctx } from '../../domain/context.js';
import { parseInput } from '../../platform/validation/parse-input.js';
import { builder, merchantScope } from '../builder.js';
import { asMutationPayload, UserError, type UserErrorShape } from '../shared/user-errors.js';
import { MerchantProduct } from './merchant-product-type.js';
import { forgetProduct, inputField } from './mutation-support.js';
import { ProductCreateInput, ProductsPublishInput, ProductUpdateInput } from './product-write-inputs.js';

interface ProductPayloadShape {
  product: Product | null;
  userErrors: UserErrorShape[];
}

const ProductPayload = (name: string) =>
  builder.objectRef<ProductPayloadShape>(name).implement({
    fields: (t) => ({
      product: t.field({ type: MerchantProduct, nullable: true, resolve: (p) => p.product }),
      userErrors: t.field({ type: [UserError], resolve: (p) => p.userErrors }),
    }),
  });

const ProductCreatePayload = ProductPayload('ProductCreatePayload');
const ProductUpdatePayload = ProductPayload('ProductUpdatePayload');

const ProductDeletePayload = builder.objectRef<{ product: Product | null; userErrors: UserErrorShape[] }>('ProductDeletePayload').implement({
  fields: (t) => ({
    deletedProductId: t.field({ type: 'UUID', nullable: true, resolve: (p) => p.product?.id ?? null }),
    deletedProductPId: t.int({ nullable: true, resolve: (p) => p.product?.pId ?? null }),
    userErrors: t.field({ type: [UserError], resolve: (p) => p.userErrors }),
  }),
});

const ProductsPublishPayload = builder.objectRef<{ products: Product[] | null; userErrors: UserErrorShape[] }>('ProductsPublishPayload').implement({
  fields: (t) => ({
    products: t.field({
      type: [MerchantProduct],
      nullable: true,
      description: 'Every product named, once, in the order first named.',
      resolve: (p) => p.products,
    }),
    userErrors: t.field({ type: [UserError], resolve: (p) => p.userErrors }),
  }),
});

/** The product as committed, read afresh for the payload. */
async function written(ctx: Ctx, product: Product): Promise<Product> {
  forgetProduct(ctx, product.id);
  return findMerchantProduct(ctx, product.id);
}

const productIdArg = { required: true, description: 'The integer id or the uuid of a product of this store.' } as const;

builder.mutationFields((t) => ({
  productCreate: t.field({
    type: ProductCreatePayload,
    ...merchantScope('merchant-items-create'),
    description: 'POST /products: a product with its options and variants, all or nothing.',
    args: { input: t.arg({ type: ProductCreateInput, required: true }) },
    resolve: async (_root, args, { ctx }) => {
      const { result, userErrors } = await asMutationPayload(
        async () => written(ctx, await createProduct(ctx, parseInput(productCreateInput, args.input))),
        inputField,
      );
      return { product: result, userErrors };
    },
  }),
  productUpdate: t.field({
    type: ProductUpdatePayload,
    ...merchantScope('merchant-items-update'),
    description: "PUT /products/{product}: a patch of the product's own fields and its option list.",
    args: { id: t.arg.string(productIdArg), input: t.arg({ type: ProductUpdateInput, required: true }) },
    resolve: async (_root, args, { ctx }) => {
      const { result, userErrors } = await asMutationPayload(
        async () => written(ctx, await updateProduct(ctx, args.id, parseInput(productUpdateInput, args.input))),
        inputField,
      );
      return { product: result, userErrors };
    },
  }),
  productDelete: t.field({
    type: ProductDeletePayload,
    ...merchantScope('merchant-items-delete'),
    description: 'DELETE /products/{product}: a soft delete; the ids and the slug stay reserved.',
    args: { id: t.arg.string(productIdArg) },
    resolve: async (_root, args, { ctx }) => {
      const { result, userErrors } = await asMutationPayload(() => deleteProduct(ctx, args.id), inputField);
      return { product: result, userErrors };
    },
  }),
  productsPublish: t.field({
    type: ProductsPublishPayload,
    ...merchantScope('merchant-items-update'),
    description: 'POST /products/publish: publish or unpublish up to 100 products, all or nothing.',
    args: { input: t.arg({ type: ProductsPublishInput, required: true }) },
    resolve: async (_root, args, { ctx }) => {
      const { result, userErrors } = await asMutationPayload(async () => {
        const products = await publishProducts(ctx, parseInput(publishInput, args.input));
        for (const product of products) forgetProduct(ctx, product.id);
        return products;
      }, inputField);
      return { products: result, userErrors };
    },
  }),
}));
