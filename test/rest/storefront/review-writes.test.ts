import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '../../../src/generated/prisma/client.js';
import { createProduct } from '../../support/catalog.js';
import { signInCustomer, type SignedInCustomer } from '../../support/customers.js';
import { expectFailure, expectValidation } from '../../support/failure.js';
import { call, get } from '../../support/http.js';
import { moveOrderTo, placeDeliveryOrder } from '../../support/orders.js';
import { moderate } from '../../support/reviews.js';
import { makeStore, type TestStore } from '../../support/stores.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';

// Issue 22, a shopper's writes (designed): POST /store/products/{slug}/reviews and /questions.

let t: TestApp;
let now = new Date('2026-11-26T10:00:00.000Z');
let shop: TestStore;
let other: TestStore;
let mug: Product;
let vase: Product;
let ada: SignedInCustomer;
let bo: SignedInCustomer;

beforeAll(async () => {
  t = await startTestApp({}, { clock: () => now.getTime() });
  shop = await makeStore(t.database);
  other = await makeStore(t.database);
  await t.database.prisma.store.update({ where: { id: shop.store.id }, data: { deliveryFee: '4.00', address: '5 Market St', preorderEnabled: true } });
  mug = await createProduct(t.database, shop.store, { title: 'Mug', price: '8.00', stock: 50 });
  vase = await createProduct(t.database, shop.store, { title: 'Vase', price: '12.00', stock: 50 });
  ada = await signInCustomer(t.database, shop.store);
  bo = await signInCustomer(t.database, shop.store);
  const order = await placeDeliveryOrder(t.app, shop, ada.auth, { lines: [{ item_id: mug.id, quantity: 1 }] });
  await moveOrderTo(t, order, 'delivered');
  // Bo ordered a vase that has not arrived yet.
  await placeDeliveryOrder(t.app, shop, bo.auth, { lines: [{ item_id: vase.id, quantity: 1 }] });
});
afterAll(() => t.close());

const post = (path: string, body: unknown, who: SignedInCustomer | null, extra: Record<string, string> = {}) =>
  call(t.app, {
    method: 'POST',
    url: `/v1${path}`,
    key: shop.publicKey,
    headers: { 'content-type': 'application/json', ...(who ? who.auth : {}), ...extra },
    payload: JSON.stringify(body),
  });

describe('POST /store/products/{slug}/reviews', () => {
  it('takes a verified review from a customer who received the product, pending moderation', async () => {
    const res = await post(`/store/products/${mug.slug}/reviews`, { rating: 5, title: 'Lovely', body: 'Keeps tea warm.', author_name: 'Ada L.' }, ada);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      status: 'success',
      message: 'Review received',
      data: {
        id: expect.any(String),
        rating: 5,
        title: 'Lovely',
        body: 'Keeps tea warm.',
        author_name: 'Ada L.',
        is_verified_purchase: true,
        media: [],
        created_at: now.toISOString(),
        store_reply: null,
        status: 'pending',
      },
    });
    expect((await get(t.app, `/v1/store/products/${mug.slug}/reviews`, shop.publicKey)).body.data).toEqual([]);
  });

  it('keeps one review per customer and product: a second write updates it and the ratings follow', async () => {
    const first = await t.database.prisma.review.findFirstOrThrow({ where: { productId: mug.id, customerId: ada.customer.id } });
    await moderate(t.database, shop.store, first.uid, 'approved');
    expect((await get(t.app, `/v1/store/products/${mug.slug}`, shop.publicKey)).body.data).toMatchObject({ rating: 5, review_count: 1 });
    now = new Date(now.getTime() + 60_000);
    const res = await post(`/store/products/${mug.slug}/reviews`, { rating: 3, author_name: 'Ada L.' }, ada);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: first.uid, rating: 3, title: null, status: 'pending' });
    expect(await t.database.prisma.review.count({ where: { productId: mug.id, customerId: ada.customer.id } })).toBe(1);
    expect((await get(t.app, `/v1/store/products/${mug.slug}`, shop.publicKey)).body.data).toMatchObject({ rating: 0, review_count: 0 });
  });

  it('approves at once where the store auto-approves verified reviews', async () => {
    await t.database.prisma.store.update({ where: { id: shop.store.id }, data: { autoApproveVerifiedReviews: true } });
    const res = await post(`/store/products/${mug.slug}/reviews`, { rating: 4, author_name: 'Ada L.' }, ada);
    expect(res.body.data.status).toBe('approved');
    expect((await get(t.app, `/v1/store/products/${mug.slug}/reviews/summary`, shop.publicKey)).body.data).toMatchObject({
      average_rating: 4,
      review_count: 1,
    });
    await t.database.prisma.store.update({ where: { id: shop.store.id }, data: { autoApproveVerifiedReviews: false } });
  });

  it('refuses a customer who has not received the product, and a shopper not signed in', async () => {
    expectFailure(await post(`/store/products/${vase.slug}/reviews`, { rating: 5, author_name: 'Bo' }, bo), 403, 'forbidden');
    expectFailure(await post(`/store/products/${mug.slug}/reviews`, { rating: 5, author_name: 'Bo' }, bo), 403, 'forbidden');
    expectFailure(await post(`/store/products/${mug.slug}/reviews`, { rating: 5, author_name: 'Anon' }, null), 401, 'customer_token_required');
    expect(await t.database.prisma.review.count({ where: { customerId: bo.customer.id } })).toBe(0);
  });

  it('refuses bad input with 422 naming the field, and another store’s product with 404', async () => {
    expectValidation(await post(`/store/products/${mug.slug}/reviews`, { rating: 0, author_name: 'Ada' }, ada), 'rating');
    expectValidation(await post(`/store/products/${mug.slug}/reviews`, { rating: 4 }, ada), 'author_name');
    expectValidation(await post(`/store/products/${mug.slug}/reviews`, { rating: 4, author_name: 'Ada', body: 'x'.repeat(5001) }, ada), 'body');
    expectValidation(await post(`/store/products/${mug.slug}/reviews`, { rating: 4, author_name: 'Ada', verified: true }, ada), 'verified');
    const theirs = await createProduct(t.database, other.store, { title: 'Theirs' });
    expectFailure(await post(`/store/products/${theirs.slug}/reviews`, { rating: 4, author_name: 'Ada' }, ada), 404, 'not_found');
  });

  it('answers a repeat under one Idempotency-Key with the first answer', async () => {
    const headers = { 'idempotency-key': 'review-once' };
    const first = await post(`/store/products/${mug.slug}/reviews`, { rating: 2, author_name: 'Ada L.' }, ada, headers);
    const again = await post(`/store/products/${mug.slug}/reviews`, { rating: 2, author_name: 'Ada L.' }, ada, headers);
    expect(again.status).toBe(first.status);
    expect(again.body).toEqual(first.body);
  });
});

describe('DELETE /store/products/{slug}/reviews/mine', () => {
  const remove = (slug: string, who: SignedInCustomer | null, extra: Record<string, string> = {}) =>
    call(t.app, { method: 'DELETE', url: `/v1/store/products/${slug}/reviews/mine`, key: shop.publicKey, headers: { ...(who ? who.auth : {}), ...extra } });

  it("deletes the customer's own review, the ratings lose it in the same transaction, a second delete is 404", async () => {
    await t.database.prisma.store.update({ where: { id: shop.store.id }, data: { autoApproveVerifiedReviews: true } });
    await post(`/store/products/${mug.slug}/reviews`, { rating: 5, author_name: 'Ada L.' }, ada);
    await t.database.prisma.store.update({ where: { id: shop.store.id }, data: { autoApproveVerifiedReviews: false } });
    expect((await get(t.app, `/v1/store/products/${mug.slug}`, shop.publicKey)).body.data).toMatchObject({
      rating: 5,
      review_count: 1,
      shop: { rating: 5, rating_count: 1 },
    });
    const res = await remove(mug.slug, ada, { 'idempotency-key': 'review-delete-once' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'success', message: 'Review deleted' });
    expect((await remove(mug.slug, ada, { 'idempotency-key': 'review-delete-once' })).body).toEqual(res.body);
    expect((await get(t.app, `/v1/store/products/${mug.slug}`, shop.publicKey)).body.data).toMatchObject({
      rating: 0,
      review_count: 0,
      shop: { rating: 0, rating_count: 0 },
    });
    expect(await t.database.prisma.review.count({ where: { productId: mug.id, customerId: ada.customer.id } })).toBe(0);
    const event = await t.database.prisma.outboxEvent.findFirstOrThrow({ where: { storeId: shop.store.id, topic: 'reviews/delete' } });
    expect(event.payload).toEqual({ id: expect.any(String), product_id: mug.id, status: 'approved', source: null });
    expectFailure(await remove(mug.slug, ada), 404, 'not_found');
  });

  it("never reaches another customer's review; needs a signed-in customer", async () => {
    await post(`/store/products/${mug.slug}/reviews`, { rating: 4, author_name: 'Ada L.' }, ada);
    expectFailure(await remove(mug.slug, bo), 404, 'not_found');
    expectFailure(await remove(mug.slug, null), 401, 'customer_token_required');
    expect(await t.database.prisma.review.count({ where: { productId: mug.id, customerId: ada.customer.id } })).toBe(1);
  });
});

describe('POST /store/products/{slug}/questions', () => {
  it('takes a question, shown once the store answers it', async () => {
    const res = await post(`/store/products/${vase.slug}/questions`, { question: 'Is it watertight?', author_name: 'Bo' }, bo);
    expect(res.status).toBe(201);
    expect(res.body.data).toEqual({
      id: expect.any(String),
      question: 'Is it watertight?',
      author_name: 'Bo',
      created_at: now.toISOString(),
      status: 'pending',
    });
    expect((await get(t.app, `/v1/store/products/${vase.slug}/questions`, shop.publicKey)).body.data).toEqual([]);
    expectValidation(await post(`/store/products/${vase.slug}/questions`, { question: '', author_name: 'Bo' }, bo), 'question');
  });
});

describe('the hourly cap on a customer’s writes', () => {
  it('takes 10 reviews and questions an hour, then 429 with Retry-After until the hour ends', async () => {
    now = new Date('2026-11-26T12:00:00.000Z');
    const cy = await signInCustomer(t.database, shop.store);
    for (let i = 0; i < 10; i += 1)
      expect((await post(`/store/products/${vase.slug}/questions`, { question: `Q${i}?`, author_name: 'Cy' }, cy)).status).toBe(201);
    now = new Date('2026-11-26T12:59:00.000Z');
    const refused = await post(`/store/products/${vase.slug}/questions`, { question: 'One more?', author_name: 'Cy' }, cy);
    expectFailure(refused, 429, 'too_many_requests');
    expect(refused.headers['retry-after']).toBe('60');
    now = new Date('2026-11-26T13:00:00.000Z');
    expect((await post(`/store/products/${vase.slug}/questions`, { question: 'One more?', author_name: 'Cy' }, cy)).status).toBe(201);
  });
});

// PGlite runs one transaction at a time, so the race is real only on PostgreSQL.
describe('one customer writing one product’s review several times at once', () => {
  it('keeps one row, counted once in the ratings', async () => {
    now = new Date('2026-11-26T15:00:00.000Z');
    await t.database.prisma.store.update({ where: { id: shop.store.id }, data: { autoApproveVerifiedReviews: true } });
    const dee = await signInCustomer(t.database, shop.store);
    const order = await placeDeliveryOrder(t.app, shop, dee.auth, { lines: [{ item_id: vase.id, quantity: 1 }] });
    await moveOrderTo(t, order, 'completed');
    const answers = await Promise.all([1, 2, 3, 4, 5].map((rating) => post(`/store/products/${vase.slug}/reviews`, { rating, author_name: 'Dee' }, dee)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 200, 201]);
    const rows = await t.database.prisma.review.findMany({ where: { productId: vase.id, customerId: dee.customer.id } });
    expect(rows).toHaveLength(1);
    const summary = (await get(t.app, `/v1/store/products/${vase.slug}/reviews/summary`, shop.publicKey)).body.data;
    expect(summary).toMatchObject({ review_count: 1, average_rating: rows[0]!.rating });
    await t.database.prisma.store.update({ where: { id: shop.store.id }, data: { autoApproveVerifiedReviews: false } });
  });
});
