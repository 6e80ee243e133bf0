import type { MerchantProductListInput } from '../../domain/catalog/list-merchant-products.js';
import { merchantProductView, merchantProductViews } from '../../domain/catalog/product-pages.js';
import { getStoreProfile } from '../../domain/store/store-profile.js';
import type { RestRoute } from '../../http/rest-surface.js';
import { list, single } from '../presenters/envelope.js';
import { presentMerchantProduct, presentStoreProfile } from './present-merchant.js';

/** The Merchant API (`/api/v1/merchant`) operations this release serves, each behind its scope from the spec's table. */
export const merchantRoutes: RestRoute[] = [
  {
    method: 'GET',
    url: '/store',
    scope: 'merchant-business_profile-read',
    handle: async (ctx) => {
      const { store, locales } = await getStoreProfile(ctx);
      return { body: single('Store profile', presentStoreProfile(store, locales)) };
    },
  },
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
