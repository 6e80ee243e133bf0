import type { Prisma, Product, Review } from '../../generated/prisma/client.js';
import type { StoreDb } from '../../platform/database/store-scoped-client.js';
import { ApiError } from '../../platform/errors/api-error.js';
import { requireInstallation } from '../apps/calling-installation.js';
import { merchantVisible } from '../catalog/visibility.js';
import type { Ctx } from '../context.js';
import { ingestImage } from '../media/ingest-image.js';
import { orderedRenditions } from '../media/renditions.js';
import { parseRecordId } from '../record-id.js';
import { withTransaction } from '../transaction.js';
import { importLimits, type ImportItem } from './import-fields.js';
import { countImportRequest } from './import-quota.js';
import { tallyReviewChange } from './rating-tally.js';

/** What became of one item: written (`imported`, `updated`, `unchanged`) or refused with a reason. */
export const importResultKinds = ['imported', 'updated', 'unchanged', 'product_not_found', 'product_mismatch', 'media_refused'] as const;
export type ImportResultKind = (typeof importResultKinds)[number];

export interface ImportResult {
  sourceReviewId: string;
  result: ImportResultKind;
  status: Review['status'] | null;
  productPId: number | null;
  reason: string | null;
}

interface StoredMedia {
  id: string;
  url: string;
  sizes: unknown;
  source: string;
}

/** An item ready to write: its product, and its media in the store's library. */
interface Accepted {
  index: number;
  item: ImportItem;
  product: Product;
  existing: Review | null;
  media: StoredMedia[];
}

const refused = (item: ImportItem, result: ImportResultKind, reason: string, productPId: number | null = null): ImportResult => ({
  sourceReviewId: item.sourceReviewId,
  result,
  status: null,
  productPId,
  reason,
});

async function productsOf(ctx: Ctx, items: ImportItem[]): Promise<(item: ImportItem) => Product | undefined> {
  const refs = items.map((i) => String(i.product));
  const pIds = refs.map(parseRecordId).flatMap((r) => (r && 'pId' in r ? [r.pId] : []));
  const ids = refs.map(parseRecordId).flatMap((r) => (r && 'id' in r ? [r.id] : []));
  const products = await ctx.db.product.findMany({
    where: { ...merchantVisible(ctx), OR: [{ pId: { in: pIds } }, { id: { in: ids } }, { slug: { in: refs } }] },
  });
  return (item) => {
    const ref = String(item.product);
    const id = parseRecordId(ref);
    return products.find((p) => (id && 'pId' in id ? p.pId === id.pId : id && 'id' in id ? p.id === id.id : false) || p.slug === ref);
  };
}

const mediaSources = (review: Review | null) => ((review?.media ?? []) as unknown as StoredMedia[]).map((m) => m.source);
const sameList = (a: string[], b: string[]) => a.length === b.length && a.every((v, i) => v === b[i]);

/** Downloads an item's media through the media guard into the store's library, unless the row already holds copies of the same addresses. */
async function mediaOf(ctx: Ctx, item: ImportItem, index: number, existing: Review | null): Promise<StoredMedia[]> {
  if (existing && sameList(mediaSources(existing), item.media)) return existing.media as unknown as StoredMedia[];
  const files = [];
  for (const [position, url] of item.media.entries()) {
    const file = await ingestImage(ctx, { url }, `reviews.${index}.media.${position}`);
    files.push({ id: file.uid, url: orderedRenditions(file.sizes).original.url, sizes: file.sizes, source: url });
  }
  return files;
}

function changed(row: Review, item: ImportItem, media: StoredMedia[]): boolean {
  return (
    row.rating !== item.rating ||
    row.title !== item.title ||
    row.body !== item.description ||
    row.authorName !== item.authorDisplayName ||
    row.submittedAt.getTime() !== item.submittedAt.getTime() ||
    !sameList(
      mediaSources(row),
      media.map((m) => m.source),
    )
  );
}

const written = (row: Review, result: ImportResultKind, product: Product): ImportResult => ({
  sourceReviewId: row.sourceReviewId!,
  result,
  status: row.status,
  productPId: product.pId,
  reason: null,
});

/**
 * Writes a changed re-import over its row and moves the tallies by the difference; null when
 * nothing changed. The row moves only from the version just read (compare-and-set on updatedAt),
 * so concurrent re-imports each move the tallies from the row the other left.
 */
async function updateImported(
  db: StoreDb,
  id: number,
  item: ImportItem,
  media: StoredMedia[],
  data: Prisma.ReviewUpdateInput,
  now: Date,
): Promise<Review | null> {
  for (;;) {
    const current = await db.review.findUniqueOrThrow({ where: { id } });
    if (!changed(current, item, media)) return null;
    const [row] = await db.review.updateManyAndReturn({ where: { id, updatedAt: current.updatedAt }, data: { ...(data as object), editedAt: now } });
    if (!row) continue;
    await tallyReviewChange(db, current, row);
    return row;
  }
}

/**
 * Refuses new rows past the app's pending cap. The installation's row is written first, so imports
 * of one app that add rows take turns from here to their commit, and each counts the pending rows
 * the one before it left: concurrent imports cannot pass the cap together.
 */
async function checkPendingCap(db: StoreDb, installationId: number, fresh: number, now: Date) {
  await db.appInstallation.update({ where: { id: installationId }, data: { lastReviewImportAt: now } });
  const pending = await db.review.count({ where: { installationId, status: 'pending' } });
  if (pending + fresh > importLimits.pendingCap) {
    throw new ApiError(
      'limit_reached',
      `This app holds ${pending} pending reviews in this store and may hold ${importLimits.pendingCap}; ${fresh} more would pass it. Ask the merchant to moderate them.`,
    );
  }
}

/**
 * Imports an installed review app's reviews: `source` is the app, re-importing a `source_review_id`
 * updates its one row. Each item answers on its own; the request as a whole is refused only by the
 * quota (429), the pending cap (422 `limit_reached`) and the identity race (409 `conflict`), which
 * writes nothing. Media are downloaded behind the guard before the transaction opens.
 */
export async function importReviews(ctx: Ctx, items: ImportItem[]): Promise<ImportResult[]> {
  const installation = requireInstallation(ctx);
  await countImportRequest(ctx, installation.id);
  const productOf = await productsOf(ctx, items);
  const existingRows = await ctx.db.review.findMany({ where: { installationId: installation.id, sourceReviewId: { in: items.map((i) => i.sourceReviewId) } } });
  const results: (ImportResult | null)[] = [];
  const accepted: Accepted[] = [];
  for (const [index, item] of items.entries()) {
    const product = productOf(item);
    const existing = existingRows.find((r) => r.sourceReviewId === item.sourceReviewId) ?? null;
    if (!product) {
      results.push(refused(item, 'product_not_found', `names no product of this store (${item.product})`));
    } else if (existing && existing.productId !== product.id) {
      results.push(refused(item, 'product_mismatch', 'was imported for another product; a review never moves', product.pId));
    } else {
      try {
        accepted.push({ index, item, product, existing, media: await mediaOf(ctx, item, index, existing) });
        results.push(null);
      } catch (error) {
        if (!(error instanceof ApiError) || error.code !== 'validation_failed') throw error;
        results.push(refused(item, 'media_refused', Object.values(error.fieldErrors ?? {}).flat()[0] ?? error.message, product.pId));
      }
    }
  }

  const fresh = accepted.filter((a) => !a.existing).length;
  const done = await withTransaction(ctx, async (tx) => {
    if (fresh) await checkPendingCap(tx.db, installation.id, fresh, ctx.now);
    const out = new Map<number, ImportResult>();
    for (const { index, item, product, existing, media } of accepted) {
      const data = {
        rating: item.rating,
        title: item.title,
        body: item.description,
        authorName: item.authorDisplayName,
        submittedAt: item.submittedAt,
        media: media as object[],
      };
      if (!existing) {
        const [row] = await tx.db.review.createManyAndReturn({
          data: [
            {
              storeId: tx.db.$storeId,
              productId: product.id,
              installationId: installation.id,
              source: installation.appSlug,
              sourceReviewId: item.sourceReviewId,
              createdAt: ctx.now,
              ...data,
            },
          ],
          skipDuplicates: true,
        });
        if (!row) {
          throw new ApiError('conflict', `Review ${item.sourceReviewId} is being imported by another request at this moment; send this one again.`, {
            headers: { 'retry-after': '1' },
          });
        }
        tx.outbox.append({ topic: 'reviews/create', payload: { id: row.uid, product_id: product.id, status: row.status, source: row.source } });
        out.set(index, written(row, 'imported', product));
        continue;
      }
      const row = await updateImported(tx.db, existing.id, item, media, data, ctx.now);
      if (!row) {
        const current = await tx.db.review.findUniqueOrThrow({ where: { id: existing.id } });
        out.set(index, written(current, 'unchanged', product));
        continue;
      }
      tx.outbox.append({ topic: 'reviews/update', payload: { id: row.uid, product_id: product.id, status: row.status, source: row.source } });
      out.set(index, written(row, 'updated', product));
    }
    return out;
  });
  return results.map((r, index) => r ?? done.get(index)!);
}
