import { storeKey } from '../../../auth/requirements.js';
import { listCollectionProducts } from '../../../domain/collections/collection-products.js';
import { collectionTree } from '../../../domain/collections/collection-tree.js';
import { list, wholeList } from '../../kit/envelope.js';
import { defineRoute } from '../../kit/route.js';
import { productCardPage } from '../products/card-sql.js';
import { presentCollectionNode } from './presenters.js';
import { collectionProductsAnswer, collectionProductsParams, collectionProductsQuery, collectionTreeAnswer, collectionTreeQuery } from './schemas.js';

export const collectionRoutes = [
  defineRoute({
    method: 'GET',
    url: '/store/collections',
    operationId: 'listCollections',
    tag: 'Catalogue',
    summary: 'The collection tree: top-level collections with their children nested',
    auth: storeKey,
    cache: 'catalogue',
    query: collectionTreeQuery,
    answer: collectionTreeAnswer,
    handle: async (ctx, { query }) => {
      const tree = await collectionTree(ctx, query);
      return {
        contentLanguage: tree.locale.code,
        body: list('Collections', tree.nodes.map(presentCollectionNode), wholeList, []),
      };
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/store/collections/:collection/products',
    operationId: 'listCollectionProducts',
    tag: 'Catalogue',
    summary: "A collection's product cards, in the merchant's order unless sorted",
    pageView: { kind: 'collection' },
    auth: storeKey,
    cache: 'catalogue',
    params: collectionProductsParams,
    query: collectionProductsQuery,
    answer: collectionProductsAnswer,
    wireNames: { size: 'per_page' },
    handle: async (ctx, { params, query }) => {
      const page = await listCollectionProducts(ctx, { ...query, collection: params.collection }, 'keys');
      return productCardPage(ctx, 'Collection products', page.items, page.locale, page);
    },
  }),
];
