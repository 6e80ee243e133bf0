import { z } from 'zod';
import { storePostListLimits, type StorePostListInput } from '../../../domain/content/list-store-posts.js';
import { MAX_RELATED_POSTS } from '../../../domain/content/related-posts.js';
import { cursorParam, integerParam, localeParam, textParam } from '../../../platform/validation/wire-params.js';
import { isoTimestamp, renditionsSchema, uuid } from '../../kit/common-schemas.js';
import { listAnswer, singleAnswer } from '../../kit/envelope.js';

const { maxPageSize, defaultPageSize, maxPage, maxTagLength, maxCategoryLength } = storePostListLimits;

/** The Post object's fields, as the storefront spec's table lists them; the merchant face reads drafts too. */
export const postShape = {
  id: uuid,
  type: z.literal('post'),
  template: z.literal('post').meta({ description: 'Every post is shown with the post template.' }),
  slug: z.string(),
  title: z.string(),
  content: z
    .array(z.strictObject({ type: z.literal('markdown'), data: z.strictObject({ markdown: z.string() }) }))
    .meta({ description: 'One markdown block: the body exactly as the merchant wrote it (or as translated). Render it as untrusted text.' }),
  media_index: z.null().meta({ description: 'Posts have no media gallery: always null.' }),
  excerpt: z.string().nullable(),
  cover_image_url: z.string().nullable().meta({ description: "The cover's original, served by Bazaar from the store's media library." }),
  cover_image_variants: renditionsSchema.nullable(),
  tags: z.array(z.string()),
  seo: z.strictObject({
    title: z.string().meta({ description: 'The SEO title, else the title.' }),
    description: z.string().nullable().meta({ description: 'The SEO description, else the excerpt.' }),
  }),
  blog_categories: z.array(z.strictObject({ name: z.string(), slug: z.string() })),
  reading_time: z.int().meta({ description: 'Whole minutes at 200 words a minute, rounded up, at least 1.' }),
  author: z.strictObject({ name: z.string(), avatar_url: z.string().nullable() }).meta({
    description: "The post's author name; a post without one is signed by the store, with its logo.",
  }),
  is_home: z.literal(false),
  chrome: z.literal(true).meta({ description: "Shown inside the store's header and footer." }),
  show_page_title: z.literal(true),
  position: z.literal(0).meta({ description: 'Posts are ordered by published_at; always 0.' }),
  published_at: isoTimestamp.nullable(),
  created_at: isoTimestamp,
  updated_at: isoTimestamp,
};

export const storePost = z.strictObject({ ...postShape, status: z.literal('published') }).meta({ id: 'Post' });

export const storePostWithRelated = z
  .strictObject({
    ...postShape,
    status: z.literal('published'),
    related: z.array(storePost).meta({
      description: `At most ${MAX_RELATED_POSTS} other published posts sharing a tag or a category: most shared tags first, then most shared categories, then newest.`,
    }),
  })
  .meta({ id: 'PostWithRelated' });

export const storePostListQuery = z
  .object({
    tag: textParam(maxTagLength).meta({ description: 'Posts carrying this tag, spelled exactly as the merchant wrote it.' }),
    category: textParam(maxCategoryLength).meta({ description: 'Posts in this category, by its slug (blog_categories[].slug), any case.' }),
    per_page: integerParam(1, maxPageSize).meta({ description: `Page size, default ${defaultPageSize}.` }),
    limit: integerParam(1, maxPageSize).meta({ description: 'Alias of per_page.' }),
    page: integerParam(1, Number.MAX_SAFE_INTEGER).meta({ description: `Page mode, 1 to ${maxPage}; past it: page_too_deep.` }),
    starting_after: cursorParam.meta({ description: 'next_cursor of the previous page; bound to tag and category.' }),
    locale: localeParam.meta({ description: 'A published store locale; anything else falls back to the primary.' }),
  })
  .superRefine((q, issues) => {
    if (q.page !== undefined && q.starting_after !== undefined) {
      issues.addIssue({ code: 'custom', path: ['page'], message: 'cannot be combined with starting_after: walk by page or by cursor.' });
    }
  })
  .transform((q): StorePostListInput => ({
    window: { size: q.per_page ?? q.limit ?? defaultPageSize, after: q.starting_after },
    page: q.page,
    tag: q.tag,
    category: q.category,
    locale: q.locale,
  }));

export const storePostParams = z.object({ slug: z.string().max(200).meta({ description: "The post's slug." }) });
export const storePostQuery = z.object({
  locale: localeParam.meta({ description: 'A published store locale; anything else falls back to the primary.' }),
});

export const storePostListAnswer = listAnswer(storePost);
export const storePostAnswer = singleAnswer(storePostWithRelated);
