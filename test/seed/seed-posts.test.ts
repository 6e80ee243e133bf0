import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedPosts } from '../../src/seed/seed-posts.js';
import { get } from '../support/http.js';
import { makeStore, type TestStore } from '../support/stores.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

// The demo's blog: a dozen published posts with covers, tags and categories, translated into French.

let t: TestApp;
let shop: TestStore;
const now = new Date('2026-05-01T12:00:00.000Z');

beforeAll(async () => {
  t = await startTestApp({}, { clock: () => now.getTime() });
  shop = await makeStore(t.database, { locales: ['en', 'fr'] });
  await seedPosts(t.database.prisma, shop.store, { media: t.media, now });
});
afterAll(() => t.close());

describe('seedPosts', () => {
  it('publishes twelve posts, newest a week ago, each with a cover, tags and a category', async () => {
    const res = await get(t.app, '/v1/store/posts?per_page=50', shop.publicKey);
    expect(res.body.data).toHaveLength(12);
    expect(res.body.data[0]).toMatchObject({
      slug: 'caring-for-linen',
      published_at: '2026-04-24T12:00:00.000Z',
      blog_categories: [{ name: 'Care guides', slug: 'care-guides' }],
    });
    for (const post of res.body.data) {
      expect(post.cover_image_variants).not.toBeNull();
      expect(post.tags.length).toBeGreaterThan(0);
    }
    const related = await get(t.app, '/v1/store/posts/caring-for-linen', shop.publicKey);
    expect(related.body.data.related.length).toBeGreaterThan(0);
  });

  it('answers every post in French', async () => {
    const res = await get(t.app, '/v1/store/posts?per_page=50&locale=fr', shop.publicKey);
    expect(res.headers['content-language']).toBe('fr');
    expect(res.body.data[0]).toMatchObject({ title: 'Entretenir le lin', excerpt: 'Lavez à froid, séchez à plat, repassez humide.' });
    expect(res.body.data.every((p: { content: { data: { markdown: string } }[] }) => p.content[0]!.data.markdown.includes('Lisez la suite'))).toBe(true);
  });
});
