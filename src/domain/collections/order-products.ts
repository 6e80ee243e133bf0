import type { Collection } from '../../generated/prisma/client.js';
import { ApiError, type FieldErrors } from '../../platform/errors/api-error.js';
import type { Ctx } from '../context.js';
import { withTransaction, type TransactionCtx } from '../transaction.js';
import { findCollection } from './find-collection.js';
import { resolveProductLists } from './resolve-products.js';

/** Products of a manual collection must already be members: pinning or placing never adds one. */
async function checkMembers(ctx: Ctx, collection: Collection, productIds: string[]) {
  if (collection.mode === 'smart' || !productIds.length) return;
  const rows = await ctx.db.collectionProduct.findMany({ where: { collectionId: collection.id, productId: { in: productIds } }, select: { productId: true } });
  const members = new Set(rows.map((r) => r.productId));
  const errors: FieldErrors = {};
  productIds.forEach((id, i) => {
    if (!members.has(id)) errors[`productIds.${i}`] = ['is not a product of this manual collection'];
  });
  if (Object.keys(errors).length) throw ApiError.validation(errors);
}

/**
 * Marks the collection changed, first: its row lock makes concurrent pins and reorders of one
 * collection queue, where they would otherwise race to create the same member rows.
 */
function touchFirst(tx: TransactionCtx, collection: Collection) {
  return tx.db.collection.update({ where: { id: collection.id }, data: { updatedAt: tx.now } });
}

async function prepare(ctx: Ctx, rawCollection: string, refs: string[]) {
  const collection = await findCollection(ctx, rawCollection);
  const errors: FieldErrors = {};
  const [productIds] = await resolveProductLists(ctx, [{ field: 'productIds', refs }], errors);
  if (Object.keys(errors).length) throw ApiError.validation(errors);
  await checkMembers(ctx, collection, productIds!);
  return { collection, productIds: productIds! };
}

/**
 * Replaces the pin list: these products come first, in this order; every other pin is dropped.
 * In a smart collection a pin is kept even while its product does not match the rules, and shows
 * again when it does. Appends `collections/update`.
 */
export async function pinCollectionProducts(ctx: Ctx, rawCollection: string, refs: string[]): Promise<Collection> {
  const { collection, productIds } = await prepare(ctx, rawCollection, refs);
  return withTransaction(ctx, async (tx) => {
    const touched = await touchFirst(tx, collection);
    await tx.db.collectionProduct.updateMany({ where: { collectionId: collection.id, pinnedAt: { not: null } }, data: { pinnedAt: null } });
    for (const [pinnedAt, productId] of productIds.entries()) {
      await tx.db.collectionProduct.upsert({
        where: { collectionId_productId: { collectionId: collection.id, productId } },
        update: { pinnedAt },
        create: { storeId: tx.db.$storeId, collectionId: collection.id, productId, pinnedAt },
      });
    }
    tx.outbox.append({ topic: 'collections/update', payload: { id: collection.id } });
    return touched;
  });
}

/**
 * Places these products first among the unpinned ones, in this order; every other product keeps
 * its place after them (their positions are untouched, the given ones go below the lowest).
 * Pins still come before positions. Appends `collections/update`.
 */
export async function reorderCollectionProducts(ctx: Ctx, rawCollection: string, refs: string[]): Promise<Collection> {
  const { collection, productIds } = await prepare(ctx, rawCollection, refs);
  return withTransaction(ctx, async (tx) => {
    const touched = await touchFirst(tx, collection);
    const lowest = await tx.db.collectionProduct.aggregate({
      where: { collectionId: collection.id, productId: { notIn: productIds } },
      _min: { position: true },
    });
    const start = (lowest._min.position ?? 0) - productIds.length;
    for (const [i, productId] of productIds.entries()) {
      await tx.db.collectionProduct.upsert({
        where: { collectionId_productId: { collectionId: collection.id, productId } },
        update: { position: start + i },
        create: { storeId: tx.db.$storeId, collectionId: collection.id, productId, position: start + i },
      });
    }
    tx.outbox.append({ topic: 'collections/update', payload: { id: collection.id } });
    return touched;
  });
}
