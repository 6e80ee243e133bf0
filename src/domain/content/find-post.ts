import type { Post } from '../../generated/prisma/client.js';
import { ApiError } from '../../platform/errors/api-error.js';
import { uuidPattern } from '../../platform/validation/text-rules.js';
import type { Ctx } from '../context.js';
import { liveWhere } from './post-visibility.js';

/** A post shoppers may read, by its slug; a draft, a scheduled post or another store's answers 404. */
export async function findLivePost(ctx: Ctx, slug: string): Promise<Post> {
  const post = await ctx.db.post.findFirst({ where: { slug, ...liveWhere(ctx.now) } });
  if (!post) throw ApiError.notFound('Post');
  return post;
}

/** Any post of the store, by its uuid or its slug. */
export async function findMerchantPost(ctx: Ctx, ref: string): Promise<Post> {
  const post = await ctx.db.post.findFirst({ where: uuidPattern.test(ref) ? { id: ref.toLowerCase() } : { slug: ref } });
  if (!post) throw ApiError.notFound('Post');
  return post;
}
