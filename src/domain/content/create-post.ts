import type { Post } from '../../generated/prisma/client.js';
import { ApiError } from '../../platform/errors/api-error.js';
import { slugOf } from '../catalog/writes/slug.js';
import type { Ctx } from '../context.js';
import { isInTransaction, withTransaction } from '../transaction.js';
import { ingestCover } from './post-cover.js';
import type { PostCreateInput } from './post-fields.js';
import { freePostSlug, isPostSlugCollision, slugTaken } from './post-slug.js';
import { publishedAtOf } from './publication.js';

/** Each round of concurrent creates of one title lets one of them win, so this many of them always succeed. */
const SLUG_ATTEMPTS = 10;

/**
 * Creates a post in one transaction with its `posts/create` event. The cover is downloaded first,
 * outside the transaction. A slug sent that another post holds is a 409 on `slug`; a slug derived
 * from the title takes the lowest free suffix, and a concurrent create that took it first makes
 * this one derive again.
 */
export async function createPost(ctx: Ctx, input: PostCreateInput): Promise<Post> {
  const cover = await ingestCover(ctx, input.coverImageUrl);
  const status = input.status ?? 'draft';
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await withTransaction(ctx, async (tx) => {
        const slug = input.slug ?? (await freePostSlug(tx.db, input.title));
        const post = await tx.db.post.create({
          data: {
            storeId: tx.db.$storeId,
            slug,
            title: input.title,
            markdown: input.markdown,
            excerpt: input.excerpt ?? null,
            tags: input.tags ?? [],
            categoryNames: input.categories ?? [],
            categorySlugs: (input.categories ?? []).map(slugOf),
            status,
            publishedAt: publishedAtOf(status, input.publishedAt, null, ctx.now),
            ...(cover ?? {}),
            seoTitle: input.seoTitle ?? null,
            seoDescription: input.seoDescription ?? null,
            authorName: input.authorName ?? null,
            createdAt: ctx.now,
            updatedAt: ctx.now,
          },
        });
        tx.outbox.append({ topic: 'posts/create', payload: { id: post.id } });
        return post;
      });
    } catch (error) {
      if (isInTransaction(ctx) || !isPostSlugCollision(error)) throw error;
      if (input.slug !== undefined) throw slugTaken(input.slug);
      if (attempt === SLUG_ATTEMPTS)
        throw new ApiError('conflict', 'Other posts with this title were being created at the same moment; send the request again.');
    }
  }
}
