import type { Post } from '../../generated/prisma/client.js';
import { ApiError } from '../../platform/errors/api-error.js';
import type { Ctx } from '../context.js';
import { withTransaction } from '../transaction.js';
import { findMerchantPost } from './find-post.js';

/**
 * Deletes a post and its translations in one transaction with its `posts/delete` event. Its slug
 * is free again at once. Two deletes at once: one deletes, the other answers 404.
 */
export async function deletePost(ctx: Ctx, ref: string): Promise<Post> {
  const post = await findMerchantPost(ctx, ref);
  const { id } = post;
  return withTransaction(ctx, async (tx) => {
    const { count } = await tx.db.post.deleteMany({ where: { id } });
    if (count === 0) throw ApiError.notFound('Post');
    await tx.db.translation.deleteMany({ where: { resourceType: 'post', resourceId: id } });
    tx.outbox.append({ topic: 'posts/delete', payload: { id, slug: post.slug } });
    return post;
  });
}
