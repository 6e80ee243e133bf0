import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '../../src/generated/prisma/client.js';
import { installTestApp, type TestInstallation } from '../support/apps.js';
import { createProduct } from '../support/catalog.js';
import { get, graphql } from '../support/http.js';
import { addQuestion, addReview } from '../support/reviews.js';
import { makeKey, makeStore, type TestStore } from '../support/stores.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { outboxOf } from '../support/writes.js';

// Issue 22 in GraphQL, the merchant's face: merchant.reviews and merchant.questions, reviewModerate,
// reviewDelete and questionAnswer behind merchant-reviews-moderate (Bazaar's extension scope), and
// reviewsImport for installed review apps with the REST import's quotas and per-item results.

let t: TestApp;
let now = new Date('2026-11-26T10:00:30.000Z');
let shop: TestStore;
let other: TestStore;
let lamp: Product;
let judge: TestInstallation;

const day = (n: number) => new Date(Date.UTC(2026, 9, n));

beforeAll(async () => {
  t = await startTestApp({ RATE_LIMIT_GRAPHQL: '0', RATE_LIMIT_MERCHANT: '0' }, { clock: () => now.getTime() });
  shop = await makeStore(t.database);
  other = await makeStore(t.database);
  lamp = await createProduct(t.database, shop.store, { title: 'Lamp' });
  judge = await installTestApp(t.database, shop.store, ['merchant-reviews-import', 'merchant-reviews-read']);
});
afterAll(() => t.close());

const userErrors = 'userErrors { field code message }';
const reviewFields = 'uuid rating authorName isVerifiedPurchase status source product { pId slug }';
const reviewsQuery = `query($status: ReviewStatus, $first: Int) { merchant { reviews(status: $status, first: $first) { edges { node { ${reviewFields} } } pageInfo { hasNextPage } } } }`;
const moderateMutation = `mutation($id: String!, $status: ReviewModerationStatus!) { reviewModerate(id: $id, status: $status) { review { ${reviewFields} } ${userErrors} } }`;
const replyMutation = `mutation($id: String!, $text: String!) { reviewReply(id: $id, text: $text) { review { uuid storeReply { text } } ${userErrors} } }`;
const deleteMutation = `mutation($id: String!) { reviewDelete(id: $id) { deletedReviewId ${userErrors} } }`;
const answerMutation = `mutation($id: String!, $text: String!) { questionAnswer(id: $id, text: $text) { question { uuid question status answer { text } product { slug } } ${userErrors} } }`;
const importMutation = `mutation($input: ReviewsImportInput!) { reviewsImport(input: $input) { results { sourceReviewId result status productPId reason } ${userErrors} } }`;

const run = async (query: string, variables: Record<string, unknown>, key = shop.privateKey, headers: Record<string, string> = {}) => {
  const res = await graphql(t.app, key, query, variables, headers);
  expect(res.body.errors, res.raw).toBeUndefined();
  return Object.values(res.body.data as Record<string, any>)[0];
};
const card = async (product: Product) => (await get(t.app, `/v1/store/products/${product.slug}`, shop.publicKey)).body.data;
const summary = async (product: Product) => (await get(t.app, `/v1/store/products/${product.slug}/reviews/summary`, shop.publicKey)).body.data;

describe('merchant.reviews and merchant.questions', () => {
  it('list every review of the store, native and imported, newest written first, by status; never another store’s', async () => {
    const product = await createProduct(t.database, shop.store, { title: 'Shelf' });
    const a = await addReview(t.database, shop.store, product, { rating: 5, authorName: 'Ann' });
    const b = await addReview(t.database, shop.store, product, { rating: 3, authorName: 'Ben', source: 'judgeme', status: 'approved' });
    await addReview(t.database, other.store, await createProduct(t.database, other.store, { title: 'Theirs' }), { rating: 1, authorName: 'Zed' });
    const all = (await run(reviewsQuery, {})).reviews.edges.map((e: { node: { uuid: string } }) => e.node.uuid);
    expect(all).toEqual([b.uid, a.uid]);
    const pending = (await run(reviewsQuery, { status: 'PENDING' })).reviews.edges;
    expect(pending).toEqual([
      {
        node: {
          uuid: a.uid,
          rating: 5,
          authorName: 'Ann',
          isVerifiedPurchase: true,
          status: 'PENDING',
          source: null,
          product: { pId: product.pId, slug: product.slug },
        },
      },
    ]);
    const q = await addQuestion(t.database, shop.store, product, 'Is it oak?');
    const questions = await run(`{ merchant { questions(status: PENDING) { edges { node { uuid question status answer { text } } } } } }`, {});
    expect(questions.questions.edges).toEqual([{ node: { uuid: q.uid, question: 'Is it oak?', status: 'PENDING', answer: null } }]);
  });

  it('need merchant-reviews-moderate', async () => {
    const key = await makeKey(t.database, { store: shop.store.slug, kind: 'private', scopes: ['merchant-reviews-read'] });
    const res = await graphql(t.app, key, reviewsQuery, {});
    expect(res.body.errors[0].extensions.code).toBe('insufficient_scope');
    const write = await graphql(t.app, key, moderateMutation, { id: '00000000-0000-4000-8000-000000000000', status: 'APPROVED' });
    expect(write.body.errors[0].extensions.code).toBe('insufficient_scope');
  });
});

describe('reviewModerate', () => {
  it('approves and rejects, the card and the summary following in the same transaction', async () => {
    const review = await addReview(t.database, shop.store, lamp, { rating: 4, authorName: 'Cat' });
    const approved = await run(moderateMutation, { id: review.uid, status: 'APPROVED' });
    expect(approved).toEqual({
      review: {
        uuid: review.uid,
        rating: 4,
        authorName: 'Cat',
        isVerifiedPurchase: true,
        status: 'APPROVED',
        source: null,
        product: { pId: lamp.pId, slug: lamp.slug },
      },
      userErrors: [],
    });
    expect(await card(lamp)).toMatchObject({ rating: 4, review_count: 1 });
    await run(moderateMutation, { id: review.uid, status: 'REJECTED' });
    expect(await card(lamp)).toMatchObject({ rating: 0, review_count: 0 });
    expect((await outboxOf(t.database, shop.store)).filter((e) => e.topic === 'reviews/update').length).toBeGreaterThanOrEqual(2);
  });

  it('answers an unknown or another store’s review as a not_found userError', async () => {
    const theirs = await addReview(t.database, other.store, await createProduct(t.database, other.store, { title: 'Vase' }), { rating: 2 });
    for (const id of [theirs.uid, 'not-a-uuid']) {
      expect(await run(moderateMutation, { id, status: 'APPROVED' })).toEqual({
        review: null,
        userErrors: [{ field: null, code: 'not_found', message: expect.any(String) }],
      });
    }
    expect((await t.database.prisma.review.findUniqueOrThrow({ where: { id: theirs.id } })).status).toBe('pending');
  });
});

describe('reviewReply', () => {
  it('puts the store’s reply on the storefront item, moves no rating, and an empty text takes it down', async () => {
    const review = await addReview(t.database, shop.store, lamp, { rating: 5, authorName: 'Dee', status: 'approved' });
    const ratingBefore = (await card(lamp)).rating;
    expect(await run(replyMutation, { id: review.uid, text: '  Glad it shines!  ' })).toEqual({
      review: { uuid: review.uid, storeReply: { text: 'Glad it shines!' } },
      userErrors: [],
    });
    const listed = (await get(t.app, `/v1/store/products/${lamp.slug}/reviews`, shop.publicKey)).body.data.find((r: { id: string }) => r.id === review.uid);
    expect(listed.store_reply).toEqual({ text: 'Glad it shines!', created_at: now.toISOString() });
    expect((await card(lamp)).rating).toBe(ratingBefore);
    expect(await run(replyMutation, { id: review.uid, text: '' })).toEqual({ review: { uuid: review.uid, storeReply: null }, userErrors: [] });
    expect(await run(replyMutation, { id: review.uid, text: 'x'.repeat(2001) })).toEqual({
      review: null,
      userErrors: [{ field: 'text', code: 'validation_failed', message: 'must be at most 2000 characters' }],
    });
    expect((await run(replyMutation, { id: '00000000-0000-4000-8000-000000000000', text: 'Hi' })).userErrors[0].code).toBe('not_found');
  });
});

describe('reviewDelete', () => {
  it('keeps the tallies exact after deleting approved, pending, verified and imported reviews', async () => {
    const product = await createProduct(t.database, shop.store, { title: 'Stool' });
    const verified = await addReview(t.database, shop.store, product, { rating: 5, status: 'approved' });
    const imported = await addReview(t.database, shop.store, product, { rating: 2, source: 'judgeme', status: 'approved' });
    const pending = await addReview(t.database, shop.store, product, { rating: 1 });
    const rejected = await addReview(t.database, shop.store, product, { rating: 1, status: 'rejected' });
    const storeBefore = await t.database.prisma.store.findUniqueOrThrow({ where: { id: shop.store.id } });
    expect(await summary(product)).toMatchObject({ average_rating: 3.5, review_count: 2 });

    for (const gone of [pending, rejected]) expect((await run(deleteMutation, { id: gone.uid })).userErrors).toEqual([]);
    expect(await summary(product)).toMatchObject({ average_rating: 3.5, review_count: 2 });

    expect(await run(deleteMutation, { id: imported.uid })).toEqual({ deletedReviewId: imported.uid, userErrors: [] });
    expect(await summary(product)).toEqual({
      average_rating: 5,
      review_count: 1,
      distribution: [1, 2, 3, 4, 5].map((stars) => ({ stars, count: stars === 5 ? 1 : 0 })),
    });
    const afterImport = await t.database.prisma.store.findUniqueOrThrow({ where: { id: shop.store.id } });
    expect([afterImport.reviewCountAll, afterImport.reviewCountVerified]).toEqual([storeBefore.reviewCountAll - 1, storeBefore.reviewCountVerified]);

    await run(deleteMutation, { id: verified.uid });
    expect(await card(product)).toMatchObject({ rating: 0, review_count: 0 });
    expect(await t.database.prisma.productRating.findUniqueOrThrow({ where: { productId: product.id } })).toMatchObject({ stars5: 0, verified5: 0, stars2: 0 });
    const storeAfter = await t.database.prisma.store.findUniqueOrThrow({ where: { id: shop.store.id } });
    expect([storeAfter.reviewCountAll, storeAfter.reviewStarsAll, storeAfter.reviewCountVerified, storeAfter.reviewStarsVerified]).toEqual([
      storeBefore.reviewCountAll - 2,
      storeBefore.reviewStarsAll - 7,
      storeBefore.reviewCountVerified - 1,
      storeBefore.reviewStarsVerified - 5,
    ]);
    const events = (await outboxOf(t.database, shop.store)).filter((e) => e.topic === 'reviews/delete');
    expect(events.map((e) => (e.payload as { id: string }).id)).toEqual([pending.uid, rejected.uid, imported.uid, verified.uid]);
    expect(events[2]!.payload).toEqual({ id: imported.uid, product_id: product.id, status: 'approved', source: 'judgeme' });
  });

  it('answers a second delete, and another store’s review, as not_found', async () => {
    const review = await addReview(t.database, shop.store, lamp, { rating: 3 });
    await run(deleteMutation, { id: review.uid });
    expect(await run(deleteMutation, { id: review.uid })).toEqual({
      deletedReviewId: null,
      userErrors: [{ field: null, code: 'not_found', message: expect.any(String) }],
    });
    const theirs = await addReview(t.database, other.store, await createProduct(t.database, other.store, { title: 'Rug' }), { rating: 2, status: 'approved' });
    expect((await run(deleteMutation, { id: theirs.uid })).userErrors[0].code).toBe('not_found');
    expect(await t.database.prisma.review.count({ where: { id: theirs.id } })).toBe(1);
  });

  it('answers a repeat under one Idempotency-Key with the first answer', async () => {
    const review = await addReview(t.database, shop.store, lamp, { rating: 3 });
    const headers = { 'idempotency-key': 'gql-review-delete' };
    const first = await graphql(t.app, shop.privateKey, deleteMutation, { id: review.uid }, headers);
    const again = await graphql(t.app, shop.privateKey, deleteMutation, { id: review.uid }, headers);
    expect(first.body.data.reviewDelete).toEqual({ deletedReviewId: review.uid, userErrors: [] });
    expect(again.body).toEqual(first.body);
  });
});

describe('questionAnswer', () => {
  it('publishes the question with the answer; empty text is a userError on text', async () => {
    const q = await addQuestion(t.database, shop.store, lamp, 'Does it dim?');
    expect(await run(answerMutation, { id: q.uid, text: 'Yes.' })).toEqual({
      question: { uuid: q.uid, question: 'Does it dim?', status: 'PUBLISHED', answer: { text: 'Yes.' }, product: { slug: lamp.slug } },
      userErrors: [],
    });
    expect((await get(t.app, `/v1/store/products/${lamp.slug}/questions`, shop.publicKey)).body.data.map((x: { id: string }) => x.id)).toContain(q.uid);
    expect((await run(answerMutation, { id: q.uid, text: ' ' })).userErrors).toEqual([
      { field: 'text', code: 'validation_failed', message: expect.any(String) },
    ]);
  });
});

const item = (id: string, extra: Record<string, unknown> = {}) => ({
  sourceReviewId: id,
  product: String(lamp.pId),
  rating: 4,
  title: 'Nice',
  description: 'Good light.',
  authorDisplayName: 'Jo',
  submittedAt: '2026-10-01T08:00:00Z',
  ...extra,
});

describe('reviewsImport', () => {
  it('imports with a result per item, as POST /reviews/import does', async () => {
    const res = await run(
      importMutation,
      { input: { reviews: [item('g-1'), item('g-2', { product: lamp.slug, rating: 2 }), item('g-3', { product: 'missing' })] } },
      judge.key,
    );
    expect(res).toEqual({
      results: [
        { sourceReviewId: 'g-1', result: 'IMPORTED', status: 'PENDING', productPId: lamp.pId, reason: null },
        { sourceReviewId: 'g-2', result: 'IMPORTED', status: 'PENDING', productPId: lamp.pId, reason: null },
        { sourceReviewId: 'g-3', result: 'PRODUCT_NOT_FOUND', status: null, productPId: null, reason: 'names no product of this store (missing)' },
      ],
      userErrors: [],
    });
    const row = await t.database.prisma.review.findFirstOrThrow({ where: { installationId: judge.id, sourceReviewId: 'g-1' } });
    expect(row).toMatchObject({ source: judge.appSlug, isVerifiedPurchase: false, submittedAt: new Date('2026-10-01T08:00:00Z') });
    const again = await run(importMutation, { input: { reviews: [item('g-1'), item('g-2', { product: lamp.slug, rating: 5 })] } }, judge.key);
    expect(again.results.map((r: { result: string }) => r.result)).toEqual(['UNCHANGED', 'UPDATED']);
  });

  it('answers bad input as userErrors naming the item field, counting nothing against the quota', async () => {
    now = new Date('2026-11-26T11:00:30.000Z');
    expect((await run(importMutation, { input: { reviews: [item('x', { rating: 6 })] } }, judge.key)).userErrors).toEqual([
      { field: 'input.reviews.0.rating', code: 'validation_failed', message: 'must be from 1 to 5' },
    ]);
    expect((await run(importMutation, { input: { reviews: [item('x'), item('x')] } }, judge.key)).userErrors).toEqual([
      { field: 'input.reviews.1.sourceReviewId', code: 'validation_failed', message: 'is sent twice in this request' },
    ]);
    for (let i = 0; i < 30; i += 1) expect((await run(importMutation, { input: { reviews: [item('g-1')] } }, judge.key)).userErrors).toEqual([]);
    const refused = await graphql(t.app, judge.key, importMutation, { input: { reviews: [item('g-1')] } });
    expect(refused.body.errors[0].extensions.code).toBe('too_many_requests');
  });

  it('is forbidden to a key the merchant minted, and needs merchant-reviews-import', async () => {
    now = new Date('2026-11-26T12:00:30.000Z');
    expect((await graphql(t.app, shop.privateKey, importMutation, { input: { reviews: [item('m-1')] } })).body.errors[0].extensions.code).toBe('forbidden');
    const reader = await installTestApp(t.database, shop.store, ['merchant-reviews-read']);
    expect((await graphql(t.app, reader.key, importMutation, { input: { reviews: [item('m-1')] } })).body.errors[0].extensions.code).toBe('insufficient_scope');
  });
});
