import type { Review } from '../../generated/prisma/client.js';
import { requireInstallation } from '../apps/calling-installation.js';
import type { Ctx } from '../context.js';
import { keysetPage, type KeysetPage, type KeysetWindow } from '../pagination/keyset-page.js';
import { asDate, asNumber, type KeysetSort } from '../pagination/keyset.js';
import { containsText } from '../text-match.js';

export const importedListLimits = { maxPageSize: 100, defaultPageSize: 20, maxSearchLength: 255 } as const;
export const reviewStatuses = ['pending', 'approved', 'rejected'] as const;

export interface ImportedReviewListInput {
  window: KeysetWindow;
  search?: string;
  status?: (typeof reviewStatuses)[number];
}

export type ImportedReview = Review & { product: { pId: number } };

const newestIngested: KeysetSort<ImportedReview> = [
  { field: 'createdAt', direction: 'desc', read: (row) => row.createdAt.toISOString(), parse: asDate },
  { field: 'id', direction: 'desc', read: (row) => row.id, parse: asNumber },
];

/** The calling installation's own imports, newest ingested first; native reviews and other apps' imports are not readable here. */
export function listImportedReviews(ctx: Ctx, input: ImportedReviewListInput): Promise<KeysetPage<ImportedReview>> {
  const installation = requireInstallation(ctx);
  const text = input.search ? containsText(input.search) : undefined;
  const where = {
    installationId: installation.id,
    ...(input.status ? { status: input.status } : {}),
    ...(text ? { OR: [{ title: text }, { body: text }, { authorName: text }, { sourceReviewId: text }] } : {}),
  };
  return keysetPage(
    ctx,
    {
      binding: { list: 'merchant.reviews', storeId: ctx.store.id, filters: { installation: installation.id, search: input.search ?? null, status: input.status ?? null } },
      sort: newestIngested,
      where,
      fetch: (args) => ctx.db.review.findMany({ ...(args as object), include: { product: { select: { pId: true } } } }) as Promise<ImportedReview[]>,
    },
    input.window,
  );
}
