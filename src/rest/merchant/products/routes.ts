import type { MerchantProductListInput } from '../../../domain/catalog/list-merchant-products.js';
import { merchantProductView, merchantProductViews } from '../../../domain/catalog/product-pages.js';
import { list, single } from '../../kit/envelope.js';
import type { RestRoute } from '../../kit/surface.js';
import { presentMerchantProduct } from './presenters.js';

export const productRoutes: RestRoute[] = [
  {
    method: 'GET',
    url: '/products',
    scope: 'merchant-items-read',
    handle: async (ctx, { query }) => {
      const page = await merchantProductViews(ctx, query as MerchantProductListInput);
      return {
        body: list(
          'Products',
          page.views.map((v) => presentMerchantProduct(v, ctx.store)),
          { hasMore: page.hasNextPage, nextCursor: page.nextCursor },
        ),
      };
    },
  },
  {
    method: 'GET',
    url: '/products/:product',
    scope: 'merchant-items-detail',
    handle: async (ctx, { params }) => {
      return { body: single('Product', presentMerchantProduct(await merchantProductView(ctx, params.product!), ctx.store)) };
    },
  },
];
