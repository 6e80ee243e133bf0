import type { Post } from '../../generated/prisma/client.js';
import type { Ctx } from '../../domain/context.js';
import { findLivePost } from '../../domain/content/find-post.js';
import { listMerchantPosts, merchantPostListLimits, merchantPostStatusFilters } from '../../domain/content/list-merchant-posts.js';
import { listStorePosts, storePostListLimits } from '../../domain/content/list-store-posts.js';
import { postViews } from '../../domain/content/post-text.js';
import { resolveLocale, type ResolvedLocale } from '../../domain/locale/resolve-locale.js';
import type { KeysetPage } from '../../domain/pagination/keyset-page.js';
import { ApiError } from '../../platform/errors/api-error.js';
import { builder, catalogueCacheField, merchantScope, storeKeyField } from '../builder.js';
import { pageViewField } from '../page-views.js';
import { Merchant } from '../merchant/namespace.js';
import { connectionOf, windowOf } from '../shared/connection.js';
import { PostRef, type LocalizedPost } from './types.js';

/** Text within its bound, named as GraphQL callers send it. */
function boundedText(value: string | null | undefined, max: number, field: string): string | undefined {
  const text = value?.trim();
  if (text && text.length > max) throw ApiError.invalidField(field, `must be at most ${max} characters`);
  return text || undefined;
}

/** A page of posts as a connection of localized posts, each edge keeping its row's cursor. */
async function postConnection(ctx: Ctx, page: KeysetPage<Post>, locale: ResolvedLocale) {
  const views = await postViews(ctx, page.rows, locale);
  const byId = new Map(views.map((view) => [view.post.id, { ...view, locale }]));
  const connection = connectionOf<Post>(page);
  return { ...connection, edges: connection.edges.map((edge) => ({ cursor: edge.cursor, node: byId.get(edge.node.id)! })) };
}

const MerchantPostStatusFilter = builder.enumType('MerchantPostStatusFilter', {
  description: 'ALL; DRAFT; PUBLISHED (live now); SCHEDULED (published with publishedAt ahead).',
  values: Object.fromEntries(merchantPostStatusFilters.map((s) => [s.toUpperCase(), { value: s }])) as Record<
    string,
    { value: (typeof merchantPostStatusFilters)[number] }
  >,
});

const MerchantPostFilter = builder.inputType('MerchantPostFilter', {
  description: 'GET /posts query parameters.',
  fields: (t) => ({
    status: t.field({ type: MerchantPostStatusFilter, required: false, defaultValue: 'all' }),
    tag: t.string({ required: false, description: 'Posts carrying this tag exactly.' }),
    category: t.string({ required: false, description: 'Posts in the category with this slug, any case.' }),
    search: t.string({ required: false, description: 'Part of the title, any case.' }),
  }),
});

builder.queryFields((t) => ({
  posts: t.connection({
    type: PostRef,
    ...storeKeyField,
    ...catalogueCacheField,
    description: 'GET /store/posts: published posts, newest published first; the cursors are REST next_cursor.',
    args: {
      tag: t.arg.string({ required: false, description: 'Posts carrying this tag, spelled exactly as written; up to 100 characters.' }),
      category: t.arg.string({ required: false, description: 'Posts in the category with this slug, any case; up to 140 characters.' }),
      locale: t.arg.string({ required: false, description: 'A published store locale; anything else falls back to the primary.' }),
    },
    resolve: async (_root, args, { ctx }) => {
      if (args.last != null || args.before != null) throw ApiError.invalidField(args.last != null ? 'last' : 'before', 'this connection walks forwards only');
      const window = windowOf(args, storePostListLimits.maxPageSize, storePostListLimits.defaultPageSize);
      const page = await listStorePosts(ctx, {
        window,
        tag: boundedText(args.tag, storePostListLimits.maxTagLength, 'tag'),
        category: boundedText(args.category, storePostListLimits.maxCategoryLength, 'category'),
        locale: args.locale,
      });
      return postConnection(ctx, page, page.locale);
    },
  }),
  post: t.field({
    type: PostRef,
    ...storeKeyField,
    extensions: { ...catalogueCacheField.extensions, ...pageViewField('post') },
    nullable: true,
    description: 'GET /store/posts/{slug}: a published post, with related; null for a draft, a scheduled post or none.',
    args: { slug: t.arg.string({ required: true }), locale: t.arg.string({ required: false }) },
    resolve: async (_root, args, { ctx }) => {
      const locale = await resolveLocale(ctx, args.locale);
      const post = await findLivePost(ctx, args.slug).catch((error) => {
        if (error?.code === 'not_found') return null;
        throw error;
      });
      if (!post) return null;
      const [view] = await postViews(ctx, [post], locale);
      return { ...view!, locale } satisfies LocalizedPost;
    },
  }),
}));

builder.objectFields(Merchant, (t) => ({
  posts: t.connection({
    type: PostRef,
    ...merchantScope('merchant-posts-read'),
    description: 'GET /posts: every status, newest created first, in the source language; the cursors are REST next_cursor.',
    args: { filter: t.arg({ type: MerchantPostFilter, required: false }) },
    resolve: async (_m, args, { ctx }) => {
      const window = windowOf(args, merchantPostListLimits.maxPageSize, merchantPostListLimits.defaultPageSize);
      const filter = args.filter;
      const page = await listMerchantPosts(ctx, {
        window,
        filter: {
          status: filter?.status ?? 'all',
          tag: boundedText(filter?.tag, merchantPostListLimits.maxTagLength, 'filter.tag'),
          category: boundedText(filter?.category, merchantPostListLimits.maxCategoryLength, 'filter.category'),
          search: boundedText(filter?.search, merchantPostListLimits.maxSearchLength, 'filter.search'),
        },
      });
      return postConnection(ctx, page, await resolveLocale(ctx, null));
    },
  }),
}));
