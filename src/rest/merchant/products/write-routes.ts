import { scope } from '../../../auth/requirements.js';
import { productDocument } from '../../../domain/catalog/document.js';
import { merchantProductView } from '../../../domain/catalog/product-pages.js';
import { createProduct } from '../../../domain/catalog/writes/create-product.js';
import { deleteProduct } from '../../../domain/catalog/writes/delete-product.js';
import { publishProducts } from '../../../domain/catalog/writes/publish-products.js';
import { updateProduct } from '../../../domain/catalog/writes/update-product.js';
import type { Ctx } from '../../../domain/context.js';
import { single } from '../../kit/envelope.js';
import { defineRoute } from '../../kit/route.js';
import { MERCHANT_PREFIX } from '../paths.js';
import { presentDeletedProduct, presentPublished } from './presenters.js';
import { merchantProductAnswer, productIdParams } from './schemas.js';
import { productCreateBody, productDeleteAnswer, productUpdateBody, publishAnswer, publishBody } from './write-schemas.js';

/** The product object as GET /products/{product} answers it, read after the write committed. */
async function productObject(ctx: Ctx, pId: number) {
  return productDocument(await merchantProductView(ctx, String(pId)), ctx.store);
}

export const productWriteRoutes = [
  defineRoute({
    method: 'POST',
    url: '/products',
    operationId: 'createMerchantProduct',
    tag: 'Products',
    summary: 'Create a product with its options and variants; answers the product object',
    auth: scope('merchant-items-create'),
    body: productCreateBody,
    uploads: true,
    answer: merchantProductAnswer,
    status: 201,
    handle: async (ctx, { body }) => {
      const product = await createProduct(ctx, body);
      return {
        body: single('Product created', await productObject(ctx, product.pId)),
        headers: { location: `${MERCHANT_PREFIX}/products/${product.pId}` },
      };
    },
  }),
  defineRoute({
    method: 'PUT',
    url: '/products/:product',
    operationId: 'updateMerchantProduct',
    tag: 'Products',
    summary: "Change a product's own fields (a patch) and its option list",
    auth: scope('merchant-items-update'),
    params: productIdParams,
    body: productUpdateBody,
    answer: merchantProductAnswer,
    handle: async (ctx, { params, body }) => {
      const product = await updateProduct(ctx, params.product, body);
      return { body: single('Product updated', await productObject(ctx, product.pId)) };
    },
  }),
  defineRoute({
    method: 'DELETE',
    url: '/products/:product',
    operationId: 'deleteMerchantProduct',
    tag: 'Products',
    summary: 'Delete a product (soft: its ids and slug stay reserved)',
    auth: scope('merchant-items-delete'),
    params: productIdParams,
    answer: productDeleteAnswer,
    handle: async (ctx, { params }) => ({ body: single('Product deleted', presentDeletedProduct(await deleteProduct(ctx, params.product))) }),
  }),
  defineRoute({
    method: 'POST',
    url: '/products/publish',
    operationId: 'publishMerchantProducts',
    tag: 'Products',
    summary: 'Publish or unpublish up to 100 products, all or nothing',
    auth: scope('merchant-items-update'),
    body: publishBody,
    answer: publishAnswer,
    handle: async (ctx, { body }) => {
      const products = await publishProducts(ctx, body);
      return { body: single(body.published ? 'Products published' : 'Products unpublished', presentPublished(body.published, products)) };
    },
  }),
];
