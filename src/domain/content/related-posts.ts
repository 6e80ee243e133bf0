import type { Post } from '../../generated/prisma/client.js';
import type { Ctx } from '../context.js';
import { liveWhere } from './post-visibility.js';

/** How many related posts a single read shows. */
export const MAX_RELATED_POSTS = 4;
/** The newest live posts sharing a tag or a category that are weighed; older ones rarely matter to a reader. */
const CANDIDATES = 100;

function shared(a: string[], b: string[]): number {
  const mine = new Set(a);
  return b.filter((value) => mine.has(value)).length;
}

/**
 * The posts shown beside one: other live posts sharing at least one tag or category, the most
 * shared tags first, then the most shared categories, then the newest published (the uuid last,
 * so the order is total); at most four. A post sharing nothing has no related posts.
 */
export async function relatedPosts(ctx: Ctx, post: Post): Promise<Post[]> {
  if (!post.tags.length && !post.categorySlugs.length) return [];
  const candidates = await ctx.db.post.findMany({
    where: {
      ...liveWhere(ctx.now),
      id: { not: post.id },
      OR: [
        ...(post.tags.length ? [{ tags: { hasSome: post.tags } }] : []),
        ...(post.categorySlugs.length ? [{ categorySlugs: { hasSome: post.categorySlugs } }] : []),
      ],
    },
    orderBy: [{ publishedAt: 'desc' }, { id: 'desc' }],
    take: CANDIDATES,
  });
  const scored = candidates.map((candidate, newest) => ({
    candidate,
    tags: shared(post.tags, candidate.tags),
    categories: shared(post.categorySlugs, candidate.categorySlugs),
    newest,
  }));
  scored.sort((a, b) => b.tags - a.tags || b.categories - a.categories || a.newest - b.newest);
  return scored.slice(0, MAX_RELATED_POSTS).map((s) => s.candidate);
}
