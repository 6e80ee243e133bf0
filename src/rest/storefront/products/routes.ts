import { storeKey } from '../../../auth/requirements.js';
import { listCatalogProducts } from '../../../domain/catalog/list-catalog-products.js';
import { RELATED_LIMIT, relatedProductViews } from '../../../domain/catalog/related-products.js';
import { wholeList } from '../../kit/envelope.js';
import { productCardPage } from './card-sql.js';
import { defineRoute } from '../../kit/route.js';
import { productCardList } from './presenters.js';
import { productDetailJson } from './detail-sql.js';
import { localeQuery, productDetailAnswer, productListAnswer, productListQuery, productSlugParams, relatedAnswer } from './schemas.js';

export const productRoutes = [
  defineRoute({
    method: 'GET',
    url: '/store/products',
    operationId: 'listProducts',
    tag: 'Catalogue',
    summary: 'List shopper-visible products',
    description: 'Page mode (page numbers with totals, up to page 50) without starting_after; keyset mode with it. Every price is the final customer price.',
    auth: storeKey,
    cache: 'catalogue',
    query: productListQuery,
    answer: productListAnswer,
    wireNames: { size: 'per_page' },
    handle: async (ctx, { query }) => {
      const page = await listCatalogProducts(ctx, query, 'keys');
      return productCardPage(ctx, 'Products', page.rows, page.locale, page);
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/store/products/:slug',
    operationId: 'getProduct',
    tag: 'Catalogue',
    summary: 'A product with its gallery, options, variants and category',
    pageView: { kind: 'product', subject: 'slug' },
    auth: storeKey,
    cache: 'catalogue',
    params: productSlugParams,
    query: localeQuery,
    answer: productDetailAnswer,
    handle: (ctx, { params, query }) => productDetailJson(ctx, { slug: params.slug, locale: query.locale }),
  }),
  defineRoute({
    method: 'GET',
    url: '/store/products/:slug/related',
    operationId: 'listRelatedProducts',
    tag: 'Catalogue',
    summary: 'Products related to a product: same category or a shared collection',
    description: `Shopper-visible products in the product's own category or in a storefront collection it is a manual member of; related both ways first, then best sellers, then the oldest id. At most ${RELATED_LIMIT}, one page: has_more is false and next_cursor null.`,
    auth: storeKey,
    cache: 'catalogue',
    params: productSlugParams,
    query: localeQuery,
    answer: relatedAnswer,
    handle: async (ctx, { params, query }) => {
      const { views, locale } = await relatedProductViews(ctx, { slug: params.slug, locale: query.locale });
      return {
        contentLanguage: locale.code,
        body: productCardList(ctx, 'Related products', views, wholeList),
      };
    },
  }),
];
