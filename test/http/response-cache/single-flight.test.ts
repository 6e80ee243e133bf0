import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '../../support/catalog.js';
import { get, graphql } from '../../support/http.js';
import { makeStore, type TestStore } from '../../support/stores.js';
import { startTwoApps, type TestApp, type TwoApps } from '../../support/test-app.js';

// Concurrent misses of one read build its answer once in a process: the later misses wait for
// the first and answer from it. (Two processes sharing Redis take turns through a lease on the
// build; that is not asserted here, see README, Single flight.) SQL statement counts show it (a build costs statements, an answer from the
// cache none): eight concurrent misses cost less than two builds (a background pass of the
// process may add a statement to either count, so they are not compared for equality).
let apps: TwoApps;
let a: TestApp;
let b: TestApp;
let shop: TestStore;

const productsQuery = (first: number) => `{ products(first: ${first}) { edges { node { title price { amount } } } } }`;

beforeAll(async () => {
  apps = await startTwoApps({ RATE_LIMIT_STOREFRONT: '100000', RATE_LIMIT_GRAPHQL: '100000' });
  ({ a, b } = apps);
  shop = await makeStore(a.database);
  for (let n = 0; n < 6; n += 1) await createProduct(a.database, shop.store, { title: `Flight lamp ${n}`, price: `${20 + n}.00` });
  // Each process learns the store's key and its next catalogue boundary once; from then on a miss costs only the read's own statements.
  for (const app of [a, b]) {
    for (let n = 1; n <= 3; n += 1) {
      await get(app.app, `/v1/store/products?per_page=${n}&sort=price_high`, shop.publicKey);
      await graphql(app.app, shop.publicKey, productsQuery(10 + n));
    }
  }
});
afterAll(() => apps.close());

/** SQL statements the requests cost, over every database the two processes use. */
async function statementsOf<T>(requests: () => Promise<T>): Promise<{ result: T; statements: number }> {
  const databases = [...new Set([a.database, b.database])];
  const before = databases.map((database) => database.statementCount());
  const result = await requests();
  return { result, statements: databases.reduce((sum, database, i) => sum + database.statementCount() - before[i]!, 0) };
}

describe('concurrent misses of one REST read in one process', () => {
  it('build the answer once: eight at once cost less than two misses, and all answer the same', async () => {
    const one = await statementsOf(() => get(a.app, '/v1/store/products?per_page=2', shop.publicKey));
    expect(one.result.status).toBe(200);
    expect(one.statements).toBeGreaterThan(0);
    const many = await statementsOf(() => Promise.all(Array.from({ length: 8 }, () => get(a.app, '/v1/store/products?per_page=3', shop.publicKey))));
    expect(many.statements).toBeLessThan(2 * one.statements);
    expect(many.result.map((res) => res.status)).toEqual(Array(8).fill(200));
    expect(new Set(many.result.map((res) => res.raw)).size).toBe(1);
    expect(new Set(many.result.map((res) => res.headers.etag)).size).toBe(1);
  });

  it('are each answered when the first miss fails: a read the cache cannot keep waits for nobody', async () => {
    const many = await Promise.all(Array.from({ length: 4 }, () => get(a.app, '/v1/store/products/no-such-lamp', shop.publicKey)));
    expect(many.map((res) => res.status)).toEqual([404, 404, 404, 404]);
  });
});

describe('concurrent misses of one GraphQL read in one process', () => {
  it('build the answer once', async () => {
    const one = await statementsOf(() => graphql(a.app, shop.publicKey, productsQuery(2)));
    expect(one.result.status).toBe(200);
    const many = await statementsOf(() => Promise.all(Array.from({ length: 8 }, () => graphql(a.app, shop.publicKey, productsQuery(3)))));
    expect(many.statements).toBeLessThan(2 * one.statements);
    expect(new Set(many.result.map((res) => res.raw)).size).toBe(1);
    expect(JSON.parse(many.result[0]!.raw).data.products.edges).toHaveLength(3);
  });
});
