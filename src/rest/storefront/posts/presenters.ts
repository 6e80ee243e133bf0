import type { Post } from '../../../generated/prisma/client.js';
import type { Ctx } from '../../../domain/context.js';
import { postDocument } from '../../../domain/content/post-document.js';
import { postViews } from '../../../domain/content/post-text.js';
import type { ResolvedLocale } from '../../../domain/locale/resolve-locale.js';

/** Shoppers' posts in the locale, each field translated where a translation exists. */
export async function presentStorePosts(ctx: Ctx, posts: Post[], locale: ResolvedLocale) {
  const views = await postViews(ctx, posts, locale);
  return views.map((view) => postDocument(view, ctx.store));
}
