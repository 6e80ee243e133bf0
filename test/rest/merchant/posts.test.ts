import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectFailure, expectValidation } from '../../support/failure.js';
import { call, get } from '../../support/http.js';
import { picture, serve, startLocalServer, type LocalServer } from '../../support/media-fixtures.js';
import { makeKey, makeStore, type TestStore } from '../../support/stores.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';
import { MERCHANT, outboxOf, send } from '../../support/writes.js';

// GET /posts (merchant-posts-read) and Bazaar's post writes, POST /posts, PATCH and DELETE
// /posts/{post} (merchant-posts-write, an extension scope).

let t: TestApp;
let shop: TestStore;
let other: TestStore;
let images: LocalServer;
const now = new Date('2026-05-01T12:00:00.000Z');

beforeAll(async () => {
  images = await startLocalServer({ '/cover.jpg': serve(await picture(1200, 600, 'jpeg'), 'image/jpeg'), '/text.png': serve('not a picture') });
  t = await startTestApp({ MEDIA_FETCH_ALLOW: images.hostPort, RATE_LIMIT_MERCHANT: '0' }, { clock: () => now.getTime() });
  shop = await makeStore(t.database);
  other = await makeStore(t.database);
});
afterAll(async () => {
  await t.close();
  await images.close();
});

const create = (body: unknown, key = shop.privateKey) => send(t.app, key, 'POST', '/posts', body);
const patch = (ref: string, body: unknown, key = shop.privateKey) => send(t.app, key, 'PATCH', `/posts/${ref}`, body);
const remove = (ref: string, key = shop.privateKey) => send(t.app, key, 'DELETE', `/posts/${ref}`);
const keyWith = (...scopes: string[]) => makeKey(t.database, { store: shop.store.slug, kind: 'private', scopes });
const postCount = (store = shop) => t.database.prisma.post.count({ where: { storeId: store.store.id } });

describe('POST /posts', () => {
  it('creates a post with every field, answering 201, Location, the Post object and one event', async () => {
    const markdown = '# Spring\n\n  Indented *as written*  \n<script>alert(1)</script>\n';
    const res = await create({
      title: 'Spring lookbook',
      slug: 'spring-2026',
      markdown,
      excerpt: 'What we wear',
      tags: ['boots', ' care ', 'boots'],
      categories: ['Style Notes', 'style notes', 'News'],
      status: 'published',
      published_at: '2026-04-30T08:00:00Z',
      cover_image_url: `${images.origin}/cover.jpg`,
      seo_title: 'Spring',
      seo_description: 'Looks',
      author_name: 'Ada',
    });
    expect(res.status, res.raw).toBe(201);
    const row = await t.database.prisma.post.findFirstOrThrow({ where: { storeId: shop.store.id, slug: 'spring-2026' } });
    expect(res.headers.location).toBe(`${MERCHANT}/posts/${row.id}`);
    expect(res.body).toEqual({
      status: 'success',
      message: 'Post created',
      data: {
        id: row.id,
        type: 'post',
        template: 'post',
        slug: 'spring-2026',
        title: 'Spring lookbook',
        content: [{ type: 'markdown', data: { markdown } }],
        media_index: null,
        excerpt: 'What we wear',
        cover_image_url: expect.stringMatching(/^http:\/\/bazaar\.test\/media\/.+\/original\.jpg$/),
        cover_image_variants: expect.objectContaining({
          card: expect.objectContaining({ w: 360, h: 180 }),
          thumb: expect.objectContaining({ w: null, h: null }),
        }),
        tags: ['boots', 'care'],
        seo: { title: 'Spring', description: 'Looks' },
        blog_categories: [
          { name: 'Style Notes', slug: 'style-notes' },
          { name: 'News', slug: 'news' },
        ],
        reading_time: 1,
        author: { name: 'Ada', avatar_url: null },
        is_home: false,
        chrome: true,
        show_page_title: true,
        status: 'published',
        position: 0,
        published_at: '2026-04-30T08:00:00.000Z',
        created_at: now.toISOString(),
        updated_at: now.toISOString(),
      },
    });
    expect(row.markdown).toBe(markdown);
    expect(await t.database.prisma.mediaFile.count({ where: { storeId: shop.store.id } })).toBe(1);
    expect((await outboxOf(t.database, shop.store)).filter((e) => e.topic.startsWith('posts/'))).toEqual([{ topic: 'posts/create', payload: { id: row.id } }]);
    const shown = await get(t.app, '/v1/store/posts/spring-2026', shop.publicKey);
    expect(shown.body.data.content).toEqual([{ type: 'markdown', data: { markdown } }]);
  });

  it('derives the slug from the title with the lowest free suffix, drafts by default, and publishing stamps the time', async () => {
    const first = await create({ title: 'Hello Wörld!', markdown: 'x' });
    expect(first.body.data).toMatchObject({ slug: 'hello-world', status: 'draft', published_at: null, tags: [], blog_categories: [], cover_image_url: null });
    const second = await create({ title: 'Hello Wörld', markdown: 'x', status: 'published' });
    expect(second.body.data).toMatchObject({ slug: 'hello-world-2', status: 'published', published_at: now.toISOString() });
  });

  it('answers 409 on slug when another post holds the slug sent, writing nothing', async () => {
    await create({ title: 'Taken', slug: 'taken', markdown: 'x' });
    const before = await postCount();
    const res = await create({ title: 'Other', slug: 'taken', markdown: 'x' });
    expectFailure(res, 409, 'conflict', 'Another post of this store has the slug taken.');
    expect(await postCount()).toBe(before);
  });

  it('lets another store use the same slug', async () => {
    expect((await create({ title: 'Taken', slug: 'taken', markdown: 'x' }, other.privateKey)).status).toBe(201);
  });

  it('refuses bad input by field name, never half-writing', async () => {
    const before = await postCount();
    expectValidation(await create({ markdown: 'x' }), 'title');
    expectValidation(await create({ title: 'x' }), 'markdown');
    expectValidation(await create({ title: 'x', markdown: '   ' }), 'markdown');
    expectValidation(await create({ title: 'x', markdown: 'x', slug: 'Not A Slug' }), 'slug');
    expectValidation(await create({ title: 'x', markdown: 'x', status: 'live' }), 'status');
    expectValidation(await create({ title: 'x', markdown: 'x', tags: ['t'.repeat(101)] }), 'tags.0');
    expectValidation(await create({ title: 'x', markdown: 'x', tags: Array.from({ length: 21 }, (_, i) => `t${i}`) }), 'tags');
    expectValidation(await create({ title: 'x', markdown: 'x', categories: ['!!!'] }), 'categories.0');
    expectValidation(await create({ title: 'x', markdown: 'x', published_at: 'yesterday' }), 'published_at');
    expectValidation(await create({ title: 'x', markdown: 'x', colour: 'red' }), 'colour');
    expectValidation(await create({ title: 'x', markdown: 'x', cover_image_url: `${images.origin}/text.png` }), 'cover_image_url');
    expectValidation(await create({ title: 'x', markdown: 'x', cover_image_url: 'http://169.254.169.254/latest' }), 'cover_image_url');
    expect(await postCount()).toBe(before);
  });

  it('replays the same call under one Idempotency-Key and refuses the key with another body', async () => {
    const post = (body: unknown) =>
      call(t.app, {
        method: 'POST',
        url: `${MERCHANT}/posts`,
        key: shop.privateKey,
        headers: { 'content-type': 'application/json', 'idempotency-key': 'post-once-1' },
        payload: JSON.stringify(body),
      });
    const first = await post({ title: 'Once', markdown: 'x' });
    expect(first.status).toBe(201);
    const again = await post({ title: 'Once', markdown: 'x' });
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.raw).toBe(first.raw);
    expect(await t.database.prisma.post.count({ where: { storeId: shop.store.id, title: 'Once' } })).toBe(1);
    expectFailure(await post({ title: 'Once', markdown: 'y' }), 409, 'idempotency_key_reuse');
  });

  it('answers 403 insufficient_scope without merchant-posts-write', async () => {
    expectFailure(await create({ title: 'No scope', markdown: 'x' }, await keyWith('merchant-posts-read')), 403, 'insufficient_scope');
  });
});

describe('PATCH /posts/{post}', () => {
  it('changes the fields sent by uuid or slug, keeps the slug on a new title, with one event each', async () => {
    const made = (await create({ title: 'Draft one', markdown: 'x', tags: ['a'] })).body.data;
    const res = await patch(made.id, { title: 'Renamed', excerpt: 'Now with excerpt' });
    expect(res.status, res.raw).toBe(200);
    expect(res.body.data).toMatchObject({ slug: 'draft-one', title: 'Renamed', excerpt: 'Now with excerpt', tags: ['a'], status: 'draft' });
    const published = await patch('draft-one', { status: 'published', tags: [], categories: ['News'] });
    expect(published.body.data).toMatchObject({
      status: 'published',
      published_at: now.toISOString(),
      tags: [],
      blog_categories: [{ name: 'News', slug: 'news' }],
    });
    const back = await patch(made.id, { status: 'draft', excerpt: null });
    expect(back.body.data).toMatchObject({ status: 'draft', published_at: now.toISOString(), excerpt: null });
    const events = (await outboxOf(t.database, shop.store)).filter((e) => e.topic === 'posts/update' && (e.payload as { id: string }).id === made.id);
    expect(events).toHaveLength(3);
  });

  it('adds and removes the cover', async () => {
    const made = (await create({ title: 'Covered later', markdown: 'x' })).body.data;
    const covered = await patch(made.id, { cover_image_url: `${images.origin}/cover.jpg` });
    expect(covered.body.data.cover_image_variants).not.toBeNull();
    const bare = await patch(made.id, { cover_image_url: null });
    expect(bare.body.data).toMatchObject({ cover_image_url: null, cover_image_variants: null });
  });

  it('answers 409 on a slug another post holds, and 422 on bad input', async () => {
    await create({ title: 'Holder', slug: 'held', markdown: 'x' });
    const made = (await create({ title: 'Mover', markdown: 'x' })).body.data;
    expectFailure(await patch(made.id, { slug: 'held' }), 409, 'conflict', 'Another post of this store has the slug held.');
    expectValidation(await patch(made.id, { title: '' }), 'title');
    expectValidation(await patch(made.id, { markdown: 3 }), 'markdown');
  });

  it("answers 404 for another store's post and an unknown one", async () => {
    const theirs = (await create({ title: 'Theirs', markdown: 'x' }, other.privateKey)).body.data;
    for (const ref of [theirs.id, theirs.slug, '00000000-0000-4000-8000-000000000000']) {
      expectFailure(await patch(ref, { title: 'Mine now' }), 404, 'not_found', 'Post not found.');
    }
  });
});

describe('DELETE /posts/{post}', () => {
  it('deletes the post and its translations with one event; the slug is free again', async () => {
    const made = (await create({ title: 'Doomed', markdown: 'x', status: 'published' })).body.data;
    await t.database.prisma.translation.create({
      data: { storeId: shop.store.id, resourceType: 'post', resourceId: made.id, locale: 'fr', fields: { title: 'Condamné' } },
    });
    const res = await remove('doomed');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'success', message: 'Post deleted', data: { id: made.id, slug: 'doomed', deleted: true } });
    expect(await t.database.prisma.translation.count({ where: { resourceId: made.id } })).toBe(0);
    expect((await outboxOf(t.database, shop.store)).filter((e) => e.topic === 'posts/delete')).toContainEqual({
      topic: 'posts/delete',
      payload: { id: made.id, slug: 'doomed' },
    });
    expectFailure(await get(t.app, '/v1/store/posts/doomed', shop.publicKey), 404, 'not_found');
    expectFailure(await remove(made.id), 404, 'not_found', 'Post not found.');
    expect((await create({ title: 'Doomed', markdown: 'x' })).body.data.slug).toBe('doomed');
  });

  it("answers 404 for another store's post", async () => {
    const theirs = (await create({ title: 'Kept', markdown: 'x' }, other.privateKey)).body.data;
    expectFailure(await remove(theirs.id), 404, 'not_found');
    expect(await t.database.prisma.post.count({ where: { id: theirs.id } })).toBe(1);
  });
});

describe('GET /posts', () => {
  let blog: TestStore;
  beforeAll(async () => {
    blog = await makeStore(t.database);
    const make = (body: Record<string, unknown>) => create({ markdown: 'x', ...body }, blog.privateKey);
    await make({ title: 'Draft', tags: ['a'] });
    await make({ title: 'Live', status: 'published', categories: ['News'] });
    await make({ title: 'Later', status: 'published', published_at: '2026-06-01T00:00:00Z', tags: ['a'] });
  });

  const list = (query = '') => get(t.app, `${MERCHANT}/posts${query}`, blog.privateKey);
  const titles = (res: { body: { data: { title: string }[] } }) => res.body.data.map((p) => p.title).sort();

  it('lists every status, filtered by status, tag, category and search', async () => {
    const all = await list();
    expect(all.status).toBe(200);
    expect(titles(all)).toEqual(['Draft', 'Later', 'Live']);
    expect(titles(await list('?status=draft'))).toEqual(['Draft']);
    expect(titles(await list('?status=published'))).toEqual(['Live']);
    expect(titles(await list('?status=scheduled'))).toEqual(['Later']);
    expect(titles(await list('?tag=a'))).toEqual(['Draft', 'Later']);
    expect(titles(await list('?category=NEWS'))).toEqual(['Live']);
    expect(titles(await list('?search=LAT'))).toEqual(['Later']);
  });

  it('walks by cursor, one post a page, every post once', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res: Awaited<ReturnType<typeof list>> = await list(`?limit=1${cursor ? `&starting_after=${cursor}` : ''}`);
      seen.push(...res.body.data.map((p: { title: string }) => p.title));
      cursor = res.body.next_cursor;
    } while (cursor);
    expect(seen.sort()).toEqual(['Draft', 'Later', 'Live']);
  });

  it('refuses bad filters by name and needs merchant-posts-read', async () => {
    expectValidation(await list('?status=gone'), 'status');
    expectValidation(await list('?limit=101'), 'limit');
    expectFailure(
      await get(t.app, `${MERCHANT}/posts`, await makeKey(t.database, { store: blog.store.slug, kind: 'private', scopes: ['merchant-posts-write'] })),
      403,
      'insufficient_scope',
    );
  });
});
