import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '../../../src/generated/prisma/client.js';
import { installTestApp, type TestInstallation } from '../../support/apps.js';
import { createProduct } from '../../support/catalog.js';
import { expectFailure, expectValidation } from '../../support/failure.js';
import { get } from '../../support/http.js';
import { picture, serve, startLocalServer, type LocalServer } from '../../support/media-fixtures.js';
import { addReview, holdPendingImports, moderate } from '../../support/reviews.js';
import { makeStore, type TestStore } from '../../support/stores.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';
import { MERCHANT, send } from '../../support/writes.js';

// Issue 22, merchant Reviews: GET /reviews and POST /reviews/import for installed review apps, with
// the Limits table's quotas on a controllable clock.

let t: TestApp;
let now = new Date('2026-11-26T10:00:30.000Z');
let server: LocalServer;
let shop: TestStore;
let other: TestStore;
let judge: TestInstallation;
let yotpo: TestInstallation;
let lamp: Product;
let desk: Product;
let theirs: Product;

const scopes = ['merchant-reviews-import', 'merchant-reviews-read'];

beforeAll(async () => {
  server = await startLocalServer({ '/photo.png': serve(await picture(640, 480)), '/notes.txt': serve('not a picture', 'text/plain') });
  t = await startTestApp({ MEDIA_FETCH_ALLOW: server.hostPort }, { clock: () => now.getTime() });
  shop = await makeStore(t.database);
  other = await makeStore(t.database);
  judge = await installTestApp(t.database, shop.store, scopes);
  yotpo = await installTestApp(t.database, shop.store, scopes);
  lamp = await createProduct(t.database, shop.store, { title: 'Lamp' });
  desk = await createProduct(t.database, shop.store, { title: 'Desk' });
  theirs = await createProduct(t.database, other.store, { title: 'Theirs' });
});
afterAll(async () => {
  await t.close();
  await server.close();
});

/** Each test moves to a fresh minute, so earlier requests never count against its quota. */
let minute = 0;
const nextMinute = () => {
  minute += 1;
  now = new Date(Date.UTC(2026, 10, 26, 10, minute, 30));
};

const review = (id: string, extra: Record<string, unknown> = {}) => ({
  source_review_id: id,
  product: lamp.pId,
  rating: 4,
  title: 'Nice',
  description: 'Good light.',
  author_display_name: 'Jo',
  submitted_at: '2026-10-01T08:00:00Z',
  ...extra,
});
const importAs = (app: TestInstallation, reviews: unknown[]) => send(t.app, app.key, 'POST', '/reviews/import', { reviews });
const listAs = (app: TestInstallation, query = '') => get(t.app, `${MERCHANT}/reviews${query}`, app.key);

describe('POST /reviews/import', () => {
  it('imports pending reviews and answers a result per item, failures with their reason', async () => {
    nextMinute();
    const res = await importAs(judge, [
      review('j-1'),
      review('j-2', { product: desk.slug, rating: 2 }),
      review('j-3', { product: desk.id, media: [`${server.origin}/photo.png`] }),
      review('j-4', { product: 'no-such-product' }),
      review('j-5', { product: theirs.pId }),
      review('j-6', { media: [`${server.origin}/notes.txt`] }),
    ]);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      status: 'success',
      message: 'Reviews imported',
      data: {
        results: [
          { source_review_id: 'j-1', result: 'imported', status: 'pending', product_p_id: lamp.pId, reason: null },
          { source_review_id: 'j-2', result: 'imported', status: 'pending', product_p_id: desk.pId, reason: null },
          { source_review_id: 'j-3', result: 'imported', status: 'pending', product_p_id: desk.pId, reason: null },
          {
            source_review_id: 'j-4',
            result: 'product_not_found',
            status: null,
            product_p_id: null,
            reason: 'names no product of this store (no-such-product)',
          },
          { source_review_id: 'j-5', result: 'product_not_found', status: null, product_p_id: null, reason: `names no product of this store (${theirs.pId})` },
          { source_review_id: 'j-6', result: 'media_refused', status: null, product_p_id: lamp.pId, reason: expect.any(String) },
        ],
      },
    });
    const j3 = await t.database.prisma.review.findFirstOrThrow({ where: { installationId: judge.id, sourceReviewId: 'j-3' } });
    expect(j3).toMatchObject({ source: judge.appSlug, isVerifiedPurchase: false, status: 'pending' });
    const media = j3.media as { url: string; source: string }[];
    expect(media).toHaveLength(1);
    expect(media[0]!.source).toBe(`${server.origin}/photo.png`);
    expect(media[0]!.url.startsWith('http://bazaar.test/media/')).toBe(true);
  });

  it('re-imports idempotently: the same row, updated when changed, its tally following an approved one', async () => {
    nextMinute();
    const first = await t.database.prisma.review.findFirstOrThrow({ where: { installationId: judge.id, sourceReviewId: 'j-1' } });
    await moderate(t.database, shop.store, first.uid, 'approved');
    expect((await get(t.app, `/v1/store/products/${lamp.slug}/reviews/summary`, shop.publicKey)).body.data).toMatchObject({
      average_rating: 4,
      review_count: 1,
    });
    const again = await importAs(judge, [review('j-1'), review('j-2', { product: desk.pId, rating: 2 })]);
    expect(again.body.data.results.map((r: { result: string }) => r.result)).toEqual(['unchanged', 'unchanged']);
    const changed = await importAs(judge, [review('j-1', { rating: 5, title: 'Great' }), review('j-2', { product: lamp.pId })]);
    expect(changed.body.data.results).toEqual([
      { source_review_id: 'j-1', result: 'updated', status: 'approved', product_p_id: lamp.pId, reason: null },
      {
        source_review_id: 'j-2',
        result: 'product_mismatch',
        status: null,
        product_p_id: lamp.pId,
        reason: 'was imported for another product; a review never moves',
      },
    ]);
    const rows = await t.database.prisma.review.findMany({ where: { installationId: judge.id, sourceReviewId: 'j-1' } });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: first.id, rating: 5, title: 'Great', editedAt: now });
    expect((await get(t.app, `/v1/store/products/${lamp.slug}/reviews/summary`, shop.publicKey)).body.data).toMatchObject({
      average_rating: 5,
      review_count: 1,
    });
  });

  it('refuses bad input with 422 naming the field, counting nothing against the quota', async () => {
    nextMinute();
    expectValidation(await importAs(judge, []), 'reviews');
    expectValidation(
      await importAs(
        judge,
        Array.from({ length: 101 }, (_, i) => review(`x-${i}`)),
      ),
      'reviews',
    );
    expectValidation(await importAs(judge, [review('x', { rating: 6 })]), 'reviews.0.rating');
    expectValidation(await importAs(judge, [review('x', { submitted_at: 'yesterday' })]), 'reviews.0.submitted_at');
    expectValidation(await importAs(judge, [review('x', { author_display_name: '' })]), 'reviews.0.author_display_name');
    expectValidation(await importAs(judge, [review('x', { verified: true })]), 'reviews.0.verified');
    expectValidation(await importAs(judge, [review('x'), review('x')]), 'reviews.1.source_review_id');
    for (let i = 0; i < 30; i += 1) expect((await importAs(judge, [review('j-1', { rating: 5, title: 'Great' })])).status).toBe(200);
  });

  it('answers 403 forbidden to a key the merchant minted', async () => {
    nextMinute();
    expectFailure(await send(t.app, shop.privateKey, 'POST', '/reviews/import', { reviews: [review('m-1')] }), 403, 'forbidden');
    expectFailure(await get(t.app, `${MERCHANT}/reviews`, shop.privateKey), 403, 'forbidden');
  });
});

describe('review import quotas', () => {
  it('allows 30 requests a minute, then 429 with Retry-After until the minute ends; failures count', async () => {
    nextMinute();
    const quota = await installTestApp(t.database, shop.store, scopes);
    for (let i = 0; i < 29; i += 1) expect((await importAs(quota, [review('q-1', { product: 'missing' })])).status).toBe(200);
    expect((await importAs(quota, [review('q-1')])).status).toBe(200);
    now = new Date(now.getTime() + 15_000);
    const refused = await importAs(quota, [review('q-2')]);
    expectFailure(refused, 429, 'too_many_requests', expect.stringContaining('30 review imports this minute'));
    expect(refused.headers['retry-after']).toBe('15');
    expect(await t.database.prisma.review.count({ where: { installationId: quota.id, sourceReviewId: 'q-2' } })).toBe(0);
    nextMinute();
    expect((await importAs(quota, [review('q-2')])).status).toBe(200);
  });

  it('allows 2,000 a day, then 429 with Retry-After until the day ends', async () => {
    const daily = await installTestApp(t.database, shop.store, scopes);
    const start = Date.UTC(2026, 10, 27, 0, 0, 30);
    for (let i = 0; i < 2000; i += 1) {
      now = new Date(start + Math.floor(i / 30) * 60_000);
      await t.kv.increment(`review-import:${daily.id}:minute:${Math.floor(now.getTime() / 60_000)}`, 60_000);
    }
    now = new Date(Date.UTC(2026, 10, 27, 23, 0, 0));
    for (let i = 0; i < 2000; i += 1) await t.kv.increment(`review-import:${daily.id}:day:${Math.floor(now.getTime() / 86_400_000)}`, 86_400_000);
    const refused = await importAs(daily, [review('d-1')]);
    expectFailure(refused, 429, 'too_many_requests', expect.stringContaining('2000 review imports this day'));
    expect(refused.headers['retry-after']).toBe('3600');
    now = new Date(Date.UTC(2026, 10, 28, 0, 0, 1));
    expect((await importAs(daily, [review('d-1')])).status).toBe(200);
  });

  it('counts toward the day only the requests the minute lets through', async () => {
    const retrying = await installTestApp(t.database, shop.store, scopes);
    now = new Date(Date.UTC(2026, 10, 29, 12, 0, 30));
    const day = Math.floor(now.getTime() / 86_400_000);
    for (let i = 0; i < 1999; i += 1) await t.kv.increment(`review-import:${retrying.id}:day:${day}`, 86_400_000);
    for (let i = 0; i < 30; i += 1) await t.kv.increment(`review-import:${retrying.id}:minute:${Math.floor(now.getTime() / 60_000)}`, 60_000);
    expectFailure(await importAs(retrying, [review('r-1')]), 429, 'too_many_requests', expect.stringContaining('this minute'));
    now = new Date(Date.UTC(2026, 10, 29, 12, 1, 30));
    expect((await importAs(retrying, [review('r-1')])).status).toBe(200);
    expectFailure(await importAs(retrying, [review('r-2')]), 429, 'too_many_requests', expect.stringContaining('2000 review imports this day'));
  });

  it('refuses new rows past 5,000 pending per app and store with 422 limit_reached, re-imports still pass', async () => {
    nextMinute();
    const capped = await installTestApp(t.database, shop.store, scopes);
    await holdPendingImports(t.database, shop.store, lamp, capped, 4999);
    expectFailure(await importAs(capped, [review('n-1'), review('n-2')]), 422, 'limit_reached', expect.stringContaining('4999 pending reviews'));
    expect((await importAs(capped, [review('n-1')])).body.data.results[0].result).toBe('imported');
    expectFailure(await importAs(capped, [review('n-2')]), 422, 'limit_reached');
    expect((await importAs(capped, [review('held-0', { rating: 1 })])).body.data.results[0].result).toBe('updated');
  });
});

describe('GET /reviews', () => {
  it("lists only the calling app's imports, newest ingested first, as Imported review objects", async () => {
    nextMinute();
    await importAs(yotpo, [review('y-1', { rating: 1 })]);
    now = new Date(now.getTime() + 1000);
    await importAs(yotpo, [review('y-2', { rating: 3, title: 'Fine lamp', media: [`${server.origin}/photo.png`] })]);
    await addReview(t.database, shop.store, lamp, { rating: 5, status: 'approved' });
    const res = await listAs(yotpo);
    expect(res.status).toBe(200);
    expect(res.body.data.map((r: { source_review_id: string }) => r.source_review_id)).toEqual(['y-2', 'y-1']);
    expect(res.body.data[0]).toEqual({
      source_review_id: 'y-2',
      source: yotpo.appSlug,
      author_display_name: 'Jo',
      product_p_id: lamp.pId,
      rating: 3,
      title: 'Fine lamp',
      description: 'Good light.',
      media: [{ id: expect.any(String), url: expect.stringMatching(/^http:\/\/bazaar\.test\/media\//), source_url: `${server.origin}/photo.png` }],
      status: 'pending',
      is_verified_purchase: false,
      submitted_at: '2026-10-01T08:00:00.000Z',
      created_at: now.toISOString(),
      edited_at: null,
    });
  });

  it('filters by status and text, walks by cursor, and refuses bad parameters', async () => {
    const y1 = await t.database.prisma.review.findFirstOrThrow({ where: { installationId: yotpo.id, sourceReviewId: 'y-1' } });
    await moderate(t.database, shop.store, y1.uid, 'rejected');
    expect((await listAs(yotpo, '?status=rejected')).body.data.map((r: { source_review_id: string }) => r.source_review_id)).toEqual(['y-1']);
    expect((await listAs(yotpo, '?search=FINE')).body.data.map((r: { source_review_id: string }) => r.source_review_id)).toEqual(['y-2']);
    const first = await listAs(yotpo, '?limit=1');
    expect(first.body.has_more).toBe(true);
    const second = await listAs(yotpo, `?limit=1&starting_after=${encodeURIComponent(first.body.next_cursor)}`);
    expect(second.body.data.map((r: { source_review_id: string }) => r.source_review_id)).toEqual(['y-1']);
    expectValidation(await listAs(yotpo, '?limit=101'), 'limit');
    expectValidation(await listAs(yotpo, '?status=hidden'), 'status');
    expectValidation(await listAs(yotpo, `?search=${'x'.repeat(256)}`), 'search');
  });

  it('shows nothing of another store', async () => {
    const elsewhere = await installTestApp(t.database, other.store, scopes);
    expect((await listAs(elsewhere)).body.data).toEqual([]);
  });
});
