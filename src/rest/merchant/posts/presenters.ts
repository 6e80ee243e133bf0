import type { Post } from '../../../generated/prisma/client.js';
import type { Ctx } from '../../../domain/context.js';
import { postDocument } from '../../../domain/content/post-document.js';
import { postViews } from '../../../domain/content/post-text.js';

/** The merchant's posts in the source language (translations are read through translatable resources). */
export async function presentMerchantPosts(ctx: Ctx, posts: Post[]) {
  const views = await postViews(ctx, posts, null);
  return views.map((view) => postDocument(view, ctx.store));
}

export async function presentMerchantPost(ctx: Ctx, post: Post) {
  const [shown] = await presentMerchantPosts(ctx, [post]);
  return shown!;
}
