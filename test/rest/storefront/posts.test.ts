import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Post } from '../../../src/generated/prisma/client.js';
import { expectFailure, expectValidation } from '../../support/failure.js';
import { get } from '../../support/http.js';
import { makeStore, type TestStore } from '../../support/stores.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';

// GET /v1/store/posts and GET /v1/store/posts/{slug}: published posts only, newest published
// first with the id breaking ties, the Post object field by field, related posts, locales.

let t: TestApp;
let shop: TestStore;
let other: TestStore;
const now = new Date('2026-05-01T12:00:00.000Z');
const day = (n: number) => new Date(Date.UTC(2026, 3, n));

beforeAll(async () => {
  t = await startTestApp({ RATE_LIMIT_STOREFRONT: '0' }, { clock: () => now.getTime() });
  shop = await makeStore(t.database, { locales: ['en', 'fr', 'de'] });
  other = await makeStore(t.database);
  await t.database.prisma.storeLocale.update({ where: { storeId_code: { storeId: shop.store.id, code: 'de' } }, data: { published: false } });
  await t.database.prisma.store.update({ where: { id: shop.store.id }, data: { logoUrl: 'https://cdn.test/logo.png' } });
});
afterAll(() => t.close());

async function makePost(store: TestStore, slug: string, extra: Partial<Post> = {}): Promise<Post> {
  return t.database.prisma.post.create({
    data: {
      storeId: store.store.id,
      slug,
      title: slug,
      markdown: 'one two three',
      status: 'published',
      publishedAt: day(1),
      ...extra,
      tags: extra.tags ?? [],
      categoryNames: extra.categoryNames ?? [],
      categorySlugs: extra.categorySlugs ?? [],
      coverImageSizes: (extra.coverImageSizes ?? undefined) as never,
    },
  });
}

const list = (query = '', store = shop) => get(t.app, `/v1/store/posts${query}`, store.publicKey);
const slugs = (res: { body: { data: { slug: string }[] } }) => res.body.data.map((p) => p.slug);

describe('GET /v1/store/posts', () => {
  let blog: TestStore;
  beforeAll(async () => {
    blog = await makeStore(t.database);
    await makePost(blog, 'oldest', { publishedAt: day(1), tags: ['Boots'], categoryNames: ['Style Notes'], categorySlugs: ['style-notes'] });
    await makePost(blog, 'middle', { publishedAt: day(5), tags: ['boots', 'care'] });
    await makePost(blog, 'newest', { publishedAt: day(9), categoryNames: ['Style Notes'], categorySlugs: ['style-notes'] });
    await makePost(blog, 'draft', { status: 'draft', publishedAt: null });
    await makePost(blog, 'scheduled', { publishedAt: day(40) });
    // Published at the same instant, so their ids order them: fresh ones, so a database that ran this file before takes them too.
    const [lower, higher] = [randomUUID(), randomUUID()].sort();
    await makePost(blog, 'twin-a', { publishedAt: day(3), id: lower });
    await makePost(blog, 'twin-b', { publishedAt: day(3), id: higher });
  });

  it('lists published posts only, newest published first, ties broken by id (highest first)', async () => {
    const res = await list('', blog);
    expect(res.status).toBe(200);
    expect(slugs(res)).toEqual(['newest', 'middle', 'twin-b', 'twin-a', 'oldest']);
    expect(res.body).toMatchObject({ status: 'success', message: 'Posts', has_more: false, next_cursor: null });
    expect(res.headers['content-language']).toBe('en');
  });

  it('walks by cursor with per_page or its alias limit, without skipping or repeating', async () => {
    const first = await list('?per_page=2', blog);
    expect(slugs(first)).toEqual(['newest', 'middle']);
    expect(first.body.has_more).toBe(true);
    const second = await list(`?limit=2&starting_after=${first.body.next_cursor}`, blog);
    expect(slugs(second)).toEqual(['twin-b', 'twin-a']);
    const third = await list(`?limit=2&starting_after=${second.body.next_cursor}`, blog);
    expect(slugs(third)).toEqual(['oldest']);
    expect(third.body).toMatchObject({ has_more: false, next_cursor: null });
  });

  it('walks by page', async () => {
    expect(slugs(await list('?per_page=2&page=2', blog))).toEqual(['twin-b', 'twin-a']);
    expect(slugs(await list('?per_page=2&page=4', blog))).toEqual([]);
  });

  it('filters by tag (exactly as written) and by category slug (any case)', async () => {
    expect(slugs(await list('?tag=boots', blog))).toEqual(['middle']);
    expect(slugs(await list('?tag=Boots', blog))).toEqual(['oldest']);
    expect(slugs(await list('?category=STYLE-notes', blog))).toEqual(['newest', 'oldest']);
    expect(slugs(await list('?category=style-notes&tag=care', blog))).toEqual([]);
  });

  it('refuses a cursor used with other filters', async () => {
    const first = await list('?per_page=1&tag=boots', blog);
    const res = await list(`?per_page=1&tag=care&starting_after=${first.body.next_cursor}`, blog);
    expect(res.status).toBe(422);
    expect(res.body.error_code).toBe('starting_after_invalid');
  });

  it('answers bad input with the validation envelope, naming the field', async () => {
    expectValidation(await list(`?tag=${'x'.repeat(101)}`, blog), 'tag');
    expectValidation(await list(`?category=${'x'.repeat(141)}`, blog), 'category');
    expectValidation(await list('?per_page=51', blog), 'per_page');
    expectValidation(await list('?limit=0', blog), 'limit');
    const first = await list('?per_page=1', blog);
    expectValidation(await list(`?page=2&starting_after=${first.body.next_cursor}`, blog), 'page');
  });

  it('stops page mode at page 50', async () => {
    const res = await list('?page=51', blog);
    expect(res.status).toBe(422);
    expect(res.body.error_code).toBe('page_too_deep');
  });

  it("never lists another store's posts", async () => {
    expect(slugs(await list('', other))).toEqual([]);
  });
});

describe('The Post object', () => {
  it('has every field of the spec’s table', async () => {
    const sizes = Object.fromEntries(
      ['thumb', 'card', 'card2x', 'view', 'wa', 'original'].map((name) => [name, { url: `https://files.test/c.png?size=${name}`, w: 10, h: 5 }]),
    );
    const post = await makePost(shop, 'full-post', {
      title: 'Full post',
      markdown: '# Title\n\n' + 'word '.repeat(401) + '\n\n[a link](https://x.test) <b>bold</b>',
      excerpt: 'The excerpt',
      tags: ['boots', 'care'],
      categoryNames: ['Style Notes'],
      categorySlugs: ['style-notes'],
      coverImageUrl: 'https://files.test/c.png',
      coverImageSizes: sizes as never,
      seoTitle: 'SEO title',
      publishedAt: day(2),
    });
    const res = await get(t.app, '/v1/store/posts/full-post', shop.publicKey);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      status: 'success',
      message: 'Post',
      data: {
        id: post.id,
        type: 'post',
        template: 'post',
        slug: 'full-post',
        title: 'Full post',
        content: [{ type: 'markdown', data: { markdown: post.markdown } }],
        media_index: null,
        excerpt: 'The excerpt',
        cover_image_url: 'https://files.test/c.png',
        cover_image_variants: { ...sizes, thumb: { url: 'https://files.test/c.png?size=thumb', w: null, h: null } },
        tags: ['boots', 'care'],
        seo: { title: 'SEO title', description: 'The excerpt' },
        blog_categories: [{ name: 'Style Notes', slug: 'style-notes' }],
        reading_time: 3,
        author: { name: shop.store.name, avatar_url: 'https://cdn.test/logo.png' },
        is_home: false,
        chrome: true,
        show_page_title: true,
        status: 'published',
        position: 0,
        published_at: '2026-04-02T00:00:00.000Z',
        created_at: post.createdAt.toISOString(),
        updated_at: post.updatedAt.toISOString(),
        related: [],
      },
    });
  });

  it('names its author when it has one', async () => {
    await makePost(shop, 'signed', { authorName: 'Ada' });
    const res = await get(t.app, '/v1/store/posts/signed', shop.publicKey);
    expect(res.body.data.author).toEqual({ name: 'Ada', avatar_url: null });
    expect(res.body.data.reading_time).toBe(1);
    expect(res.body.data.seo).toEqual({ title: 'signed', description: null });
  });
});

describe('GET /v1/store/posts/{slug}', () => {
  let blog: TestStore;
  beforeAll(async () => {
    blog = await makeStore(t.database);
    const inCategory = { categoryNames: ['News'], categorySlugs: ['news'] };
    await makePost(blog, 'main', { tags: ['a', 'b'], ...inCategory, publishedAt: day(10) });
    await makePost(blog, 'one-tag', { tags: ['a'], publishedAt: day(9) });
    await makePost(blog, 'two-tags', { tags: ['b', 'a'], publishedAt: day(2) });
    await makePost(blog, 'tag-and-category', { tags: ['b'], ...inCategory, publishedAt: day(1) });
    await makePost(blog, 'category-only', { ...inCategory, publishedAt: day(8) });
    await makePost(blog, 'category-only-older', { ...inCategory, publishedAt: day(7) });
    await makePost(blog, 'unrelated', { tags: ['z'], publishedAt: day(11) });
    await makePost(blog, 'related-draft', { tags: ['a', 'b'], status: 'draft', publishedAt: null });
  });

  it('answers related posts: most shared tags, then most shared categories, then newest; at most four, live only', async () => {
    const res = await get(t.app, '/v1/store/posts/main', blog.publicKey);
    expect(res.status).toBe(200);
    expect(res.body.data.related.map((p: { slug: string }) => p.slug)).toEqual(['two-tags', 'tag-and-category', 'one-tag', 'category-only']);
    expect(res.body.data.related[0]).not.toHaveProperty('related');
    expect(res.headers['content-language']).toBe('en');
  });

  it('answers 404 for a draft, a scheduled post, an unknown slug and another store’s post', async () => {
    await makePost(blog, 'later', { publishedAt: day(40) });
    await makePost(other, 'elsewhere');
    for (const slug of ['related-draft', 'later', 'nothing', 'elsewhere']) {
      expectFailure(await get(t.app, `/v1/store/posts/${slug}`, blog.publicKey), 404, 'not_found', 'Post not found.');
    }
  });
});

describe('Posts in a locale', () => {
  let post: Post;
  beforeAll(async () => {
    post = await makePost(shop, 'translated', { title: 'Hello', excerpt: 'Source excerpt', markdown: 'Source body', seoTitle: 'Source SEO' });
    await t.database.prisma.translation.createMany({
      data: [
        { storeId: shop.store.id, resourceType: 'post', resourceId: post.id, locale: 'fr', fields: { title: 'Bonjour', markdown: 'Corps' } },
        { storeId: shop.store.id, resourceType: 'post', resourceId: post.id, locale: 'de', fields: { title: 'Hallo' } },
      ],
    });
  });

  it('serves a published locale’s translation field by field, falling back to the source', async () => {
    const res = await get(t.app, '/v1/store/posts/translated?locale=fr', shop.publicKey);
    expect(res.headers['content-language']).toBe('fr');
    expect(res.body.data).toMatchObject({
      title: 'Bonjour',
      content: [{ type: 'markdown', data: { markdown: 'Corps' } }],
      excerpt: 'Source excerpt',
      seo: { title: 'Source SEO', description: 'Source excerpt' },
    });
    const listed = await list('?locale=FR');
    expect(listed.headers['content-language']).toBe('fr');
    expect(listed.body.data.find((p: { id: string }) => p.id === post.id).title).toBe('Bonjour');
  });

  it('falls back to the primary locale for an unpublished or unknown code', async () => {
    for (const code of ['de', 'xx']) {
      const res = await get(t.app, `/v1/store/posts/translated?locale=${code}`, shop.publicKey);
      expect(res.headers['content-language']).toBe('en');
      expect(res.body.data.title).toBe('Hello');
    }
  });
});
