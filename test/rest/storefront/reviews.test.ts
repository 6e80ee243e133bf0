import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product, Review } from '../../../src/generated/prisma/client.js';
import { createProduct } from '../../support/catalog.js';
import { expectFailure, expectValidation } from '../../support/failure.js';
import { get } from '../../support/http.js';
import { addQuestion, addReview, moderate } from '../../support/reviews.js';
import { makeStore, type TestStore } from '../../support/stores.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';

// GET /store/products/{slug}/reviews, /reviews/summary and /questions, and the ratings every card and the store info show.

let t: TestApp;
let shop: TestStore;
let other: TestStore;
let lamp: Product;
let quiet: Product;
let theirs: Product;
const day = (n: number) => new Date(Date.UTC(2026, 0, n, 12));
const reviews: Record<string, Review> = {};

beforeAll(async () => {
  t = await startTestApp();
  shop = await makeStore(t.database);
  other = await makeStore(t.database);
  lamp = await createProduct(t.database, shop.store, { title: 'Lamp' });
  quiet = await createProduct(t.database, shop.store, { title: 'Quiet' });
  theirs = await createProduct(t.database, other.store, { title: 'Lamp' });
  // Ties on stars and on the date, so every tie-breaker is walked.
  const add = async (name: string, rating: number, d: number, extra: Parameters<typeof addReview>[3] = { rating }) => {
    reviews[name] = await addReview(t.database, shop.store, lamp, { status: 'approved', title: name, submittedAt: day(d), ...extra, rating });
  };
  await add('a', 5, 1);
  await add('b', 4, 2);
  await add('c', 4, 2);
  await add('d', 2, 3);
  await add('e', 5, 4, { rating: 5, source: 'judge' });
  await add('f', 1, 5, { rating: 1, source: 'judge' });
  reviews.pending = await addReview(t.database, shop.store, lamp, { rating: 3, title: 'pending', submittedAt: day(6) });
  reviews.rejected = await addReview(t.database, shop.store, lamp, { rating: 1, title: 'rejected', submittedAt: day(7), status: 'rejected' });
  await addReview(t.database, other.store, theirs, { rating: 2, status: 'approved', title: 'theirs' });
});
afterAll(() => t.close());

const read = (url: string, key = shop.publicKey) => get(t.app, url, key);
const titles = (body: { data: { title: string }[] }) => body.data.map((r) => r.title);

async function walk(query: string, size: number): Promise<string[]> {
  const seen: string[] = [];
  let cursor: string | null = null;
  do {
    const after: string = cursor ? `&starting_after=${encodeURIComponent(cursor)}` : '';
    const res = await read(`/v1/store/products/${lamp.slug}/reviews?per_page=${size}${query}${after}`);
    expect(res.status).toBe(200);
    seen.push(...titles(res.body));
    cursor = res.body.has_more ? res.body.next_cursor : null;
  } while (cursor);
  return seen;
}

describe('GET /store/products/{slug}/reviews', () => {
  it('lists the approved reviews, imports included, newest first, as Review items', async () => {
    const res = await read(`/v1/store/products/${lamp.slug}/reviews`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'success', message: 'Reviews', has_more: false, next_cursor: null });
    expect(titles(res.body)).toEqual(['f', 'e', 'd', 'c', 'b', 'a']);
    expect(res.body.data[5]).toEqual({
      id: reviews.a!.uid,
      rating: 5,
      title: 'a',
      body: null,
      author_name: 'Sam',
      is_verified_purchase: true,
      media: [],
      created_at: day(1).toISOString(),
      store_reply: null,
    });
    expect(res.body.data[0]).toMatchObject({ title: 'f', is_verified_purchase: false });
  });

  it('sorts oldest, highest and lowest, each tie broken the same way on every read', async () => {
    const sorted = async (sort: string) => titles((await read(`/v1/store/products/${lamp.slug}/reviews?sort=${sort}`)).body);
    expect(await sorted('newest')).toEqual(['f', 'e', 'd', 'c', 'b', 'a']);
    expect(await sorted('oldest')).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
    expect(await sorted('highest')).toEqual(['e', 'a', 'c', 'b', 'd', 'f']);
    expect(await sorted('lowest')).toEqual(['f', 'd', 'c', 'b', 'e', 'a']);
  });

  it('walks every sort by cursor, one row a page, with no row skipped or repeated', async () => {
    expect(await walk('&sort=highest', 1)).toEqual(['e', 'a', 'c', 'b', 'd', 'f']);
    expect(await walk('&sort=lowest', 2)).toEqual(['f', 'd', 'c', 'b', 'e', 'a']);
    expect(await walk('&sort=oldest', 4)).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
  });

  it('filters by stars and to verified purchases', async () => {
    expect(titles((await read(`/v1/store/products/${lamp.slug}/reviews?rating=4`)).body)).toEqual(['c', 'b']);
    expect(titles((await read(`/v1/store/products/${lamp.slug}/reviews?verified_only=1`)).body)).toEqual(['d', 'c', 'b', 'a']);
    expect(titles((await read(`/v1/store/products/${lamp.slug}/reviews?verified_only=0&rating=5`)).body)).toEqual(['e', 'a']);
  });

  it('walks by page with limit as the alias of per_page', async () => {
    const first = await read(`/v1/store/products/${lamp.slug}/reviews?page=1&limit=4`);
    expect(titles(first.body)).toEqual(['f', 'e', 'd', 'c']);
    expect(first.body.has_more).toBe(true);
    const second = await read(`/v1/store/products/${lamp.slug}/reviews?page=2&per_page=4`);
    expect({ titles: titles(second.body), has_more: second.body.has_more, next_cursor: second.body.next_cursor }).toEqual({
      titles: ['b', 'a'],
      has_more: false,
      next_cursor: null,
    });
    expect(await walk('', 50)).toEqual(['f', 'e', 'd', 'c', 'b', 'a']);
  });

  it('refuses bad parameters with 422 naming the field', async () => {
    expectValidation(await read(`/v1/store/products/${lamp.slug}/reviews?rating=6`), 'rating');
    expectValidation(await read(`/v1/store/products/${lamp.slug}/reviews?per_page=51`), 'per_page');
    expectValidation(await read(`/v1/store/products/${lamp.slug}/reviews?limit=0`), 'limit');
    expectValidation(await read(`/v1/store/products/${lamp.slug}/reviews?sort=best`), 'sort');
    expectValidation(await read(`/v1/store/products/${lamp.slug}/reviews?verified_only=maybe`), 'verified_only');
    expectValidation(await read(`/v1/store/products/${lamp.slug}/reviews?page=2&starting_after=abc`), 'page');
    expectFailure(await read(`/v1/store/products/${lamp.slug}/reviews?page=51`), 422, 'page_too_deep', expect.stringContaining('page 50'));
    expectFailure(await read(`/v1/store/products/${lamp.slug}/reviews?starting_after=nonsense`), 422, 'starting_after_invalid');
  });

  it('binds a cursor to its filters and sort', async () => {
    const first = await read(`/v1/store/products/${lamp.slug}/reviews?per_page=1&sort=highest`);
    const cursor = encodeURIComponent(first.body.next_cursor);
    expectFailure(await read(`/v1/store/products/${lamp.slug}/reviews?sort=lowest&starting_after=${cursor}`), 422, 'starting_after_invalid');
    expectFailure(await read(`/v1/store/products/${quiet.slug}/reviews?sort=highest&starting_after=${cursor}`), 422, 'starting_after_invalid');
  });

  it('cannot be moderated through another store', async () => {
    await expect(moderate(t.database, other.store, reviews.a!.uid, 'rejected')).rejects.toMatchObject({ code: 'not_found' });
    expect(titles((await read(`/v1/store/products/${lamp.slug}/reviews?rating=5&verified_only=1`)).body)).toEqual(['a']);
  });

  it('answers 404 for an unknown product and for another store’s', async () => {
    expectFailure(await read('/v1/store/products/nothing-here/reviews'), 404, 'not_found');
    expectFailure(await read(`/v1/store/products/${theirs.slug}/reviews`), 404, 'not_found');
    expect(titles((await read(`/v1/store/products/${theirs.slug}/reviews`, other.publicKey)).body)).toEqual(['theirs']);
  });
});

describe('GET /store/products/{slug}/reviews/summary', () => {
  it('answers the average to one decimal, the count and every star', async () => {
    const res = await read(`/v1/store/products/${lamp.slug}/reviews/summary`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      status: 'success',
      message: 'Review summary',
      data: {
        average_rating: 3.5,
        review_count: 6,
        distribution: [
          { stars: 1, count: 1 },
          { stars: 2, count: 1 },
          { stars: 3, count: 0 },
          { stars: 4, count: 2 },
          { stars: 5, count: 2 },
        ],
      },
    });
  });

  it('narrows to verified purchases with verified_only=1', async () => {
    const res = await read(`/v1/store/products/${lamp.slug}/reviews/summary?verified_only=1`);
    expect(res.body.data).toEqual({
      average_rating: 3.8,
      review_count: 4,
      distribution: [
        { stars: 1, count: 0 },
        { stars: 2, count: 1 },
        { stars: 3, count: 0 },
        { stars: 4, count: 2 },
        { stars: 5, count: 1 },
      ],
    });
  });

  it('answers zeros for a product without reviews', async () => {
    const res = await read(`/v1/store/products/${quiet.slug}/reviews/summary`);
    expect(res.body.data).toEqual({ average_rating: 0, review_count: 0, distribution: [1, 2, 3, 4, 5].map((stars) => ({ stars, count: 0 })) });
  });
});

describe('GET /store/products/{slug}/questions', () => {
  let shelf: Product;
  beforeAll(async () => {
    shelf = await createProduct(t.database, shop.store, { title: 'Shelf' });
    await addQuestion(t.database, shop.store, shelf, 'How tall?', 'Two metres.', day(1));
    await addQuestion(t.database, shop.store, shelf, 'Unanswered?', undefined, day(2));
    await addQuestion(t.database, shop.store, shelf, 'Oak or pine?', 'Oak.', day(3));
    await addQuestion(t.database, shop.store, shelf, 'Screws included?', 'Yes.', day(3));
  });

  it('lists the answered questions with their answers, newest asked first', async () => {
    const res = await read(`/v1/store/products/${shelf.slug}/questions`);
    expect(res.status).toBe(200);
    expect(res.body.data.map((q: { question: string }) => q.question)).toEqual(['Screws included?', 'Oak or pine?', 'How tall?']);
    expect(res.body.data[2]).toEqual({
      id: expect.any(String),
      question: 'How tall?',
      author_name: 'Alex',
      created_at: day(1).toISOString(),
      answer: { text: 'Two metres.', created_at: expect.any(String) },
    });
  });

  it('walks by cursor and by page, 1-50 a page', async () => {
    const first = await read(`/v1/store/products/${shelf.slug}/questions?limit=2`);
    expect(first.body.has_more).toBe(true);
    const rest = await read(`/v1/store/products/${shelf.slug}/questions?limit=2&starting_after=${encodeURIComponent(first.body.next_cursor)}`);
    expect(rest.body.data.map((q: { question: string }) => q.question)).toEqual(['How tall?']);
    const page2 = await read(`/v1/store/products/${shelf.slug}/questions?page=2&per_page=2`);
    expect(page2.body.data.map((q: { question: string }) => q.question)).toEqual(['How tall?']);
    expectValidation(await read(`/v1/store/products/${shelf.slug}/questions?per_page=51`), 'per_page');
  });
});

describe('ratings on cards and on the store', () => {
  const card = async (slug: string) => (await read(`/v1/store/products/${slug}`)).body.data;

  it('shows the tally on the product card and detail: approved imports included', async () => {
    const res = await read('/v1/store/products?per_page=100');
    const lampCard = res.body.data.find((p: { slug: string }) => p.slug === lamp.slug);
    expect({ rating: lampCard.rating, review_count: lampCard.review_count }).toEqual({ rating: 3.5, review_count: 6 });
    expect(await card(lamp.slug)).toMatchObject({ rating: 3.5, review_count: 6 });
  });

  it('counts only verified purchases in the store rating', async () => {
    const info = await read('/v1/store/info');
    expect({ rating: info.body.data.rating, rating_count: info.body.data.rating_count }).toEqual({ rating: 3.75, rating_count: 4 });
    expect((await card(lamp.slug)).shop).toMatchObject({ rating: 3.75, rating_count: 4 });
  });

  it('follows every approval, rejection and re-approval at once, cached reads included', async () => {
    const summary = async () => (await read(`/v1/store/products/${quiet.slug}/reviews/summary`)).body.data;
    expect((await summary()).review_count).toBe(0);
    const review = await addReview(t.database, shop.store, quiet, { rating: 2, submittedAt: day(9) });
    expect((await summary()).review_count).toBe(0);
    await moderate(t.database, shop.store, review.uid, 'approved');
    expect(await summary()).toMatchObject({ average_rating: 2, review_count: 1 });
    expect(await card(quiet.slug)).toMatchObject({ rating: 2, review_count: 1 });
    await moderate(t.database, shop.store, review.uid, 'approved');
    expect((await summary()).review_count).toBe(1);
    await moderate(t.database, shop.store, review.uid, 'rejected');
    expect(await summary()).toMatchObject({ average_rating: 0, review_count: 0 });
    expect(await card(quiet.slug)).toMatchObject({ rating: 0, review_count: 0 });
    expect(titles((await read(`/v1/store/products/${quiet.slug}/reviews`)).body)).toEqual([]);
    await moderate(t.database, shop.store, review.uid, 'approved');
    expect(await card(quiet.slug)).toMatchObject({ rating: 2, review_count: 1 });
    const info = await read('/v1/store/info');
    expect({ rating: info.body.data.rating, rating_count: info.body.data.rating_count }).toEqual({ rating: 3.4, rating_count: 5 });
  });

  it('leaves another store’s ratings alone', async () => {
    const info = await read('/v1/store/info', other.publicKey);
    expect({ rating: info.body.data.rating, rating_count: info.body.data.rating_count }).toEqual({ rating: 2, rating_count: 1 });
  });
});
