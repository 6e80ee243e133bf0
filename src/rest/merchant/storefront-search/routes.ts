import { scope } from '../../../auth/requirements.js';
import { storefrontSearchViews } from '../../../domain/catalog/product-pages.js';
import { defineRoute } from '../../kit/route.js';
import { productCardList } from '../../storefront/products/presenters.js';
import { storefrontSearchAnswer, storefrontSearchQuery } from './schemas.js';

export const storefrontSearchRoutes = [
  defineRoute({
    method: 'GET',
    url: '/storefront/search',
    operationId: 'searchStorefront',
    tag: 'Products',
    summary: 'Search the storefront as a shopper sees it',
    description:
      "Shopper-visible products (published, active, not deleted) as storefront product cards: the same objects GET /v1/store/products answers, with the shopper's prices, in the store's primary language.",
    auth: scope('merchant-items-read'),
    query: storefrontSearchQuery,
    answer: storefrontSearchAnswer,
    wireNames: { size: 'limit' },
    handle: async (ctx, { query }) => {
      const page = await storefrontSearchViews(ctx, query);
      return {
        contentLanguage: page.locale.code,
        body: productCardList(ctx, 'Products', page.views, page),
      };
    },
  }),
];
