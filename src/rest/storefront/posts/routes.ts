import { storeKey } from '../../../auth/requirements.js';
import { findLivePost } from '../../../domain/content/find-post.js';
import { listStorePosts } from '../../../domain/content/list-store-posts.js';
import { relatedPosts } from '../../../domain/content/related-posts.js';
import { resolveLocale } from '../../../domain/locale/resolve-locale.js';
import { list, single } from '../../kit/envelope.js';
import { defineRoute } from '../../kit/route.js';
import { presentStorePosts } from './presenters.js';
import { storePostAnswer, storePostListAnswer, storePostListQuery, storePostParams, storePostQuery } from './schemas.js';

export const postRoutes = [
  defineRoute({
    method: 'GET',
    url: '/store/posts',
    operationId: 'listPosts',
    tag: 'Content',
    summary: "The store's published posts, newest published first",
    description:
      'By page (`page`, `per_page`) or by cursor (`starting_after`, `limit`); ties on published_at are broken by id, so no post is skipped or repeated. Drafts and scheduled posts are never listed.',
    auth: storeKey,
    cache: 'catalogue',
    query: storePostListQuery,
    answer: storePostListAnswer,
    wireNames: { size: 'per_page', after: 'starting_after' },
    handle: async (ctx, { query }) => {
      const page = await listStorePosts(ctx, query);
      return { contentLanguage: page.locale.code, body: list('Posts', await presentStorePosts(ctx, page.rows, page.locale), page) };
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/store/posts/:slug',
    operationId: 'getPost',
    tag: 'Content',
    summary: 'A published post by its slug, with related posts',
    description: 'A draft, a scheduled post or a slug of another store answers 404 not_found.',
    pageView: { kind: 'post' },
    auth: storeKey,
    cache: 'catalogue',
    params: storePostParams,
    query: storePostQuery,
    answer: storePostAnswer,
    handle: async (ctx, { params, query }) => {
      const locale = await resolveLocale(ctx, query.locale);
      const post = await findLivePost(ctx, params.slug);
      const [shown, ...related] = await presentStorePosts(ctx, [post, ...(await relatedPosts(ctx, post))], locale);
      return { contentLanguage: locale.code, body: single('Post', { ...shown!, related }) };
    },
  }),
];
