import type { Product, Variant as VariantRow } from '../../generated/prisma/client.js';
import { findMerchantProduct } from '../../domain/catalog/find-product.js';
import { variantCreateInput, variantUpdateInput } from '../../domain/catalog/writes/product-fields.js';
import { createVariant, deleteVariant, updateVariant } from '../../domain/catalog/writes/variant-writes.js';
import type { Ctx } from '../../domain/context.js';
import { parseInput } from '../../platform/validation/parse-input.js';
import { builder, merchantScope } from '../builder.js';
import { asMutationPayload, UserError, type UserErrorShape } from '../shared/user-errors.js';
import { MerchantProduct } from './merchant-product-type.js';
import { forgetProduct, inputField } from './mutation-support.js';
import { Variant } from './product-types.js';
import { VariantCreateInput, VariantUpdateInput } from './product-write-inputs.js';

interface VariantPayloadShape {
  variant: VariantRow | null;
  product: Product | null;
  userErrors: UserErrorShape[];
}

const VariantPayload = (name: string) =>
  builder.objectRef<VariantPayloadShape>(name).implement({
    fields: (t) => ({
      variant: t.field({ type: Variant, nullable: true, resolve: (p) => p.variant }),
      product: t.field({ type: MerchantProduct, nullable: true, description: 'The product as the write left it.', resolve: (p) => p.product }),
      userErrors: t.field({ type: [UserError], resolve: (p) => p.userErrors }),
    }),
  });

const VariantCreatePayload = VariantPayload('VariantCreatePayload');
const VariantUpdatePayload = VariantPayload('VariantUpdatePayload');

const VariantDeletePayload = builder.objectRef<{ variant: VariantRow | null; userErrors: UserErrorShape[] }>('VariantDeletePayload').implement({
  fields: (t) => ({
    deletedVariantId: t.field({ type: 'UUID', nullable: true, resolve: (p) => p.variant?.id ?? null }),
    deletedVariantPId: t.int({ nullable: true, resolve: (p) => p.variant?.pId ?? null }),
    userErrors: t.field({ type: [UserError], resolve: (p) => p.userErrors }),
  }),
});

/** The payload of a variant write: the variant and its product as committed. */
async function payloadOf(ctx: Ctx, write: () => Promise<VariantRow>): Promise<VariantPayloadShape> {
  const { result, userErrors } = await asMutationPayload(async () => {
    const variant = await write();
    forgetProduct(ctx, variant.productId);
    return { variant, product: await findMerchantProduct(ctx, variant.productId) };
  }, inputField);
  return { variant: result?.variant ?? null, product: result?.product ?? null, userErrors };
}

const productIdArg = { required: true, description: 'The integer id or the uuid of a product of this store.' } as const;
const variantIdArg = { required: true, description: 'The integer id or the uuid of a variant of that product.' } as const;

builder.mutationFields((t) => ({
  variantCreate: t.field({
    type: VariantCreatePayload,
    ...merchantScope('merchant-items-update'),
    description: 'POST /products/{product}/variants.',
    args: { productId: t.arg.string(productIdArg), input: t.arg({ type: VariantCreateInput, required: true }) },
    resolve: (_root, args, { ctx }) => payloadOf(ctx, () => createVariant(ctx, args.productId, parseInput(variantCreateInput, args.input))),
  }),
  variantUpdate: t.field({
    type: VariantUpdatePayload,
    ...merchantScope('merchant-items-update'),
    description: 'PATCH /products/{product}/variants/{variant}: the fields sent change.',
    args: { productId: t.arg.string(productIdArg), variantId: t.arg.string(variantIdArg), input: t.arg({ type: VariantUpdateInput, required: true }) },
    resolve: (_root, args, { ctx }) => payloadOf(ctx, () => updateVariant(ctx, args.productId, args.variantId, parseInput(variantUpdateInput, args.input))),
  }),
  variantDelete: t.field({
    type: VariantDeletePayload,
    ...merchantScope('merchant-items-update'),
    description: 'DELETE /products/{product}/variants/{variant}.',
    args: { productId: t.arg.string(productIdArg), variantId: t.arg.string(variantIdArg) },
    resolve: async (_root, args, { ctx }) => {
      const { result, userErrors } = await asMutationPayload(async () => {
        const variant = await deleteVariant(ctx, args.productId, args.variantId);
        forgetProduct(ctx, variant.productId);
        return variant;
      }, inputField);
      return { variant: result, userErrors };
    },
  }),
}));
