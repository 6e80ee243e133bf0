import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFRESHES } from '../../../src/http/response-cache/catalog-cache.js';
import { unannouncedClientOf } from '../../../src/platform/database/operator-writes.js';
import { createProduct } from '../../support/catalog.js';
import { createDiscount } from '../../support/discounts.js';
import { get } from '../../support/http.js';
import { makeStore } from '../../support/stores.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';

// An answer past its life (RESPONSE_CACHE_MAX_AGE_S, here 1 s: it lasts 800–1,000 ms) is built
// again by the request that finds it, while every request that comes meanwhile is answered from it
// for up to half the maximum age more, so answers that age together (a thousand stores warmed at
// once) are not all built again at once. A write Bazaar never hears of (SQL by hand) shows which
// answer a request got: the kept one says the old title, a build the new one.

const start = Date.UTC(2026, 10, 25, 12);
let clock = start;
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ RESPONSE_CACHE_MAX_AGE_S: '1', RATE_LIMIT_STOREFRONT: '100000' }, { clock: () => clock });
});
afterAll(async () => t.close());

/** A store of `count` products whose pages are kept at `start`, then retitled by hand, unannounced. */
async function agedPages(count: number) {
  clock = start;
  const own = await makeStore(t.database);
  const slugs = Array.from({ length: count }, (_, i) => `stool-${i}`);
  for (const slug of slugs) await createProduct(t.database, own.store, { title: 'Stool', slug });
  for (let i = 0; i < 2; i += 1) for (const slug of slugs) expect((await get(t.app, `/v1/store/products/${slug}`, own.publicKey)).status).toBe(200);
  await unannouncedClientOf(t.database.prisma).product.updateMany({ where: { storeId: own.store.id }, data: { title: 'Bench' } });
  const titlesAt = async (instant: number, paths: string[]) => {
    clock = instant;
    const answers = await Promise.all(paths.map((path) => get(t.app, path, own.publicKey)));
    return answers.map((res) => {
      expect(res.status, res.raw).toBe(200);
      return res.body.data.title as string;
    });
  };
  return { own, paths: slugs.map((slug) => `/v1/store/products/${slug}`), titlesAt };
}

const count = (titles: string[], title: string) => titles.filter((each) => each === title).length;

describe('an answer past its life', () => {
  it('is built again by the first request that finds it, and the requests that come while it is built are answered from the kept one', async () => {
    const { paths, titlesAt } = await agedPages(1);
    const titles = await titlesAt(start + 1_000, Array(8).fill(paths[0]));
    expect(count(titles, 'Bench'), titles.join()).toBeGreaterThanOrEqual(1);
    expect(count(titles, 'Stool'), titles.join()).toBeGreaterThanOrEqual(1);
    expect(await titlesAt(start + 1_000, [paths[0]!])).toEqual(['Bench']);
  });

  it('is built again by at most a few requests at once: the other answers past their life are answered as kept meanwhile, and counted on /metrics', async () => {
    const { paths, titlesAt } = await agedPages(REFRESHES + 2);
    const agedHits = async () => Number(/^bazaar_response_cache_aged_hits_total (\d+)$/m.exec((await get(t.app, '/metrics')).raw)?.[1]);
    const before = await agedHits();
    const titles = await titlesAt(start + 1_000, paths);
    expect(count(titles, 'Bench'), titles.join()).toBe(REFRESHES);
    expect(count(titles, 'Stool'), titles.join()).toBe(2);
    expect((await agedHits()) - before).toBe(2);
    // The next requests find the builds free again.
    expect(await titlesAt(start + 1_000, paths)).toEqual(Array(paths.length).fill('Bench'));
  });

  it('answers nobody once half the maximum age more has passed: every request waits for the build', async () => {
    const { paths, titlesAt } = await agedPages(REFRESHES + 2);
    expect(await titlesAt(start + 1_500, [...paths, ...paths])).toEqual(Array(2 * paths.length).fill('Bench'));
  });
});

describe('an answer at a discount boundary', () => {
  it('is never answered past it, however many requests come while it is built again', async () => {
    clock = start;
    const own = await makeStore(t.database);
    const product = await createProduct(t.database, own.store, { title: 'Lamp', slug: 'lamp', price: '40.00' });
    const opens = start + 500;
    await createDiscount(t.database, own.store, { title: 'Lamp sale', value: '25', productIds: [product.id], validFrom: new Date(opens) });
    for (let i = 0; i < 2; i += 1) expect((await get(t.app, '/v1/store/products/lamp', own.publicKey)).body.data.discount_price).toBe(40);
    clock = opens;
    const answers = await Promise.all(Array.from({ length: 8 }, () => get(t.app, '/v1/store/products/lamp', own.publicKey)));
    expect(answers.map((res) => res.body.data.discount_price)).toEqual(Array(8).fill(30));
  });
});
