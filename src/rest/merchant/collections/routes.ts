import { scope } from '../../../auth/requirements.js';
import { bulkUpsertCollections } from '../../../domain/collections/bulk-upsert.js';
import { listCollectionProducts } from '../../../domain/collections/collection-products.js';
import { listMerchantCollections, withCounts } from '../../../domain/collections/list-merchant-collections.js';
import { pinCollectionProducts, reorderCollectionProducts } from '../../../domain/collections/order-products.js';
import type { Ctx } from '../../../domain/context.js';
import { list, single } from '../../kit/envelope.js';
import { defineRoute } from '../../kit/route.js';
import { presentMerchantCollection } from './presenters.js';
import {
  collectionBulkAnswer,
  collectionBulkBody,
  collectionListAnswer,
  collectionListQuery,
  collectionOrderAnswer,
  collectionOrderBody,
  collectionParams,
} from './schemas.js';

type OrderWrite = typeof pinCollectionProducts;

async function orderAnswer(ctx: Ctx, write: OrderWrite, collection: string, productIds: string[]) {
  const written = await write(ctx, collection, productIds);
  const [[item], first] = await Promise.all([
    withCounts(ctx, [written]),
    listCollectionProducts(ctx, { collection: written.id, window: { size: 50 }, sort: 'merchant' }),
  ]);
  return { collection: presentMerchantCollection(item!), product_ids: first.items.map((p) => p.id) };
}

const orderRoute = (action: 'pin' | 'reorder') =>
  defineRoute({
    method: 'POST',
    url: `/collections/:collection/products/${action}`,
    operationId: action === 'pin' ? 'pinCollectionProducts' : 'reorderCollectionProducts',
    tag: 'Collections',
    summary:
      action === 'pin'
        ? 'Replace the pin list: these products come first, in this order'
        : 'Place these products first among the unpinned ones; the rest keep their order after them',
    auth: scope('merchant-collections-update'),
    params: collectionParams,
    body: collectionOrderBody,
    answer: collectionOrderAnswer,
    handle: async (ctx, { params, body }) => {
      const data = await orderAnswer(ctx, action === 'pin' ? pinCollectionProducts : reorderCollectionProducts, params.collection, body.productIds);
      return { body: single(action === 'pin' ? 'Collection products pinned' : 'Collection products reordered', data) };
    },
  });

export const collectionRoutes = [
  defineRoute({
    method: 'GET',
    url: '/collections',
    operationId: 'listMerchantCollections',
    tag: 'Collections',
    summary: "The store's collections in creation order",
    auth: scope('merchant-collections-read'),
    query: collectionListQuery,
    answer: collectionListAnswer,
    wireNames: { size: 'limit' },
    handle: async (ctx, { query }) => {
      const page = await listMerchantCollections(ctx, query);
      return { body: list('Collections', page.items.map(presentMerchantCollection), page) };
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/collections/bulk',
    operationId: 'bulkUpsertCollections',
    tag: 'Collections',
    summary: 'Create or update up to 100 collections by slug, all or nothing',
    auth: scope('merchant-collections-create'),
    body: collectionBulkBody,
    answer: collectionBulkAnswer,
    handle: async (ctx, { body }) => {
      const result = await bulkUpsertCollections(ctx, body);
      return {
        body: single('Collections saved', {
          collections: result.collections.map(presentMerchantCollection),
          created: result.created,
          updated: result.updated,
        }),
      };
    },
  }),
  orderRoute('pin'),
  orderRoute('reorder'),
];
