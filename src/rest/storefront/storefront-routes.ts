import { getCatalogProduct } from '../../domain/catalog/get-catalog-product.js';
import { listCatalogProducts, type CatalogListInput } from '../../domain/catalog/list-catalog-products.js';
import { loadProductViews } from '../../domain/catalog/product-view.js';
import { publishedLocales } from '../../domain/locale/resolve-locale.js';
import type { RestRoute } from '../../http/rest-surface.js';
import { list, single } from '../presenters/envelope.js';
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
      const page = await listCatalogProducts(ctx, query as CatalogListInput);
      const views = await loadProductViews(ctx, page.rows, page.locale);
      const pagination = page.pagination && {
        current_page: page.pagination.currentPage,
        last_page: page.pagination.lastPage,
        per_page: page.pagination.perPage,
        total: page.pagination.total,
      };
      return {
        contentLanguage: page.locale.code,
        body: list(
          'Products',
          views.map((v) => presentProductCard(v, ctx.store, ctx.now)),
          { hasMore: page.hasNextPage, nextCursor: page.nextCursor },
          pagination ? { meta: { pagination } } : {},
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
