import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '../../src/generated/prisma/client.js';
import { createProduct } from '../support/catalog.js';
import { signInCustomer, type SignedInCustomer } from '../support/customers.js';
import { get, graphql } from '../support/http.js';
import { moveOrderTo, placeDeliveryOrder } from '../support/orders.js';
import { addQuestion, addReview } from '../support/reviews.js';
import { makeStore, type TestStore } from '../support/stores.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

// Issue 22 in GraphQL, the shopper's face: Product.reviews, reviewSummary and questions over the
// REST list's domain functions, and the signed-in customer's reviewWrite, questionAsk and
// reviewDeleteMine with the REST writes' caps and hourly limit.

let t: TestApp;
let now = new Date('2026-11-26T10:00:00.000Z');
let shop: TestStore;
let other: TestStore;
let lamp: Product;
let desk: Product;
let mug: Product;
let ada: SignedInCustomer;
let bo: SignedInCustomer;

const day = (n: number) => new Date(Date.UTC(2026, 9, n));

beforeAll(async () => {
  t = await startTestApp({ RATE_LIMIT_GRAPHQL: '0' }, { clock: () => now.getTime() });
  shop = await makeStore(t.database);
  other = await makeStore(t.database);
  await t.database.prisma.store.update({ where: { id: shop.store.id }, data: { deliveryFee: '4.00', address: '5 Market St' } });
  lamp = await createProduct(t.database, shop.store, { title: 'Lamp', price: '20.00', stock: 50 });
  desk = await createProduct(t.database, shop.store, { title: 'Desk', price: '90.00', stock: 50 });
  mug = await createProduct(t.database, shop.store, { title: 'Mug', price: '8.00', stock: 50 });
  await addReview(t.database, shop.store, lamp, { rating: 5, title: 'Bright', authorName: 'Ann', submittedAt: day(1), status: 'approved' });
  await addReview(t.database, shop.store, lamp, { rating: 2, authorName: 'Ben', submittedAt: day(2), status: 'approved' });
  await addReview(t.database, shop.store, lamp, { rating: 4, authorName: 'Cat', source: 'judgeme', submittedAt: day(3), status: 'approved' });
  await addReview(t.database, shop.store, lamp, { rating: 1, authorName: 'Dan', submittedAt: day(4), status: 'rejected' });
  await addReview(t.database, shop.store, lamp, { rating: 3, authorName: 'Eve', submittedAt: day(5) });
  await addQuestion(t.database, shop.store, lamp, 'Is the bulb included?', 'Yes, a warm one.', day(6));
  await addQuestion(t.database, shop.store, lamp, 'Does it dim?');
  ada = await signInCustomer(t.database, shop.store);
  bo = await signInCustomer(t.database, shop.store);
  const order = await placeDeliveryOrder(t.app, shop, ada.auth, { lines: [{ item_id: mug.id, quantity: 1 }] });
  await moveOrderTo(t, order, 'delivered');
});
afterAll(() => t.close());

const productQuery = (fields: string) => `query($slug: String!) { product(slug: $slug) { ${fields} } }`;
const read = async (fields: string, slug = lamp.slug) => {
  const res = await graphql(t.app, shop.publicKey, productQuery(fields), { slug });
  expect(res.body.errors, res.raw).toBeUndefined();
  return res.body.data.product;
};
const names = (connection: { edges: { node: { authorName: string } }[] }) => connection.edges.map((e) => e.node.authorName);

describe('Product.reviews', () => {
  it('lists approved reviews newest first, imports included, as the REST list does', async () => {
    const product = await read(
      'reviews(first: 10) { edges { node { uuid rating title body authorName isVerifiedPurchase media { uuid } createdAt storeReply { text } } } pageInfo { hasNextPage } }',
    );
    expect(names(product.reviews)).toEqual(['Cat', 'Ben', 'Ann']);
    expect(product.reviews.edges[2].node).toEqual({
      uuid: expect.any(String),
      rating: 5,
      title: 'Bright',
      body: null,
      authorName: 'Ann',
      isVerifiedPurchase: true,
      media: [],
      createdAt: day(1).toISOString(),
      storeReply: null,
    });
    const rest = await get(t.app, `/v1/store/products/${lamp.slug}/reviews`, shop.publicKey);
    expect(product.reviews.edges.map((e: { node: { uuid: string } }) => e.node.uuid)).toEqual(rest.body.data.map((r: { id: string }) => r.id));
  });

  it('sorts, filters by rating and by verified purchase, and walks by cursor', async () => {
    expect(names((await read('reviews(sort: HIGHEST) { edges { node { authorName } } }')).reviews)).toEqual(['Ann', 'Cat', 'Ben']);
    expect(names((await read('reviews(sort: LOWEST) { edges { node { authorName } } }')).reviews)).toEqual(['Ben', 'Cat', 'Ann']);
    expect(names((await read('reviews(sort: OLDEST) { edges { node { authorName } } }')).reviews)).toEqual(['Ann', 'Ben', 'Cat']);
    expect(names((await read('reviews(rating: 2) { edges { node { authorName } } }')).reviews)).toEqual(['Ben']);
    expect(names((await read('reviews(verifiedOnly: true) { edges { node { authorName } } }')).reviews)).toEqual(['Ben', 'Ann']);
    const first = (await read('reviews(first: 2) { edges { node { authorName } } pageInfo { hasNextPage endCursor } }')).reviews;
    expect(names(first)).toEqual(['Cat', 'Ben']);
    expect(first.pageInfo.hasNextPage).toBe(true);
    const res = await graphql(
      t.app,
      shop.publicKey,
      productQuery('reviews(first: 2, after: $after) { edges { node { authorName } } pageInfo { hasNextPage } }').replace(
        '$slug: String!',
        '$slug: String!, $after: String',
      ),
      {
        slug: lamp.slug,
        after: first.pageInfo.endCursor,
      },
    );
    expect(names(res.body.data.product.reviews)).toEqual(['Ann']);
    expect(res.body.data.product.reviews.pageInfo.hasNextPage).toBe(false);
  });

  it('refuses a rating outside 1-5 and a page past 50 with validation_failed, never a 500', async () => {
    for (const args of ['rating: 6', 'first: 51']) {
      const res = await graphql(t.app, shop.publicKey, productQuery(`reviews(${args}) { edges { node { rating } } }`), { slug: lamp.slug });
      expect(res.status).toBe(200);
      expect(res.body.errors[0].extensions.code).toBe('validation_failed');
    }
  });
});

describe('Product.reviewSummary', () => {
  it('reads the tally: average to one decimal, count and every star, all or verified purchases only', async () => {
    const product = await read(
      'all: reviewSummary { averageRating reviewCount distribution { stars count } } verified: reviewSummary(verifiedOnly: true) { averageRating reviewCount }',
    );
    expect(product.all).toEqual({
      averageRating: 3.7,
      reviewCount: 3,
      distribution: [
        { stars: 1, count: 0 },
        { stars: 2, count: 1 },
        { stars: 3, count: 0 },
        { stars: 4, count: 1 },
        { stars: 5, count: 1 },
      ],
    });
    expect(product.verified).toEqual({ averageRating: 3.5, reviewCount: 2 });
    expect((await read('reviewSummary { averageRating reviewCount }', desk.slug)).reviewSummary).toEqual({ averageRating: 0, reviewCount: 0 });
  });

  it('costs the same statements for a list of 2 products and of 3: the tallies are read in one batch', async () => {
    const statements = async (size: number) => {
      const before = t.database.statementCount();
      const res = await graphql(t.app, shop.publicKey, `{ products(first: ${size}) { edges { node { slug reviewSummary { reviewCount } } } } }`);
      expect(res.body.errors, res.raw).toBeUndefined();
      return { count: t.database.statementCount() - before, nodes: res.body.data.products.edges.length };
    };
    const two = await statements(2);
    const three = await statements(3);
    expect([two.nodes, three.nodes]).toEqual([2, 3]);
    expect(three.count).toBe(two.count);
  });
});

describe('Product.questions', () => {
  it('lists answered questions with the store answer; a pending one stays hidden', async () => {
    const product = await read('questions(first: 5) { edges { node { question authorName createdAt answer { text } } } }');
    expect(product.questions.edges).toEqual([
      { node: { question: 'Is the bulb included?', authorName: 'Alex', createdAt: day(6).toISOString(), answer: { text: 'Yes, a warm one.' } } },
    ]);
  });
});

const userErrors = 'userErrors { field code message }';
const reviewWrite = `mutation($slug: String!, $input: ReviewWriteInput!) { reviewWrite(productSlug: $slug, input: $input) { review { uuid rating title authorName isVerifiedPurchase status } created ${userErrors} } }`;
const questionAsk = `mutation($slug: String!, $input: QuestionAskInput!) { questionAsk(productSlug: $slug, input: $input) { question { question authorName status } ${userErrors} } }`;
const reviewDeleteMine = `mutation($slug: String!) { reviewDeleteMine(productSlug: $slug) { deletedReviewId ${userErrors} } }`;
const asCustomer = (who: SignedInCustomer | null, query: string, variables: Record<string, unknown>, headers: Record<string, string> = {}) =>
  graphql(t.app, shop.publicKey, query, variables, { ...(who ? who.auth : {}), ...headers });
const card = async (slug: string) => (await get(t.app, `/v1/store/products/${slug}`, shop.publicKey)).body.data;

describe('reviewWrite', () => {
  it('takes a verified review from a customer who received the product, then a second write replaces it', async () => {
    const first = await asCustomer(ada, reviewWrite, { slug: mug.slug, input: { rating: 5, title: 'Lovely', authorName: 'Ada L.' } });
    expect(first.body).toEqual({
      data: {
        reviewWrite: {
          review: { uuid: expect.any(String), rating: 5, title: 'Lovely', authorName: 'Ada L.', isVerifiedPurchase: true, status: 'PENDING' },
          created: true,
          userErrors: [],
        },
      },
    });
    const second = await asCustomer(ada, reviewWrite, { slug: mug.slug, input: { rating: 3, authorName: 'Ada L.' } });
    expect(second.body.data.reviewWrite).toMatchObject({ review: { uuid: first.body.data.reviewWrite.review.uuid, rating: 3, title: null }, created: false });
    expect(await t.database.prisma.review.count({ where: { productId: mug.id } })).toBe(1);
  });

  it('answers bad input as userErrors naming the input field, and writes nothing', async () => {
    const res = await asCustomer(ada, reviewWrite, { slug: mug.slug, input: { rating: 0, authorName: '' } });
    expect(res.body.data.reviewWrite).toEqual({
      review: null,
      created: null,
      userErrors: [
        { field: 'input.rating', code: 'validation_failed', message: 'must be from 1 to 5' },
        { field: 'input.authorName', code: 'validation_failed', message: expect.any(String) },
      ],
    });
    const missing = await asCustomer(ada, reviewWrite, { slug: 'no-such-thing', input: { rating: 4, authorName: 'Ada' } });
    expect(missing.body.data.reviewWrite.userErrors).toEqual([{ field: null, code: 'not_found', message: expect.any(String) }]);
  });

  it('refuses a customer who has not received the product, and a shopper not signed in', async () => {
    const bought = await asCustomer(bo, reviewWrite, { slug: mug.slug, input: { rating: 5, authorName: 'Bo' } });
    expect(bought.body.errors[0].extensions.code).toBe('forbidden');
    const anonymous = await asCustomer(null, reviewWrite, { slug: mug.slug, input: { rating: 5, authorName: 'Anon' } });
    expect(anonymous.body.errors[0].extensions.code).toBe('customer_token_required');
    expect(await t.database.prisma.review.count({ where: { customerId: bo.customer.id } })).toBe(0);
  });

  it('answers a repeat under one Idempotency-Key with the first answer, writing once', async () => {
    const headers = { 'idempotency-key': 'gql-review-once' };
    const variables = { slug: mug.slug, input: { rating: 4, authorName: 'Ada L.' } };
    const first = await asCustomer(ada, reviewWrite, variables, headers);
    const again = await asCustomer(ada, reviewWrite, variables, headers);
    expect(again.body).toEqual(first.body);
    const events = await t.database.prisma.outboxEvent.count({ where: { storeId: shop.store.id, topic: 'reviews/update' } });
    await asCustomer(ada, reviewWrite, variables, headers);
    expect(await t.database.prisma.outboxEvent.count({ where: { storeId: shop.store.id, topic: 'reviews/update' } })).toBe(events);
  });
});

describe('questionAsk', () => {
  it('takes a question, pending until the store answers it', async () => {
    const res = await asCustomer(bo, questionAsk, { slug: desk.slug, input: { question: 'Is it oak?', authorName: 'Bo' } });
    expect(res.body).toEqual({ data: { questionAsk: { question: { question: 'Is it oak?', authorName: 'Bo', status: 'PENDING' }, userErrors: [] } } });
    const blank = await asCustomer(bo, questionAsk, { slug: desk.slug, input: { question: '', authorName: 'Bo' } });
    expect(blank.body.data.questionAsk.userErrors[0]).toMatchObject({ field: 'input.question', code: 'validation_failed' });
  });

  it('shares the hourly cap with the REST writes: too_many_requests past 10 an hour', async () => {
    now = new Date('2026-11-26T14:00:00.000Z');
    const cy = await signInCustomer(t.database, shop.store);
    for (let i = 0; i < 10; i += 1) {
      expect(
        (await asCustomer(cy, questionAsk, { slug: desk.slug, input: { question: `Q${i}?`, authorName: 'Cy' } })).body.data.questionAsk.userErrors,
      ).toEqual([]);
    }
    const refused = await asCustomer(cy, questionAsk, { slug: desk.slug, input: { question: 'One more?', authorName: 'Cy' } });
    expect(refused.body.errors[0].extensions.code).toBe('too_many_requests');
  });
});

describe('reviewDeleteMine', () => {
  it("deletes the customer's own review and the card loses it; a second delete is not_found", async () => {
    now = new Date('2026-11-26T16:00:00.000Z');
    await t.database.prisma.store.update({ where: { id: shop.store.id }, data: { autoApproveVerifiedReviews: true } });
    await asCustomer(ada, reviewWrite, { slug: mug.slug, input: { rating: 4, authorName: 'Ada L.' } });
    await t.database.prisma.store.update({ where: { id: shop.store.id }, data: { autoApproveVerifiedReviews: false } });
    expect(await card(mug.slug)).toMatchObject({ rating: 4, review_count: 1 });
    const res = await asCustomer(ada, reviewDeleteMine, { slug: mug.slug });
    expect(res.body.data.reviewDeleteMine).toEqual({ deletedReviewId: expect.any(String), userErrors: [] });
    expect(await card(mug.slug)).toMatchObject({ rating: 0, review_count: 0 });
    const again = await asCustomer(ada, reviewDeleteMine, { slug: mug.slug });
    expect(again.body.data.reviewDeleteMine).toEqual({ deletedReviewId: null, userErrors: [{ field: null, code: 'not_found', message: expect.any(String) }] });
  });

  it("never reaches another customer's or another store's review", async () => {
    const theirs = await createProduct(t.database, other.store, { title: 'Theirs' });
    expect((await asCustomer(bo, reviewDeleteMine, { slug: lamp.slug })).body.data.reviewDeleteMine.userErrors[0].code).toBe('not_found');
    expect((await asCustomer(bo, reviewDeleteMine, { slug: theirs.slug })).body.data.reviewDeleteMine.userErrors[0].code).toBe('not_found');
    expect(await t.database.prisma.review.count({ where: { productId: lamp.id } })).toBe(5);
  });
});
