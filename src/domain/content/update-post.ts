import type { Post, Prisma } from '../../generated/prisma/client.js';
import { ApiError } from '../../platform/errors/api-error.js';
import { slugOf } from '../catalog/writes/slug.js';
import type { Ctx } from '../context.js';
import { isInTransaction, withTransaction } from '../transaction.js';
import { findMerchantPost } from './find-post.js';
import { ingestCover } from './post-cover.js';
import type { PostUpdateInput } from './post-fields.js';
import { isPostSlugCollision, slugTaken } from './post-slug.js';
import { publishedAtOf } from './publication.js';

/**
 * Changes the fields sent, in one transaction with its `posts/update` event; the row is locked
 * first so two edits apply one after the other. A new title keeps the slug (links stay valid);
 * a slug another post holds is a 409 on `slug`.
 */
export async function updatePost(ctx: Ctx, ref: string, input: PostUpdateInput): Promise<Post> {
  const { id } = await findMerchantPost(ctx, ref);
  const cover = await ingestCover(ctx, input.coverImageUrl);
  try {
    return await withTransaction(ctx, async (tx) => {
      // Takes the row's lock first, so the publication rule reads what a concurrent edit committed.
      const { count } = await tx.db.post.updateMany({ where: { id }, data: { updatedAt: ctx.now } });
      if (count === 0) throw ApiError.notFound('Post');
      const current = await findMerchantPost(tx, id);
      const status = input.status ?? (current.status as 'draft' | 'published');
      const data: Prisma.PostUpdateInput = {
        ...(input.title !== undefined ? { title: input.title } : {}),
        ...(input.slug !== undefined ? { slug: input.slug } : {}),
        ...(input.markdown !== undefined ? { markdown: input.markdown } : {}),
        ...(input.excerpt !== undefined ? { excerpt: input.excerpt } : {}),
        ...(input.tags !== undefined ? { tags: input.tags } : {}),
        ...(input.categories !== undefined ? { categoryNames: input.categories, categorySlugs: input.categories.map(slugOf) } : {}),
        ...(input.seoTitle !== undefined ? { seoTitle: input.seoTitle } : {}),
        ...(input.seoDescription !== undefined ? { seoDescription: input.seoDescription } : {}),
        ...(input.authorName !== undefined ? { authorName: input.authorName } : {}),
        ...(cover ?? {}),
        status,
        publishedAt: publishedAtOf(status, input.publishedAt, current, ctx.now),
        updatedAt: ctx.now,
      };
      const post = await tx.db.post.update({ where: { id }, data });
      tx.outbox.append({ topic: 'posts/update', payload: { id } });
      return post;
    });
  } catch (error) {
    if (!isInTransaction(ctx) && input.slug !== undefined && isPostSlugCollision(error)) throw slugTaken(input.slug);
    throw error;
  }
}
