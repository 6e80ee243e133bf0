import { readingTimeOf } from '../../domain/content/reading-time.js';
import { relatedPosts } from '../../domain/content/related-posts.js';
import { postViews, type PostView } from '../../domain/content/post-text.js';
import type { ResolvedLocale } from '../../domain/locale/resolve-locale.js';
import { orderedRenditions } from '../../domain/media/renditions.js';
import { builder } from '../builder.js';
import { ImageRendition } from '../catalog/product-types.js';
import { postStatuses } from '../../domain/content/post-fields.js';

/** A post in a locale (the merchant reads the source: the primary locale). */
export type LocalizedPost = PostView & { locale: ResolvedLocale };

export const PostStatus = builder.enumType('PostStatus', {
  description: 'DRAFT or PUBLISHED; a published post whose publishedAt is ahead is scheduled.',
  values: Object.fromEntries(postStatuses.map((s) => [s.toUpperCase(), { value: s }])) as Record<string, { value: (typeof postStatuses)[number] }>,
});

const PostSeo = builder.objectRef<{ title: string; description: string | null }>('PostSeo').implement({
  fields: (t) => ({
    title: t.exposeString('title', { description: 'The SEO title, else the title.' }),
    description: t.exposeString('description', { nullable: true, description: 'The SEO description, else the excerpt.' }),
  }),
});

const BlogCategory = builder.objectRef<{ name: string; slug: string }>('BlogCategory').implement({
  fields: (t) => ({ name: t.exposeString('name'), slug: t.exposeString('slug', { description: 'What the posts category filter takes.' }) }),
});

const PostAuthor = builder.objectRef<{ name: string; avatarUrl: string | null }>('PostAuthor').implement({
  fields: (t) => ({ name: t.exposeString('name'), avatarUrl: t.exposeString('avatarUrl', { nullable: true }) }),
});

export const PostRef = builder.objectRef<LocalizedPost>('Post');
PostRef.implement({
  description: 'A blog post (REST Post): its text in the requested locale, field by field falling back to the source.',
  fields: (t) => ({
    uuid: t.field({ type: 'UUID', description: 'The uuid (REST `id`).', resolve: (p) => p.post.id }),
    slug: t.string({ resolve: (p) => p.post.slug }),
    title: t.string({ resolve: (p) => p.text.title }),
    markdown: t.string({
      description: 'The body exactly as the merchant wrote it (or as translated): REST content[0].data.markdown. Render it as untrusted text.',
      resolve: (p) => p.text.markdown,
    }),
    excerpt: t.string({ nullable: true, resolve: (p) => p.text.excerpt }),
    coverImageUrl: t.string({ nullable: true, resolve: (p) => p.post.coverImageUrl }),
    coverImageRenditions: t.field({
      type: [ImageRendition],
      nullable: true,
      resolve: (p) => (p.post.coverImageSizes ? Object.entries(orderedRenditions(p.post.coverImageSizes)).map(([name, r]) => ({ name, ...r })) : null),
    }),
    tags: t.stringList({ resolve: (p) => p.post.tags }),
    seo: t.field({ type: PostSeo, resolve: (p) => ({ title: p.text.seoTitle ?? p.text.title, description: p.text.seoDescription ?? p.text.excerpt }) }),
    blogCategories: t.field({
      type: [BlogCategory],
      resolve: (p) => p.post.categoryNames.map((name, i) => ({ name, slug: p.post.categorySlugs[i]! })),
    }),
    readingTime: t.int({ description: 'Whole minutes at 200 words a minute, rounded up, at least 1.', resolve: (p) => readingTimeOf(p.text.markdown) }),
    author: t.field({
      type: PostAuthor,
      description: 'The author name; a post without one is signed by the store, with its logo.',
      resolve: (p, _a, { ctx }) => (p.post.authorName ? { name: p.post.authorName, avatarUrl: null } : { name: ctx.store.name, avatarUrl: ctx.store.logoUrl }),
    }),
    status: t.field({ type: PostStatus, resolve: (p) => p.post.status as (typeof postStatuses)[number] }),
    locale: t.string({ description: 'The locale the text is in (REST Content-Language).', resolve: (p) => p.locale.code }),
    publishedAt: t.field({ type: 'DateTime', nullable: true, resolve: (p) => p.post.publishedAt }),
    createdAt: t.field({ type: 'DateTime', resolve: (p) => p.post.createdAt }),
    updatedAt: t.field({ type: 'DateTime', resolve: (p) => p.post.updatedAt }),
    related: t.field({
      type: [PostRef],
      description:
        'At most 4 other published posts sharing a tag or a category: most shared tags first, then most shared categories, then newest (REST related).',
      resolve: async (p, _a, { ctx }) => (await postViews(ctx, await relatedPosts(ctx, p.post), p.locale)).map((view) => ({ ...view, locale: p.locale })),
    }),
  }),
});
