import type { Store } from '../../generated/prisma/client.js';
import { orderedRenditions, type Renditions } from '../media/renditions.js';
import type { PostStatus } from './post-fields.js';
import type { PostView } from './post-text.js';
import { readingTimeOf } from './reading-time.js';
import { slugOf } from '../catalog/writes/slug.js';

export interface PostDocument {
  id: string;
  type: 'post';
  template: 'post';
  slug: string;
  title: string;
  content: { type: 'markdown'; data: { markdown: string } }[];
  media_index: null;
  excerpt: string | null;
  cover_image_url: string | null;
  cover_image_variants: Renditions | null;
  tags: string[];
  seo: { title: string; description: string | null };
  blog_categories: { name: string; slug: string }[];
  reading_time: number;
  author: { name: string; avatar_url: string | null };
  is_home: false;
  chrome: true;
  show_page_title: true;
  status: PostStatus;
  position: 0;
  published_at: string | null;
  created_at: string;
  updated_at: string;
}

/**
 * The Post object, field by field as the storefront spec's table, for both faces (the merchant
 * reads drafts too). The body is one markdown block holding the text exactly as written (or as
 * translated); `seo` falls back to the title and the excerpt; a post without an author is signed
 * by the store, with its logo.
 */
export function postDocument({ post, text }: PostView, store: Pick<Store, 'name' | 'logoUrl'>): PostDocument {
  return {
    id: post.id,
    type: 'post',
    template: 'post',
    slug: post.slug,
    title: text.title,
    content: [{ type: 'markdown', data: { markdown: text.markdown } }],
    media_index: null,
    excerpt: text.excerpt,
    cover_image_url: post.coverImageUrl,
    cover_image_variants: post.coverImageSizes ? orderedRenditions(post.coverImageSizes) : null,
    tags: post.tags,
    seo: { title: text.seoTitle ?? text.title, description: text.seoDescription ?? text.excerpt },
    blog_categories: post.categoryNames.map((name, i) => ({ name, slug: post.categorySlugs[i] ?? slugOf(name) })),
    reading_time: readingTimeOf(text.markdown),
    author: post.authorName ? { name: post.authorName, avatar_url: null } : { name: store.name, avatar_url: store.logoUrl },
    is_home: false,
    chrome: true,
    show_page_title: true,
    status: post.status as PostStatus,
    position: 0,
    published_at: post.publishedAt?.toISOString() ?? null,
    created_at: post.createdAt.toISOString(),
    updated_at: post.updatedAt.toISOString(),
  };
}
