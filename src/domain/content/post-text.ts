import type { Post } from '../../generated/prisma/client.js';
import type { Ctx } from '../context.js';
import type { ResolvedLocale } from '../locale/resolve-locale.js';

/** A post's fields a translation may replace, by their translation keys. */
export const postTranslatableKeys = ['title', 'excerpt', 'markdown', 'seo_title', 'seo_description'] as const;

export interface PostText {
  title: string;
  excerpt: string | null;
  markdown: string;
  seoTitle: string | null;
  seoDescription: string | null;
}

export interface PostView {
  post: Post;
  text: PostText;
}

function sourceText(post: Post): PostText {
  return { title: post.title, excerpt: post.excerpt, markdown: post.markdown, seoTitle: post.seoTitle, seoDescription: post.seoDescription };
}

/**
 * Posts in the locale: each translated field replaces the merchant's, field by field; a field with
 * no translation (or an empty one) keeps the source. `null` or the primary locale is the source.
 */
export async function postViews(ctx: Ctx, posts: Post[], locale: ResolvedLocale | null): Promise<PostView[]> {
  if (!locale || locale.isPrimary) return posts.map((post) => ({ post, text: sourceText(post) }));
  const translations = await ctx.loaders.translation.loadMany(posts.map((post) => ({ resourceType: 'post', resourceId: post.id, locale: locale.code })));
  return posts.map((post, i) => {
    const found = translations[i];
    const fields = found && !(found instanceof Error) ? (found as Record<string, unknown>) : {};
    const pick = (key: (typeof postTranslatableKeys)[number]) => (typeof fields[key] === 'string' && fields[key] !== '' ? (fields[key] as string) : undefined);
    const source = sourceText(post);
    return {
      post,
      text: {
        title: pick('title') ?? source.title,
        excerpt: pick('excerpt') ?? source.excerpt,
        markdown: pick('markdown') ?? source.markdown,
        seoTitle: pick('seo_title') ?? source.seoTitle,
        seoDescription: pick('seo_description') ?? source.seoDescription,
      },
    };
  });
}
