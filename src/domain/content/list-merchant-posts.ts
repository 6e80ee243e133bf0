import type { Post, Prisma } from '../../generated/prisma/client.js';
import type { Ctx } from '../context.js';
import { keysetPage, type KeysetPage, type KeysetWindow } from '../pagination/keyset-page.js';
import { asDate, asString, type KeysetSort } from '../pagination/keyset.js';
import { containsText } from '../text-match.js';
import type { PostStatus } from './post-fields.js';

export const merchantPostListLimits = { maxPageSize: 100, defaultPageSize: 20, maxSearchLength: 255, maxTagLength: 100, maxCategoryLength: 140 } as const;

/** `scheduled`: published with a publication time still ahead, which shoppers do not see yet. */
export const merchantPostStatusFilters = ['all', 'draft', 'published', 'scheduled'] as const;
export type MerchantPostStatusFilter = (typeof merchantPostStatusFilters)[number];

export interface MerchantPostListInput {
  window: KeysetWindow;
  filter: {
    status: MerchantPostStatusFilter;
    tag?: string;
    /** A category's slug. */
    category?: string;
    /** Part of the title, any case. */
    search?: string;
  };
}

/** Newest created first; the uuid breaks ties between posts created in the same millisecond. */
const newestFirst: KeysetSort<Post> = [
  { field: 'createdAt', direction: 'desc', read: (row) => row.createdAt.toISOString(), parse: asDate },
  { field: 'id', direction: 'desc', read: (row) => row.id, parse: asString },
];

function statusWhere(status: MerchantPostStatusFilter, now: Date): Prisma.PostWhereInput {
  if (status === 'all') return {};
  if (status === 'scheduled') return { status: 'published' satisfies PostStatus, publishedAt: { gt: now } };
  if (status === 'published') return { status: 'published' satisfies PostStatus, publishedAt: { lte: now } };
  return { status: 'draft' satisfies PostStatus };
}

/** Every post of the store, drafts and scheduled ones included, newest first; the cursor is bound to the filters. */
export function listMerchantPosts(ctx: Ctx, input: MerchantPostListInput): Promise<KeysetPage<Post>> {
  const { status, tag, search } = input.filter;
  const category = input.filter.category?.toLowerCase();
  const where: Prisma.PostWhereInput = {
    ...statusWhere(status, ctx.now),
    ...(tag ? { tags: { has: tag } } : {}),
    ...(category ? { categorySlugs: { has: category } } : {}),
    ...(search ? { title: containsText(search) } : {}),
  };
  return keysetPage(
    ctx,
    {
      binding: { list: 'merchant.posts', storeId: ctx.store.id, filters: { status, tag: tag ?? null, category: category ?? null, search: search ?? null } },
      sort: newestFirst,
      where: where as Record<string, unknown>,
      fetch: (args) => ctx.db.post.findMany(args as Prisma.PostFindManyArgs),
    },
    input.window,
  );
}
