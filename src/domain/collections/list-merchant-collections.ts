import type { Collection } from '../../generated/prisma/client.js';
import type { Ctx } from '../context.js';
import { keysetPage, type KeysetPage, type KeysetWindow } from '../pagination/keyset-page.js';
import { asNumber } from '../pagination/keyset.js';
import { merchantVisible } from '../catalog/visibility.js';
import { productCounts } from './membership.js';
import { smartWhereCompiler } from './smart-where.js';

export const collectionListLimits = { maxPageSize: 100, defaultPageSize: 20 } as const;

export interface CollectionWithCount {
  collection: Collection;
  productsCount: number;
}

/** Collections with their member counts among the merchant's products (deleted ones excluded). */
export async function withCounts(ctx: Ctx, collections: Collection[]): Promise<CollectionWithCount[]> {
  const counts = await productCounts(ctx, smartWhereCompiler(ctx), collections, merchantVisible(ctx));
  return collections.map((collection) => ({ collection, productsCount: counts.get(collection.id) ?? 0 }));
}

/** The store's collections in creation order (integer id), walked by cursor. */
export async function listMerchantCollections(ctx: Ctx, window: KeysetWindow): Promise<KeysetPage<Collection> & { items: CollectionWithCount[] }> {
  const page = await keysetPage<Collection>(
    ctx,
    {
      binding: { list: 'merchant.collections', storeId: ctx.store.id, filters: {} },
      sort: [{ field: 'pId', direction: 'asc', read: (c) => c.pId, parse: asNumber }],
      where: {},
      fetch: (args) => ctx.db.collection.findMany(args as Parameters<typeof ctx.db.collection.findMany>[0]),
    },
    window,
  );
  return { ...page, items: await withCounts(ctx, page.rows) };
}
