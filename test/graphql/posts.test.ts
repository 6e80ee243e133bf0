import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get, graphql } from '../support/http.js';
import { makeKey, makeStore, type TestStore } from '../support/stores.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { MERCHANT, outboxOf } from '../support/writes.js';

// The post fields of GraphQL: posts, post(slug) with related, merchant.posts and the post
// mutations, on the same domain calls as REST behind the same scopes.

let t: TestApp;
let shop: TestStore;
let other: TestStore;
const now = new Date('2026-05-01T12:00:00.000Z');

beforeAll(async () => {
  t = await startTestApp({ RATE_LIMIT_GRAPHQL: '0', RATE_LIMIT_MERCHANT: '0' }, { clock: () => now.getTime() });
  shop = await makeStore(t.database, { locales: ['en', 'fr'] });
  other = await makeStore(t.database);
});
afterAll(() => t.close());

const userErrors = 'userErrors { field code message }';
const postFields =
  'uuid slug title markdown excerpt coverImageUrl coverImageRenditions { name } tags seo { title description } blogCategories { name slug } readingTime author { name avatarUrl } status locale publishedAt';
const postCreate = `mutation($input: PostCreateInput!) { postCreate(input: $input) { post { ${postFields} } ${userErrors} } }`;
const postUpdate = `mutation($id: String!, $input: PostUpdateInput!) { postUpdate(id: $id, input: $input) { post { ${postFields} } ${userErrors} } }`;
const postDelete = `mutation($id: String!) { postDelete(id: $id) { deletedPostId ${userErrors} } }`;

const write = async (query: string, variables: Record<string, unknown>, key = shop.privateKey) => {
  const res = await graphql(t.app, key, query, variables);
  expect(res.body.errors, res.raw).toBeUndefined();
  return Object.values(res.body.data as Record<string, any>)[0];
};

describe('postCreate, postUpdate, postDelete', () => {
  it('write posts as REST does, with userErrors named by input path', async () => {
    const created = await write(postCreate, {
      input: {
        title: 'Boots in spring',
        markdown: '# Boots\n\nwords',
        tags: ['boots'],
        categories: ['Style'],
        status: 'PUBLISHED',
        publishedAt: '2026-04-01T00:00:00Z',
      },
    });
    expect(created).toEqual({
      post: {
        uuid: expect.any(String),
        slug: 'boots-in-spring',
        title: 'Boots in spring',
        markdown: '# Boots\n\nwords',
        excerpt: null,
        coverImageUrl: null,
        coverImageRenditions: null,
        tags: ['boots'],
        seo: { title: 'Boots in spring', description: null },
        blogCategories: [{ name: 'Style', slug: 'style' }],
        readingTime: 1,
        author: { name: shop.store.name, avatarUrl: null },
        status: 'PUBLISHED',
        locale: 'en',
        publishedAt: '2026-04-01T00:00:00.000Z',
      },
      userErrors: [],
    });
    const rest = await get(t.app, `${MERCHANT}/posts?search=boots`, shop.privateKey);
    expect(rest.body.data[0]).toMatchObject({ id: created.post.uuid, slug: 'boots-in-spring', status: 'published' });

    const updated = await write(postUpdate, { id: 'boots-in-spring', input: { excerpt: 'Short', status: 'DRAFT' } });
    expect(updated.post).toMatchObject({ excerpt: 'Short', status: 'DRAFT', slug: 'boots-in-spring' });

    const taken = await write(postCreate, { input: { title: 'Again', slug: 'boots-in-spring', markdown: 'x' } });
    expect(taken).toEqual({
      post: null,
      userErrors: [{ field: 'input.slug', code: 'conflict', message: 'is already the slug of another post of this store' }],
    });
    const bad = await write(postCreate, { input: { title: 'Bad', markdown: '  ', tags: ['x'.repeat(101)] } });
    expect(bad.post).toBeNull();
    expect(bad.userErrors.map((e: { field: string }) => e.field).sort()).toEqual(['input.markdown', 'input.tags.0']);

    expect(await write(postDelete, { id: created.post.uuid })).toEqual({ deletedPostId: created.post.uuid, userErrors: [] });
    expect(await write(postDelete, { id: created.post.uuid })).toEqual({
      deletedPostId: null,
      userErrors: [{ field: null, code: 'not_found', message: 'Post not found.' }],
    });
    expect((await outboxOf(t.database, shop.store)).map((e) => e.topic).filter((topic) => topic.startsWith('posts/'))).toEqual([
      'posts/create',
      'posts/update',
      'posts/delete',
    ]);
  });

  it('need merchant-posts-write', async () => {
    const key = await makeKey(t.database, { store: shop.store.slug, kind: 'private', scopes: ['merchant-posts-read'] });
    const res = await graphql(t.app, key, postCreate, { input: { title: 'x', markdown: 'x' } });
    expect(res.body.errors[0].extensions.code).toBe('insufficient_scope');
  });
});

describe('posts and post(slug)', () => {
  let blog: TestStore;
  beforeAll(async () => {
    blog = await makeStore(t.database, { locales: ['en', 'fr'] });
    const make = (title: string, input: Record<string, unknown>) =>
      write(postCreate, { input: { title, markdown: 'x', status: 'PUBLISHED', ...input } }, blog.privateKey);
    const main = await make('Main', { tags: ['a', 'b'], publishedAt: '2026-04-10T00:00:00Z' });
    await make('Both tags', { tags: ['b', 'a'], publishedAt: '2026-04-02T00:00:00Z' });
    await make('One tag', { tags: ['a'], publishedAt: '2026-04-05T00:00:00Z' });
    await make('Draft', { tags: ['a'], status: 'DRAFT' });
    await t.database.prisma.translation.create({
      data: { storeId: blog.store.id, resourceType: 'post', resourceId: main.post.uuid, locale: 'fr', fields: { title: 'Principal' } },
    });
  });

  it('list published posts newest first, by cursor, in a locale', async () => {
    const query = `query($after: String, $locale: String) { posts(first: 2, after: $after, locale: $locale) { edges { node { title locale } } pageInfo { hasNextPage endCursor } } }`;
    const first = await graphql(t.app, blog.publicKey, query, { locale: 'fr' });
    expect(first.body.data.posts.edges.map((e: { node: unknown }) => e.node)).toEqual([
      { title: 'Principal', locale: 'fr' },
      { title: 'One tag', locale: 'fr' },
    ]);
    const rest = await get(t.app, '/v1/store/posts?per_page=2', blog.publicKey);
    expect(first.body.data.posts.pageInfo).toEqual({ hasNextPage: true, endCursor: rest.body.next_cursor });
    const second = await graphql(t.app, blog.publicKey, query, { after: first.body.data.posts.pageInfo.endCursor });
    expect(second.body.data.posts.edges.map((e: { node: { title: string } }) => e.node.title)).toEqual(['Both tags']);
  });

  it('read one post with related posts, null for a draft or none', async () => {
    const query = `query($slug: String!) { post(slug: $slug, locale: "xx") { title locale related { title } } }`;
    expect((await graphql(t.app, blog.publicKey, query, { slug: 'main' })).body.data.post).toEqual({
      title: 'Main',
      locale: 'en',
      related: [{ title: 'Both tags' }, { title: 'One tag' }],
    });
    expect((await graphql(t.app, blog.publicKey, query, { slug: 'draft' })).body.data.post).toBeNull();
    expect((await graphql(t.app, other.publicKey, query, { slug: 'main' })).body.data.post).toBeNull();
  });

  it('merchant.posts lists every status behind merchant-posts-read', async () => {
    const query = `{ merchant { posts(filter: { status: DRAFT }) { edges { node { title status } } } } }`;
    expect((await graphql(t.app, blog.privateKey, query)).body.data.merchant.posts.edges).toEqual([{ node: { title: 'Draft', status: 'DRAFT' } }]);
    const key = await makeKey(t.database, { store: blog.store.slug, kind: 'private', scopes: ['merchant-posts-write'] });
    expect((await graphql(t.app, key, query)).body.errors[0].extensions.code).toBe('insufficient_scope');
  });
});
