import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openKv } from '../../src/platform/kv/open-kv.js';
import { createProduct } from '../support/catalog.js';
import { get } from '../support/http.js';
import { startTestApp } from '../support/test-app.js';
import { cli, cliFailure, cliJson, pointCliAtTestDatabase, uniqueSlug, withApp, withDatabase } from './cli-harness.js';

// Issue 22, moderation from the operator CLI: `review list|moderate`, `question list|answer`, each with --json.

const db = pointCliAtTestDatabase();
afterAll(() => db.cleanup());

const store = uniqueSlug('reviews');
let publicKey: string;
let reviewId: string;
let questionId: string;
const reviewIds: string[] = [];
const isoTime = expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);

beforeAll(async () => {
  await cliJson('store', 'create', '--name', 'Review Shop', '--slug', store);
  publicKey = (await cliJson('key', 'create', '--store', store, '--kind', 'public', '--origins', '*')).key;
  await withDatabase(db, async (database) => {
    const shop = await database.prisma.store.findUniqueOrThrow({ where: { slug: store } });
    const lamp = await createProduct(database, shop, { title: 'Lamp', slug: 'lamp' });
    const review = await database.prisma.review.create({
      data: {
        storeId: shop.id,
        productId: lamp.id,
        rating: 4,
        title: 'Bright',
        authorName: 'Ada',
        isVerifiedPurchase: true,
        submittedAt: new Date('2026-01-02T00:00:00Z'),
      },
    });
    const question = await database.prisma.question.create({ data: { storeId: shop.id, productId: lamp.id, authorName: 'Bo', body: 'Is the bulb included?' } });
    reviewId = review.uid;
    questionId = question.uid;
  });
});

describe('review list', () => {
  it('prints every review of the store with its id, status and product', async () => {
    expect(await cliJson('review', 'list', '--store', store)).toEqual({
      store,
      reviews: [
        {
          id: reviewId,
          product: 'lamp',
          product_p_id: expect.any(Number),
          status: 'pending',
          rating: 4,
          title: 'Bright',
          body: null,
          author_name: 'Ada',
          is_verified_purchase: true,
          source: null,
          source_review_id: null,
          submitted_at: '2026-01-02T00:00:00.000Z',
          reply: null,
        },
      ],
    });
    const text = await cli('review', 'list', '--store', store);
    expect(text.stdout.join('\n')).toContain(`${reviewId}  pending   4★  lamp  Ada (verified): Bright`);
  });

  it('lists only the reviews in the status --status names, and refuses any other status', async () => {
    expect((await cliJson('review', 'list', '--store', store, '--status', 'pending')).reviews.map((r: { id: string }) => r.id)).toEqual([reviewId]);
    expect((await cliJson('review', 'list', '--store', store, '--status', 'approved')).reviews).toEqual([]);
    const bad = await cli('review', 'list', '--store', store, '--status', 'hidden', '--json');
    expect(bad.code).toBe(2);
  });
});

describe('review moderate', () => {
  it('refuses a status other than approved or rejected, an unknown id and an unknown store', async () => {
    expect(await cliFailure('review', 'moderate', '--store', store, '--id', reviewId, '--status', 'pending')).toEqual({
      code: 1,
      error: { code: 'validation_failed', message: 'status must be approved or rejected.', errors: { status: ['must be approved or rejected'] } },
    });
    expect((await cliFailure('review', 'moderate', '--store', store, '--id', 'nope', '--status', 'approved')).error.code).toBe('not_found');
    expect((await cliFailure('review', 'moderate', '--store', uniqueSlug('none'), '--id', reviewId, '--status', 'approved')).error.code).toBe('not_found');
  });

  it('approves: the storefront lists it and the card and store count it', async () => {
    const out = await cliJson('review', 'moderate', '--store', store, '--id', reviewId, '--status', 'approved');
    expect(out.review).toMatchObject({ id: reviewId, status: 'approved', rating: 4 });
    await withApp(db, async (t) => {
      const list = await get(t.app, '/v1/store/products/lamp/reviews', publicKey);
      expect(list.body.data.map((r: { id: string }) => r.id)).toEqual([reviewId]);
      expect((await get(t.app, '/v1/store/products/lamp', publicKey)).body.data).toMatchObject({
        rating: 4,
        review_count: 1,
        shop: { rating: 4, rating_count: 1 },
      });
    });
  });

  it('rejects: gone from the storefront, out of the ratings', async () => {
    await cliJson('review', 'moderate', '--store', store, '--id', reviewId, '--status', 'rejected');
    await withApp(db, async (t) => {
      expect((await get(t.app, '/v1/store/products/lamp/reviews', publicKey)).body.data).toEqual([]);
      expect((await get(t.app, '/v1/store/products/lamp', publicKey)).body.data).toMatchObject({ rating: 0, review_count: 0 });
    });
  });
});

describe('review reply', () => {
  it('puts the store’s reply under the review on the storefront, replaces it, and an empty text takes it down', async () => {
    await cliJson('review', 'moderate', '--store', store, '--id', reviewId, '--status', 'approved');
    const replies = async () =>
      withApp(db, async (t) => (await get(t.app, '/v1/store/products/lamp/reviews', publicKey)).body.data.map((r: { store_reply: unknown }) => r.store_reply));
    const out = await cliJson('review', 'reply', '--store', store, '--id', reviewId, '--text', 'Thank you, Ada!');
    expect(out).toEqual({ store, review: expect.objectContaining({ id: reviewId, status: 'approved', reply: 'Thank you, Ada!' }) });
    expect(await replies()).toEqual([{ text: 'Thank you, Ada!', created_at: isoTime }]);
    await cliJson('review', 'reply', '--store', store, '--id', reviewId, '--text', 'Thanks again.');
    expect(await replies()).toEqual([{ text: 'Thanks again.', created_at: isoTime }]);
    expect((await cliJson('review', 'reply', '--store', store, '--id', reviewId, '--text', '')).review.reply).toBeNull();
    expect(await replies()).toEqual([null]);
    expect((await cliFailure('review', 'reply', '--store', store, '--id', reviewId, '--text', 'x'.repeat(2001))).error.code).toBe('validation_failed');
    await cliJson('review', 'moderate', '--store', store, '--id', reviewId, '--status', 'rejected');
  });
});

describe('review settings', () => {
  it('counts imports in the store rating with --verified-only 0, and leaves them out again with 1', async () => {
    await withDatabase(db, async (database) => {
      const shop = await database.prisma.store.findUniqueOrThrow({ where: { slug: store } });
      const lamp = await database.prisma.product.findFirstOrThrow({ where: { storeId: shop.id, slug: 'lamp' } });
      const imported = await database.prisma.review.create({
        data: { storeId: shop.id, productId: lamp.id, rating: 2, authorName: 'Imp', source: 'judge', sourceReviewId: 's-1', submittedAt: new Date() },
      });
      const verified = await database.prisma.review.create({
        data: { storeId: shop.id, productId: lamp.id, rating: 5, authorName: 'Ver', isVerifiedPurchase: true, submittedAt: new Date() },
      });
      reviewIds.push(imported.uid, verified.uid);
    });
    for (const id of reviewIds) await cliJson('review', 'moderate', '--store', store, '--id', id, '--status', 'approved');
    expect(await cliJson('review', 'settings', '--store', store, '--verified-only', '0')).toEqual({
      store,
      verified_only: false,
      auto_approve: false,
      rating: 3.5,
      rating_count: 2,
    });
    expect(await cliJson('review', 'settings', '--store', store, '--verified-only', '1', '--auto-approve', '1')).toMatchObject({
      verified_only: true,
      auto_approve: true,
      rating: 5,
      rating_count: 1,
    });
    const bad = await cli('review', 'settings', '--store', store, '--verified-only', 'yes', '--json');
    expect(bad.code).toBe(2);
  });
});

describe('review delete', () => {
  it('deletes a review and the ratings lose it; a second delete is not_found', async () => {
    const [imported, verified] = reviewIds;
    const out = await cliJson('review', 'delete', '--store', store, '--id', imported!);
    expect(out).toEqual({ store, deleted: true, review: expect.objectContaining({ id: imported, status: 'approved', rating: 2, source: 'judge' }) });
    await withApp(db, async (t) => {
      expect((await get(t.app, '/v1/store/products/lamp', publicKey)).body.data).toMatchObject({
        rating: 5,
        review_count: 1,
        shop: { rating: 5, rating_count: 1 },
      });
    });
    const text = await cli('review', 'delete', '--store', store, '--id', verified!);
    expect(text.stdout.join('\n')).toContain(`Deleted review ${verified} of store ${store}`);
    await withApp(db, async (t) => {
      expect((await get(t.app, '/v1/store/products/lamp', publicKey)).body.data).toMatchObject({
        rating: 0,
        review_count: 0,
        shop: { rating: 0, rating_count: 0 },
      });
    });
    expect((await cliFailure('review', 'delete', '--store', store, '--id', verified!)).error.code).toBe('not_found');
  });
});

describe('question list and question answer', () => {
  it('lists, refuses a blank answer, and answers, which publishes it', async () => {
    expect((await cliJson('question', 'list', '--store', store)).questions).toEqual([
      {
        id: questionId,
        product: 'lamp',
        product_p_id: expect.any(Number),
        status: 'pending',
        question: 'Is the bulb included?',
        author_name: 'Bo',
        answer: null,
        asked_at: isoTime,
        answered_at: null,
      },
    ]);
    expect((await cliFailure('question', 'answer', '--store', store, '--id', questionId, '--text', '  ')).error.code).toBe('validation_failed');
    const out = await cliJson('question', 'answer', '--store', store, '--id', questionId, '--text', 'Yes, a warm white one.');
    expect(out.question).toMatchObject({ id: questionId, status: 'published', answer: 'Yes, a warm white one.', answered_at: isoTime });
    await withApp(db, async (t) => {
      const res = await get(t.app, '/v1/store/products/lamp/questions', publicKey);
      expect(res.body.data.map((q: { answer: { text: string } }) => q.answer.text)).toEqual(['Yes, a warm white one.']);
    });
  });
});

// Beside a running server (two processes on one PostgreSQL and one Redis): the moderation reaches its cached reads at once.
const fleet = Boolean(process.env.TEST_DATABASE_URL && process.env.REDIS_URL);
describe.runIf(fleet)('moderation beside a running server', () => {
  it('shows on the server’s cached storefront reads at once', async () => {
    const database = await db.open();
    const kv = openKv(process.env.REDIS_URL);
    const t = await startTestApp({}, { database, kv });
    try {
      const shop = await database.prisma.store.findUniqueOrThrow({ where: { slug: store } });
      const desk = await createProduct(database, shop, { title: 'Desk', slug: `desk-${uniqueSlug()}` });
      const review = await database.prisma.review.create({
        data: { storeId: shop.id, productId: desk.id, rating: 5, authorName: 'Cy', submittedAt: new Date() },
      });
      const read = () => get(t.app, `/v1/store/products/${desk.slug}/reviews/summary`, publicKey);
      for (let i = 0; i < 2; i += 1) expect((await read()).body.data.review_count).toBe(0);
      await cliJson('review', 'moderate', '--store', store, '--id', review.uid, '--status', 'approved');
      expect((await read()).body.data).toMatchObject({ average_rating: 5, review_count: 1 });
    } finally {
      await t.close();
      await kv.close();
      await database.close();
    }
  });
});

describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('moderation beside a running server without Redis', () => {
  it('reaches the server’s cached storefront reads through PostgreSQL’s notifications', async () => {
    const redisUrl = process.env.REDIS_URL;
    delete process.env.REDIS_URL;
    const database = await db.open();
    // The server's versions and answers live in its own memory, as with no REDIS_URL.
    const kv = openKv(undefined);
    const t = await startTestApp({}, { database, kv });
    try {
      const shop = await database.prisma.store.findUniqueOrThrow({ where: { slug: store } });
      const stool = await createProduct(database, shop, { title: 'Stool', slug: `stool-${uniqueSlug()}` });
      const review = await database.prisma.review.create({
        data: { storeId: shop.id, productId: stool.id, rating: 3, authorName: 'Di', submittedAt: new Date() },
      });
      const read = () => get(t.app, `/v1/store/products/${stool.slug}/reviews/summary`, publicKey);
      for (let i = 0; i < 2; i += 1) expect((await read()).body.data.review_count).toBe(0);
      await cliJson('review', 'moderate', '--store', store, '--id', review.uid, '--status', 'approved');
      await expect.poll(async () => (await read()).body.data.review_count, { timeout: 10_000 }).toBe(1);
    } finally {
      if (redisUrl) process.env.REDIS_URL = redisUrl;
      await t.close();
      await kv.close();
      await database.close();
    }
  });
});
