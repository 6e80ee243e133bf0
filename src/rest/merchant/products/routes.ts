import { scope } from '../../../auth/requirements.js';
import { productDocument } from '../../../domain/catalog/document.js';
import { merchantProductView, merchantProductViews } from '../../../domain/catalog/product-pages.js';
import { list, single } from '../../kit/envelope.js';
import { defineRoute } from '../../kit/route.js';
import { merchantProductAnswer, merchantProductListAnswer, merchantProductListQuery, productIdParams } from './schemas.js';

export const productRoutes = [
  defineRoute({
    method: 'GET',
    url: '/products',
    operationId: 'listMerchantProducts',
    tag: 'Products',
    summary: "The store's products, or with updated_after the polling feed of changed products",
    auth: scope('merchant-items-read'),
    query: merchantProductListQuery,
    answer: merchantProductListAnswer,
    wireNames: { size: 'limit' },
    handle: async (ctx, { query }) => {
      const page = await merchantProductViews(ctx, query);
      return {
        body: list(
          'Products',
          page.views.map((v) => productDocument(v, ctx.store)),
          page,
        ),
      };
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/products/:product',
    operationId: 'getMerchantProduct',
    tag: 'Products',
    summary: 'A product by integer id or uuid',
    auth: scope('merchant-items-detail'),
    params: productIdParams,
    answer: merchantProductAnswer,
    handle: async (ctx, { params }) => ({ body: single('Product', productDocument(await merchantProductView(ctx, params.product), ctx.store)) }),
  }),
];
