import { scope } from '../../../auth/requirements.js';
import { createPost } from '../../../domain/content/create-post.js';
import { deletePost } from '../../../domain/content/delete-post.js';
import { listMerchantPosts } from '../../../domain/content/list-merchant-posts.js';
import { updatePost } from '../../../domain/content/update-post.js';
import { list, single } from '../../kit/envelope.js';
import { defineRoute } from '../../kit/route.js';
import { MERCHANT_PREFIX } from '../paths.js';
import { presentMerchantPost, presentMerchantPosts } from './presenters.js';
import { deletedPostAnswer, merchantPostAnswer, merchantPostListAnswer, merchantPostListQuery, postCreateBody, postParams, postUpdateBody } from './schemas.js';

export const postRoutes = [
  defineRoute({
    method: 'GET',
    url: '/posts',
    operationId: 'listMerchantPosts',
    tag: 'Posts',
    summary: "The store's posts in every status, newest created first",
    auth: scope('merchant-posts-read'),
    query: merchantPostListQuery,
    answer: merchantPostListAnswer,
    wireNames: { size: 'limit' },
    handle: async (ctx, { query }) => {
      const page = await listMerchantPosts(ctx, query);
      return { body: list('Posts', await presentMerchantPosts(ctx, page.rows), page) };
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/posts',
    operationId: 'createMerchantPost',
    tag: 'Posts',
    summary: 'Write a post (a Bazaar extension: the spec has no post writes)',
    auth: scope('merchant-posts-write'),
    designed: true,
    body: postCreateBody,
    answer: merchantPostAnswer,
    status: 201,
    handle: async (ctx, { body }) => {
      const post = await createPost(ctx, body);
      return { body: single('Post created', await presentMerchantPost(ctx, post)), headers: { location: `${MERCHANT_PREFIX}/posts/${post.id}` } };
    },
  }),
  defineRoute({
    method: 'PATCH',
    url: '/posts/:post',
    operationId: 'updateMerchantPost',
    tag: 'Posts',
    summary: 'Change a post: the fields sent (a Bazaar extension)',
    auth: scope('merchant-posts-write'),
    designed: true,
    params: postParams,
    body: postUpdateBody,
    answer: merchantPostAnswer,
    handle: async (ctx, { params, body }) => ({ body: single('Post updated', await presentMerchantPost(ctx, await updatePost(ctx, params.post, body))) }),
  }),
  defineRoute({
    method: 'DELETE',
    url: '/posts/:post',
    operationId: 'deleteMerchantPost',
    tag: 'Posts',
    summary: 'Delete a post and its translations (a Bazaar extension)',
    description: 'The slug is free again at once. The cover stays in the media library.',
    auth: scope('merchant-posts-write'),
    designed: true,
    params: postParams,
    answer: deletedPostAnswer,
    handle: async (ctx, { params }) => {
      const post = await deletePost(ctx, params.post);
      return { body: single('Post deleted', { id: post.id, slug: post.slug, deleted: true }) };
    },
  }),
];
