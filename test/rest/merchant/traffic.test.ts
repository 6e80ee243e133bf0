import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '../../support/catalog.js';
import { expectFailure, expectValidation } from '../../support/failure.js';
import { get, graphql } from '../../support/http.js';
import { makeKey, makeStore, type TestStore } from '../../support/stores.js';
import { startTestApp, startTwoApps, type TestApp } from '../../support/test-app.js';
import { MERCHANT } from '../../support/writes.js';

// GET /analytics/traffic (merchant-analytics-traffic-read): storefront page views counted on the
// read path into the KV, flushed into PostgreSQL by `app.traffic.flush()` (what TRAFFIC_FLUSH_S
// schedules), and read back per period with unique visitors and the top lists.

let t: TestApp;
let shop: TestStore;
let lampSlug: string;
let lampId: string;
let collectionSlug: string;

const TODAY = new Date().toISOString().slice(0, 10);
const browser = (n: number, referrer?: string) => ({
  'user-agent': `Browser/${n}`,
  'x-forwarded-for': `203.0.113.${n}`,
  ...(referrer ? { referer: referrer } : {}),
});
const trafficOf = async (s: TestStore, query = `from=${TODAY}&to=${TODAY}T23:59:59Z`) => get(t.app, `${MERCHANT}/analytics/traffic?${query}`, s.privateKey);

beforeAll(async () => {
  t = await startTestApp({ RATE_LIMIT_MERCHANT: '0', RATE_LIMIT_STOREFRONT: '0', RATE_LIMIT_GRAPHQL: '0' });
  shop = await makeStore(t.database);
  const lamp = await createProduct(t.database, shop.store, { title: 'Lamp' });
  lampSlug = lamp.slug;
  lampId = lamp.id;
  collectionSlug = `lights-${lamp.id.slice(0, 8)}`;
  await t.database.prisma.collection.create({ data: { storeId: shop.store.id, name: 'Lights', slug: collectionSlug } });
  await t.database.prisma.post.create({
    data: { storeId: shop.store.id, slug: 'hello', title: 'Hello', markdown: 'Hi', status: 'published', publishedAt: new Date('2026-01-01T00:00:00Z') },
  });
});
afterAll(() => t.close());

describe('counting storefront page views', () => {
  it('counts every 200 read exactly under concurrent reads, cache hits and GraphQL included, and nothing else', async () => {
    const reads = [
      ...Array.from({ length: 30 }, (_, i) => () => get(t.app, '/v1/store/info', shop.publicKey, browser(i % 5))),
      ...Array.from(
        { length: 40 },
        (_, i) => () => get(t.app, `/v1/store/products/${lampSlug}`, shop.publicKey, browser(i % 5, 'https://news.example.com/a?b=c')),
      ),
      ...Array.from({ length: 12 }, (_, i) => () => get(t.app, `/v1/store/collections/${collectionSlug}/products`, shop.publicKey, browser(i % 5))),
      ...Array.from({ length: 8 }, (_, i) => () => get(t.app, '/v1/store/posts/hello', shop.publicKey, browser(i % 5, 'https://Search.Example.org/q'))),
      ...Array.from(
        { length: 10 },
        () => () => graphql(t.app, shop.publicKey, 'query($s: String) { product(slug: $s) { title } shop { name } }', { s: lampSlug }),
      ),
    ];
    const answers = await Promise.all(reads.map((read) => read()));
    expect(answers.map((a) => a.status)).toEqual(reads.map(() => 200));
    // Not counted: a 404, a list read, a HEAD-less conditional answer and a GraphQL answer with errors.
    expect((await get(t.app, '/v1/store/products/no-such-lamp', shop.publicKey)).status).toBe(404);
    expect((await get(t.app, '/v1/store/products', shop.publicKey)).status).toBe(200);
    const etag = answers[0]!.headers.etag as string;
    expect((await get(t.app, '/v1/store/info', shop.publicKey, { 'if-none-match': etag })).status).toBe(304);
    expect((await graphql(t.app, shop.publicKey, '{ shop { name } nope }')).body.errors).toBeDefined();

    expect(await t.app.traffic.flush()).toBe(30 + 40 + 12 + 8 + 20);
    const res = await trafficOf(shop);
    expect(res.status, res.raw).toBe(200);
    const day = { total: 110, home: 40, product: 50, collection: 12, post: 8 };
    expect(res.body).toEqual({
      status: 'success',
      message: 'Traffic',
      data: {
        from: `${TODAY}T00:00:00.000Z`,
        to: new Date(Date.parse(`${TODAY}T00:00:00Z`) + 86_400_000).toISOString(),
        granularity: 'day',
        time_zone: 'UTC',
        totals: { page_views: day },
        periods: [{ start: `${TODAY}T00:00:00.000Z`, page_views: day, unique_visitors: 6 }],
        top_products: [{ id: lampId, slug: lampSlug, title: 'Lamp', views: 50 }],
        top_referrers: [
          { host: 'news.example.com', views: 40 },
          { host: 'search.example.org', views: 8 },
        ],
      },
    });
  });

  it('adds a later flush to the earlier one, and a flush with nothing buffered moves nothing', async () => {
    const before = (await trafficOf(shop)).body.data.totals.page_views.home;
    await Promise.all(Array.from({ length: 5 }, () => get(t.app, '/v1/store/info', shop.publicKey)));
    expect(await t.app.traffic.flush()).toBe(5);
    expect(await t.app.traffic.flush()).toBe(0);
    expect((await trafficOf(shop)).body.data.totals.page_views.home).toBe(before + 5);
  });

  it('estimates unique visitors within a few percent (HyperLogLog of the day’s visitor hashes)', async () => {
    const s = await makeStore(t.database);
    const visitors = 600;
    for (let batch = 0; batch < visitors; batch += 100) {
      await Promise.all(
        Array.from({ length: 100 }, (_, i) =>
          get(t.app, '/v1/store/info', s.publicKey, { 'user-agent': `Agent ${batch + i}`, 'x-forwarded-for': '198.51.100.7' }),
        ),
      );
    }
    await t.app.traffic.flush();
    const [period] = (await trafficOf(s)).body.data.periods;
    expect(period.page_views.home).toBe(visitors);
    expect(Math.abs(period.unique_visitors - visitors) / visitors).toBeLessThan(0.05);
  });

  it('answers every hour of an hourly range, those without views as zeros', async () => {
    const s = await makeStore(t.database);
    const before = new Date();
    await get(t.app, '/v1/store/info', s.publicKey, browser(1));
    await t.app.traffic.flush();
    const after = new Date();
    // The 24 hours ending with the current one: the view sits in the last, or in the one before
    // when the wall clock crossed an hour while it was made.
    const hourMs = 3_600_000;
    const lastHour = Math.floor(after.getTime() / hourMs) * hourMs;
    const from = new Date(lastHour - 23 * hourMs).toISOString();
    const to = new Date(lastHour + hourMs - 1000).toISOString();
    const res = await trafficOf(s, `from=${from}&to=${to}&granularity=hour`);
    expect(res.status).toBe(200);
    const periods: { page_views: { total: number } }[] = res.body.data.periods;
    expect(periods).toHaveLength(24);
    const viewed = periods.flatMap((period, index) => (period.page_views.total > 0 ? [index] : []));
    expect(viewed).toHaveLength(1);
    expect(before.getTime() >= lastHour ? [23] : [22, 23]).toContain(viewed[0]);
    expect(periods[viewed[0]!]!.page_views.total).toBe(1);
    expect(res.body.data.totals.page_views.total).toBe(1);
  });
});

describe('GET /analytics/traffic: tenancy and scope', () => {
  it("answers only the key's own store", async () => {
    const other = await makeStore(t.database);
    const res = await trafficOf(other);
    expect(res.body.data.totals.page_views).toEqual({ total: 0, home: 0, product: 0, collection: 0, post: 0 });
    expect(res.body.data.top_products).toEqual([]);
  });

  it('refuses a key without merchant-analytics-traffic-read with 403 insufficient_scope', async () => {
    const key = await makeKey(t.database, { store: shop.store.slug, kind: 'private', scopes: ['merchant-team-directory-read'] });
    expectFailure(await get(t.app, `${MERCHANT}/analytics/traffic`, key), 403, 'insufficient_scope');
  });

  it('mirrors the read in GraphQL behind the same scope', async () => {
    const query = `{ merchant { traffic(from: "${TODAY}T00:00:00Z", to: "${TODAY}T23:00:00Z") { totals { total product } topProducts { slug views } periods { uniqueVisitors } } } }`;
    const res = await graphql(t.app, shop.privateKey, query);
    const rest = (await trafficOf(shop)).body.data;
    expect(res.body).toEqual({
      data: {
        merchant: {
          traffic: {
            totals: { total: rest.totals.page_views.total, product: 50 },
            topProducts: [{ slug: lampSlug, views: 50 }],
            periods: [{ uniqueVisitors: rest.periods[0].unique_visitors }],
          },
        },
      },
    });
    const key = await makeKey(t.database, { store: shop.store.slug, kind: 'private', scopes: ['merchant-items-read'] });
    expect((await graphql(t.app, key, query)).body.errors[0].extensions.code).toBe('insufficient_scope');
  });
});

describe('GET /analytics/traffic: the range', () => {
  it.each([
    ['granularity=week', 'granularity'],
    ['from=yesterday', 'from'],
    ['from=2026-01-02&to=2026-01-01', 'to'],
    ['from=2026-01-01&to=2026-04-02', 'to'],
    ['from=2026-01-01&to=2026-01-08T00:00:01Z&granularity=hour', 'to'],
  ])('refuses %s with 422 naming %s', async (query, field) => {
    expectValidation(await trafficOf(shop, query), field);
  });

  it('takes exactly the longest spans: 90 days by day, 7 days by hour', async () => {
    expect((await trafficOf(shop, 'from=2026-01-01&to=2026-04-01')).body.data.periods).toHaveLength(90);
    expect((await trafficOf(shop, 'from=2026-01-01&to=2026-01-08&granularity=hour')).body.data.periods).toHaveLength(168);
  });
});

describe('two processes sharing the KV', () => {
  it('flush at once without counting a view twice', async () => {
    const two = await startTwoApps({ RATE_LIMIT_STOREFRONT: '0' });
    try {
      const s = await makeStore(two.a.database);
      await Promise.all(Array.from({ length: 20 }, (_, i) => get(i % 2 ? two.a.app : two.b.app, '/v1/store/info', s.publicKey)));
      const moved = await Promise.all([two.a.app.traffic.flush(), two.b.app.traffic.flush(), two.a.app.traffic.flush()]);
      expect(moved.reduce((a, b) => a + b, 0)).toBe(20);
      const rows = await two.a.database.prisma.trafficHour.findMany({ where: { storeId: s.store.id } });
      expect(rows.map((r) => r.home)).toEqual([20]);
    } finally {
      await two.close();
    }
  });
});
