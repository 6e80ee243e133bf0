import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '../../../src/generated/prisma/client.js';
import { installTestApp, type TestInstallation } from '../../support/apps.js';
import { createProduct } from '../../support/catalog.js';
import { failureEnvelope } from '../../support/failure.js';
import { holdPendingImports } from '../../support/reviews.js';
import { makeStore, type TestStore } from '../../support/stores.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';
import { send } from '../../support/writes.js';

// Two imports of one source_review_id at once never make two rows: the loser answers 409 conflict
// with Retry-After: 1 and writes nothing. PGlite runs one transaction at a time, so the race is real
// only on PostgreSQL; the embedded run sees the later imports find the row (unchanged).
const racers = 8;

let t: TestApp;
let shop: TestStore;
let app: TestInstallation;
let lamp: Product;

beforeAll(async () => {
  t = await startTestApp();
  shop = await makeStore(t.database);
  app = await installTestApp(t.database, shop.store, ['merchant-reviews-import']);
  lamp = await createProduct(t.database, shop.store, { title: 'Lamp' });
});
afterAll(() => t.close());

describe('concurrent imports of one source_review_id', () => {
  it('make one row; each loser answers 409 conflict with Retry-After: 1, or finds the row written', async () => {
    const item = { source_review_id: 'race-1', product: lamp.slug, rating: 4, author_display_name: 'Jo', submitted_at: '2026-10-01T08:00:00Z' };
    const answers = await Promise.all(Array.from({ length: racers }, () => send(t.app, app.key, 'POST', '/reviews/import', { reviews: [item] })));
    const results = answers.map((res) => (res.status === 200 ? res.body.data.results[0].result : res.status));
    expect(results.filter((r) => r === 'imported')).toHaveLength(1);
    for (const res of answers.filter((r) => r.status !== 200)) {
      expect(res.status).toBe(409);
      expect(res.body).toEqual(failureEnvelope(res, 'conflict', 'Review race-1 is being imported by another request at this moment; send this one again.'));
      expect(res.headers['retry-after']).toBe('1');
    }
    expect(results.every((r) => r === 'imported' || r === 'unchanged' || r === 409)).toBe(true);
    expect(await t.database.prisma.review.count({ where: { installationId: app.id, sourceReviewId: 'race-1' } })).toBe(1);
    const events = await t.database.prisma.outboxEvent.count({ where: { storeId: shop.store.id, topic: 'reviews/create' } });
    expect(events).toBe(1);
  });
});

describe('concurrent imports near the pending cap', () => {
  it('never pass 5,000 pending rows together: the one that would answers 422 limit_reached and writes nothing', async () => {
    const capped = await installTestApp(t.database, shop.store, ['merchant-reviews-import']);
    await holdPendingImports(t.database, shop.store, lamp, capped, 4_950);
    const batch = (name: string) =>
      Array.from({ length: 30 }, (_, i) => ({
        source_review_id: `${name}-${i}`,
        product: lamp.slug,
        rating: 4,
        author_display_name: 'Jo',
        submitted_at: '2026-10-01T08:00:00Z',
      }));
    const answers = await Promise.all(['a', 'b', 'c'].map((name) => send(t.app, capped.key, 'POST', '/reviews/import', { reviews: batch(name) })));
    expect(answers.map((res) => res.status).sort()).toEqual([200, 422, 422]);
    for (const res of answers.filter((r) => r.status === 422)) expect(res.body.error.code).toBe('limit_reached');
    expect(await t.database.prisma.review.count({ where: { installationId: capped.id, status: 'pending' } })).toBe(4_980);
  });
});
