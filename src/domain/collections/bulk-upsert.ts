import type { Collection, Prisma } from '../../generated/prisma/client.js';
import { ApiError, type FieldErrors } from '../../platform/errors/api-error.js';
import type { Ctx } from '../context.js';
import { ingestImage } from '../media/ingest-image.js';
import { orderedRenditions } from '../media/renditions.js';
import { withTransaction, type TransactionCtx as Tx } from '../transaction.js';
import type { CollectionItemInput } from './collection-fields.js';
import { withCounts, type CollectionWithCount } from './list-merchant-collections.js';
import { planParents } from './parent-graph.js';
import { resolveProductLists } from './resolve-products.js';
import { toStoredRules } from './stored-rules.js';

export interface BulkUpsertResult {
  collections: CollectionWithCount[];
  created: number;
  updated: number;
}

function checkModes(items: CollectionItemInput[], existing: Map<string, Collection>, errors: FieldErrors) {
  const seen = new Map<string, number>();
  items.forEach((item, i) => {
    if (seen.has(item.slug)) errors[`collections.${i}.slug`] = [`repeats the slug of collections.${seen.get(item.slug)}`];
    seen.set(item.slug, i);
    const before = existing.get(item.slug);
    const mode = item.mode ?? before?.mode ?? 'manual';
    if (mode === 'smart' && item.productIds)
      errors[`collections.${i}.productIds`] = ['smart collections take rules, not product_ids (pin or reorder them instead)'];
    if (mode === 'manual' && item.rules) errors[`collections.${i}.rules`] = ['manual collections take product_ids, not rules'];
    if (mode === 'smart' && !item.rules && before?.mode !== 'smart') errors[`collections.${i}.rules`] = ['is required for a smart collection'];
  });
}

/** A manual collection's members become `productIds` in that order; products still listed keep their pin. */
async function replaceMembers(tx: Tx, collectionId: string, productIds: string[]) {
  const pins = await tx.db.collectionProduct.findMany({ where: { collectionId, pinnedAt: { not: null } }, select: { productId: true, pinnedAt: true } });
  const pinOf = new Map(pins.map((p) => [p.productId, p.pinnedAt]));
  await tx.db.collectionProduct.deleteMany({ where: { collectionId } });
  if (!productIds.length) return;
  await tx.db.collectionProduct.createMany({
    data: productIds.map((productId, position) => ({ storeId: tx.db.$storeId, collectionId, productId, position, pinnedAt: pinOf.get(productId) ?? null })),
  });
}

/**
 * Creates or updates collections by slug, all or nothing: every item is checked (slugs, modes,
 * products, rule categories, parents and cycles) and every image downloaded before one transaction
 * writes them all with a `collections/create` or `collections/update` event each. Fields left out
 * of an update keep their value.
 */
export async function bulkUpsertCollections(ctx: Ctx, items: CollectionItemInput[]): Promise<BulkUpsertResult> {
  const [all, categories] = await Promise.all([ctx.db.collection.findMany(), ctx.loaders.allCategories()]);
  const existing = new Map(all.map((c) => [c.slug, c]));
  const errors: FieldErrors = {};
  checkModes(items, existing, errors);
  const members = await resolveProductLists(
    ctx,
    items.map((item, i) => ({ field: `collections.${i}.productIds`, refs: item.productIds ?? [] })),
    errors,
  );
  const rules = items.map((item, i) => (item.rules ? toStoredRules(item.rules, categories, `collections.${i}.rules`, errors) : undefined));
  const { order } = planParents(items, all, errors);
  if (Object.keys(errors).length) throw ApiError.validation(errors);

  const images = await Promise.all(
    items.map(async (item, i) => {
      if (item.imageUrl === undefined) return undefined;
      const file = await ingestImage(ctx, { url: item.imageUrl }, `collections.${i}.imageUrl`);
      return { imageUrl: orderedRenditions(file.sizes).original.url, imageSizes: file.sizes as Prisma.InputJsonValue };
    }),
  );

  const written = new Array<Collection>(items.length);
  let created = 0;
  await withTransaction(ctx, async (tx) => {
    const idOfSlug = new Map(all.map((c) => [c.slug, c.id]));
    for (const i of order) {
      const item = items[i]!;
      const before = existing.get(item.slug);
      const parentId =
        item.parentSlug !== undefined ? idOfSlug.get(item.parentSlug)! : item.parentId === undefined ? undefined : (item.parentId?.toLowerCase() ?? null);
      const data = {
        name: item.name,
        ...(item.description !== undefined && { description: item.description }),
        ...images[i],
        ...(item.featured !== undefined && { featured: item.featured }),
        ...(item.storefront !== undefined && { storefront: item.storefront }),
        ...(item.position !== undefined && { position: item.position }),
        ...(parentId !== undefined && { parentId }),
        ...(item.mode !== undefined && { mode: item.mode }),
        ...(rules[i] && { rules: rules[i] as unknown as Prisma.InputJsonValue }),
      };
      const row = before
        ? await tx.db.collection.update({ where: { id: before.id }, data })
        : await tx.db.collection.create({ data: { ...data, storeId: tx.db.$storeId, slug: item.slug } });
      idOfSlug.set(row.slug, row.id);
      if (item.productIds) await replaceMembers(tx, row.id, members[i]!);
      if (!before) created += 1;
      tx.outbox.append({ topic: before ? 'collections/update' : 'collections/create', payload: { id: row.id } });
      written[i] = row;
    }
  });
  return { collections: await withCounts(ctx, written), created, updated: items.length - created };
}
