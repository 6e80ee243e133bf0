import { findMerchantProduct } from '../../domain/catalog/find-product.js';
import { listMerchantProducts, type MerchantProductListInput } from '../../domain/catalog/list-merchant-products.js';
import { loadProductViews } from '../../domain/catalog/product-view.js';
import type { RestRoute } from '../../http/rest-surface.js';
import { list, single } from '../presenters/envelope.js';
import { presentMerchantProduct, presentStoreProfile } from './present-merchant.js';

/** The Merchant API (`/api/v1/merchant`) operations this release serves, each behind its scope from the spec's table. */
export const merchantRoutes: RestRoute[] = [
  {
    method: 'GET',
    url: '/store',
    scope: 'merchant-business_profile-read',
    handle: async (ctx) => ({ body: single('Store profile', presentStoreProfile(ctx.store, await ctx.loaders.storeLocales())) }),
  },
  {
    method: 'GET',
    url: '/products',
    scope: 'merchant-items-read',
    handle: async (ctx, { query }) => {
      const page = await listMerchantProducts(ctx, query as MerchantProductListInput);
      const views = await loadProductViews(ctx, page.rows, null);
      return {
        body: list(
          'Products',
          views.map((v) => presentMerchantProduct(v, ctx.store)),
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
      const [view] = await loadProductViews(ctx, [await findMerchantProduct(ctx, params.product!)], null);
      return { body: single('Product', presentMerchantProduct(view!, ctx.store)) };
    },
  },
];
