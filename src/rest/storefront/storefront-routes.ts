import { getCatalogProduct } from '../../domain/catalog/get-catalog-product.js';
import type { CatalogListInput } from '../../domain/catalog/list-catalog-products.js';
import { catalogProductViews } from '../../domain/catalog/product-pages.js';
import { publishedLocales } from '../../domain/locale/resolve-locale.js';
import type { RestRoute } from '../../http/rest-surface.js';
import { list, presentPagination, single } from '../presenters/envelope.js';
import { presentProductCard, presentProductDetail } from './present-product.js';
import { presentLocale, presentStoreInfo } from './present-store.js';

/** The Storefront API (`/v1`) operations this release serves; any other path answers route_not_available. */
export const storefrontRoutes: RestRoute[] = [
  {
    method: 'GET',
    url: '/store/info',
    handle: async (ctx) => ({ body: single('Store information', presentStoreInfo(ctx.store, ctx.now)) }),
  },
  {
    method: 'GET',
    url: '/store/locales',
    handle: async (ctx) => ({ body: single('Store locales', (await publishedLocales(ctx)).map(presentLocale)) }),
  },
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
