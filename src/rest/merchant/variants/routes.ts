import { scope } from '../../../auth/requirements.js';
import { variantDocument } from '../../../domain/catalog/document.js';
import { findMerchantProduct } from '../../../domain/catalog/find-product.js';
import { listVariants } from '../../../domain/catalog/list-variants.js';
import { createVariant, deleteVariant, updateVariant } from '../../../domain/catalog/writes/variant-writes.js';
import type { Ctx } from '../../../domain/context.js';
import type { Variant } from '../../../generated/prisma/client.js';
import { list, single } from '../../kit/envelope.js';
import { defineRoute } from '../../kit/route.js';
import { MERCHANT_PREFIX } from '../paths.js';
import { presentDeletedVariant } from './presenters.js';
import {
  productParams,
  variantAnswer,
  variantCreateBody,
  variantUpdateBody,
  variantDeleteAnswer,
  variantListAnswer,
  variantListQuery,
  variantParams,
} from './schemas.js';

/** A variant as its product shows it; the product (not deleted by then) gives its storefront address. */
async function variantObject(ctx: Ctx, variant: Variant) {
  const product = await findMerchantProduct(ctx, variant.productId);
  return variantDocument(variant, ctx.store, product.slug);
}

export const variantRoutes = [
  defineRoute({
    method: 'GET',
    url: '/products/:product/variants',
    operationId: 'listMerchantVariants',
    tag: 'Variants',
    summary: "A product's variants, active or not, by position",
    auth: scope('merchant-items-detail'),
    params: productParams,
    query: variantListQuery,
    answer: variantListAnswer,
    wireNames: { size: 'limit' },
    handle: async (ctx, { params, query }) => {
      const product = await findMerchantProduct(ctx, params.product);
      const page = await listVariants(ctx, product, query);
      return {
        body: list(
          'Variants',
          page.rows.map((v) => variantDocument(v, ctx.store, product.slug)),
          page,
        ),
      };
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/products/:product/variants',
    operationId: 'createMerchantVariant',
    tag: 'Variants',
    summary: 'Add a variant to a product',
    auth: scope('merchant-items-update'),
    params: productParams,
    body: variantCreateBody,
    answer: variantAnswer,
    status: 201,
    handle: async (ctx, { params, body }) => {
      const variant = await createVariant(ctx, params.product, body);
      const product = await findMerchantProduct(ctx, variant.productId);
      return {
        body: single('Variant created', variantDocument(variant, ctx.store, product.slug)),
        headers: { location: `${MERCHANT_PREFIX}/products/${product.pId}/variants/${variant.pId}` },
      };
    },
  }),
  defineRoute({
    method: 'PATCH',
    url: '/products/:product/variants/:variant',
    operationId: 'updateMerchantVariant',
    tag: 'Variants',
    summary: 'Change the fields sent of a variant',
    auth: scope('merchant-items-update'),
    params: variantParams,
    body: variantUpdateBody,
    answer: variantAnswer,
    handle: async (ctx, { params, body }) => ({
      body: single('Variant updated', await variantObject(ctx, await updateVariant(ctx, params.product, params.variant, body))),
    }),
  }),
  defineRoute({
    method: 'DELETE',
    url: '/products/:product/variants/:variant',
    operationId: 'deleteMerchantVariant',
    tag: 'Variants',
    summary: 'Delete a variant',
    auth: scope('merchant-items-update'),
    params: variantParams,
    answer: variantDeleteAnswer,
    handle: async (ctx, { params }) => {
      const variant = await deleteVariant(ctx, params.product, params.variant);
      return { body: single('Variant deleted', presentDeletedVariant(variant)) };
    },
  }),
];
