import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, type Call } from '../../support/http.js';
import { makeStore, type TestStore } from '../../support/stores.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';
import { MERCHANT } from '../../support/writes.js';

// Post writes sent many at once. PGlite runs one transaction at a time, so the race is real only on
// PostgreSQL (TEST_DATABASE_URL); the embedded run checks the same answers one after another.
// At most SLUG_ATTEMPTS (10) creates of one title at once are guaranteed to succeed (create-post.ts).
const racers = 8;

let t: TestApp;
let shop: TestStore;

beforeAll(async () => {
  t = await startTestApp({ RATE_LIMIT_MERCHANT: '0' });
  shop = await makeStore(t.database);
});
afterAll(() => t.close());

const send = (method: 'POST' | 'PATCH', path: string, body: unknown) =>
  call(t.app, { method, url: `${MERCHANT}${path}`, key: shop.privateKey, headers: { 'content-type': 'application/json' }, payload: JSON.stringify(body) });
const race = (one: (i: number) => Promise<Call>) => Promise.all(Array.from({ length: racers }, (_, i) => one(i)));

describe('POST /posts, one title sent at once', () => {
  it('creates every post, each with its own derived slug', async () => {
    const answers = await race(() => send('POST', '/posts', { title: 'Same Title', markdown: 'x' }));
    expect(answers.map((a) => a.status)).toEqual(Array(racers).fill(201));
    const slugs = answers.map((a) => a.body.data.slug as string).sort();
    expect(new Set(slugs).size).toBe(racers);
    expect(slugs).toEqual(['same-title', ...Array.from({ length: racers - 1 }, (_, i) => `same-title-${i + 2}`)].sort());
  });
});

describe('POST /posts, one slug sent at once', () => {
  it('creates one post and answers 409 conflict to the others', async () => {
    const answers = await race((i) => send('POST', '/posts', { title: `Claim ${i}`, slug: 'claimed', markdown: 'x' }));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409 && a.body.error_code === 'conflict')).toHaveLength(racers - 1);
    expect(await t.database.prisma.post.count({ where: { storeId: shop.store.id, slug: 'claimed' } })).toBe(1);
  });
});

describe('PATCH /posts/{post}, many edits at once', () => {
  it('applies every edit one after another, each with its event', async () => {
    const made = (await send('POST', '/posts', { title: 'Edited', markdown: 'x' })).body.data;
    const answers = await race((i) => send('PATCH', `/posts/${made.id}`, i % 2 ? { tags: [`t${i}`] } : { status: 'published' }));
    expect(answers.map((a) => a.status)).toEqual(Array(racers).fill(200));
    const events = await t.database.prisma.outboxEvent.count({ where: { storeId: shop.store.id, topic: 'posts/update' } });
    expect(events).toBe(racers);
    const row = await t.database.prisma.post.findUniqueOrThrow({ where: { id: made.id } });
    expect(row.status).toBe('published');
    expect(row.publishedAt).not.toBeNull();
  });
});
