import { scope } from '../../../auth/requirements.js';
import { storefrontSearchViews } from '../../../domain/catalog/product-pages.js';
import { defineRoute } from '../../kit/route.js';
import { list } from '../../kit/envelope.js';
import { presentSearchCard } from './presenters.js';
import { storefrontSearchAnswer, storefrontSearchQuery } from './schemas.js';

export const storefrontSearchRoutes = [
  defineRoute({
    method: 'GET',
    url: '/storefront/search',
    operationId: 'searchStorefront',
    tag: 'Products',
    summary: 'Search the storefront as a shopper sees it',
    description:
      "Shopper-visible products (published, active, not deleted) as storefront product cards: the objects GET /v1/store/products answers, with the shopper's prices, in the store's primary language. Every amount is a 2-decimal string, as everywhere on the merchant API.",
    auth: scope('merchant-items-read'),
    query: storefrontSearchQuery,
    answer: storefrontSearchAnswer,
    wireNames: { size: 'limit' },
    handle: async (ctx, { query }) => {
      const page = await storefrontSearchViews(ctx, query);
      return {
        contentLanguage: page.locale.code,
        body: list(
          'Products',
          page.views.map((v) => presentSearchCard(v, ctx.store, ctx.now)),
          page,
        ),
      };
    },
  }),
];
