import { getCatalogProduct } from '../../../domain/catalog/get-catalog-product.js';
import type { CatalogListInput } from '../../../domain/catalog/list-catalog-products.js';
import { catalogProductViews } from '../../../domain/catalog/product-pages.js';
import { list, presentPagination, single } from '../../kit/envelope.js';
import type { RestRoute } from '../../kit/surface.js';
import { presentProductCard, presentProductDetail } from './presenters.js';

export const productRoutes: RestRoute[] = [
  {
    method: 'GET',
    url: '/store/products',
    handle: async (ctx, { query }) => {
      const page = await catalogProductViews(ctx, query as CatalogListInput);
      return {
        contentLanguage: page.locale.code,
        body: list(
          'Products',
          page.views.map((v) => presentProductCard(v, ctx.store, ctx.now)),
          { hasMore: page.hasNextPage, nextCursor: page.nextCursor },
          page.pagination ? { meta: { pagination: presentPagination(page.pagination) } } : {},
        ),
      };
    },
  },
  {
    method: 'GET',
    url: '/store/products/:slug',
    handle: async (ctx, { params, query }) => {
      const { view, locale } = await getCatalogProduct(ctx, { slug: params.slug, locale: query.locale as string | undefined });
      return { contentLanguage: locale.code, body: single('Product', presentProductDetail(view, ctx.store, ctx.now)) };
    },
  },
];
