import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '../support/catalog.js';
import { createDiscount } from '../support/discounts.js';
import { get, graphql } from '../support/http.js';
import { makeStore, type TestStore } from '../support/stores.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

// GraphQL promotions, promotion(id) and shop.discounts say what REST says.

const now = new Date('2031-07-01T00:00:00Z');
const at = (days: number) => new Date(now.getTime() + days * 24 * 60 * 60 * 1000);
let t: TestApp;
let shop: TestStore;
let other: TestStore;
let endedId: string;

beforeAll(async () => {
  t = await startTestApp({}, { clock: () => now.getTime() });
  shop = await makeStore(t.database);
  other = await makeStore(t.database);
  const promotion = (title: string, extra: Record<string, unknown> = {}) =>
    createDiscount(t.database, shop.store, { title, kind: 'promotion', autoApply: false, ...extra });
  await promotion('Alpha', { priority: 3, validUntil: at(5) });
  await promotion('Beta', { priority: 3, validUntil: at(2) });
  await promotion('Gamma', { priority: 7 });
  endedId = (await promotion('Ended', { validUntil: at(-1) })).id;
});
afterAll(() => t.close());

const listQuery = `query($first: Int, $after: String, $sort: PromotionSort, $keyword: String) {
  promotions(first: $first, after: $after, sort: $sort, keyword: $keyword) {
    edges { node { id title type value priority validUntil status isLive } }
    pageInfo { hasNextPage endCursor }
  }
}`;

describe('GraphQL promotions', () => {
  it('walks the same order as REST, with cursors REST accepts', async () => {
    for (const sort of ['PRIORITY', 'ENDING_SOON', 'NEWEST']) {
      const seen: string[] = [];
      let after: string | null = null;
      do {
        const res = await graphql(t.app, shop.publicKey, listQuery, { first: 1, after, sort });
        expect(res.body.errors).toBeUndefined();
        const { edges, pageInfo } = res.body.data.promotions;
        seen.push(...edges.map((e: { node: { title: string } }) => e.node.title));
        after = pageInfo.hasNextPage ? pageInfo.endCursor : null;
      } while (after);
      const rest = await get(t.app, `/v1/store/promotions?sort=${sort.toLowerCase()}`, shop.publicKey);
      expect(seen).toEqual(rest.body.data.map((p: { title: string }) => p.title));
    }
    const first = await graphql(t.app, shop.publicKey, listQuery, { first: 1 });
    const cursor = first.body.data.promotions.pageInfo.endCursor;
    const rest = await get(t.app, `/v1/store/promotions?per_page=1&starting_after=${encodeURIComponent(cursor)}`, shop.publicKey);
    expect(rest.body.data.map((p: { title: string }) => p.title)).toEqual(['Alpha']);
  });

  it('filters by keyword and refuses one over 100 characters', async () => {
    const res = await graphql(t.app, shop.publicKey, listQuery, { keyword: 'gam' });
    expect(res.body.data.promotions.edges.map((e: { node: { title: string } }) => e.node.title)).toEqual(['Gamma']);
    const long = await graphql(t.app, shop.publicKey, listQuery, { keyword: 'x'.repeat(101) });
    expect(long.body.errors[0].extensions.code).toBe('validation_failed');
  });

  it('reads one promotion by id, ended ones included, and nothing of another store', async () => {
    const query = `query($id: String!) { promotion(id: $id) { title isLive status } }`;
    expect((await graphql(t.app, shop.publicKey, query, { id: endedId })).body.data.promotion).toEqual({ title: 'Ended', isLive: false, status: 'ACTIVE' });
    expect((await graphql(t.app, other.publicKey, query, { id: endedId })).body.data.promotion).toBeNull();
  });

  it('answers a scheduled promotion too, but a promotion that is not live lists no products and no facets; unpublished is null', async () => {
    await createProduct(t.database, shop.store, { title: 'Vase', options: { Colour: ['Blue'] } });
    const scheduled = await createDiscount(t.database, shop.store, { title: 'Soon', kind: 'promotion', validFrom: at(3) });
    const hidden = await createDiscount(t.database, shop.store, { title: 'Draft', kind: 'promotion', isPublished: false });
    const query = `query($id: String!) { promotion(id: $id) { title isLive products { page hasMore nodes { id } } facets { slug } } }`;
    for (const [id, title] of [
      [endedId, 'Ended'],
      [scheduled.id, 'Soon'],
    ]) {
      const res = await graphql(t.app, shop.publicKey, query, { id });
      expect(res.body).toEqual({ data: { promotion: { title, isLive: false, products: { page: 1, hasMore: false, nodes: [] }, facets: [] } } });
    }
    expect((await graphql(t.app, shop.publicKey, query, { id: hidden.id })).body).toEqual({ data: { promotion: null } });
  });

  it('lists the shop’s live discounts as store info does', async () => {
    const res = await graphql(
      t.app,
      shop.publicKey,
      `
        {
          shop {
            discounts {
              title
              type
              value
              imageUrl
            }
          }
        }
      `,
    );
    expect(res.body.data.shop.discounts.map((d: { title: string }) => d.title)).toEqual(['Gamma', 'Alpha', 'Beta']);
    expect(res.body.data.shop.discounts[0]).toMatchObject({ type: 'PERCENTAGE', value: '10.00', imageUrl: null });
  });
});
