import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedTeam, seedTraffic } from '../../src/seed/seed-team-traffic.js';
import { createProduct } from '../support/catalog.js';
import { get } from '../support/http.js';
import { makeStore, type TestStore } from '../support/stores.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { MERCHANT } from '../support/writes.js';

// Issue 23: the demo store's small team and month of traffic, in the tables the flush fills.

let t: TestApp;
let shop: TestStore;
const now = new Date('2026-03-31T12:30:00Z');

beforeAll(async () => {
  t = await startTestApp();
  shop = await makeStore(t.database);
  for (let i = 0; i < 5; i += 1) await createProduct(t.database, shop.store, { title: `Seeded ${i}` });
  const operator = { db: t.database.prisma, now };
  await seedTeam(operator, shop.store);
  await seedTraffic(operator, shop.store, now);
});
afterAll(() => t.close());

describe('the demo team and traffic', () => {
  it('gives the store one member of each role', async () => {
    const res = await get(t.app, `${MERCHANT}/team-directory`, shop.privateKey);
    expect(res.body.data.map((m: { role: string }) => m.role)).toEqual(['owner', 'admin', 'staff', 'support']);
  });

  it('draws thirty days of views, visitors, top products and referrers', async () => {
    const res = await get(t.app, `${MERCHANT}/analytics/traffic?from=2026-03-01&to=2026-03-31`, shop.privateKey);
    const { periods, top_products, top_referrers, totals } = res.body.data;
    expect(periods).toHaveLength(30);
    expect(periods.every((p: { page_views: { total: number }; unique_visitors: number }) => p.page_views.total > 0 && p.unique_visitors > 0)).toBe(true);
    expect(totals.page_views.product).toBeGreaterThan(totals.page_views.home);
    expect(top_products.length).toBeGreaterThan(0);
    expect(top_referrers.length).toBeGreaterThan(0);
  });

  it('is the same for the same store and time', async () => {
    const hours = await t.database.prisma.trafficHour.findMany({ where: { storeId: shop.store.id }, orderBy: { hour: 'asc' }, take: 3 });
    expect(hours.map((h) => h.hour.toISOString())).toEqual(['2026-03-01T12:00:00.000Z', '2026-03-01T13:00:00.000Z', '2026-03-01T14:00:00.000Z']);
  });
});
