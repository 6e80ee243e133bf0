import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphqlQuery as benchQuery } from '../../bench/scenarios.js';
import { exampleOperations } from '../../src/graphql/example-operations.js';
import { call, graphql } from '../support/http.js';
import { makeStore, type TestStore } from '../support/stores.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let shop: TestStore;

beforeAll(async () => {
  t = await startTestApp();
  shop = await makeStore(t.database);
});
afterAll(() => t.close());

describe('query limits', () => {
  it('refuse a document that fans one request out with aliases', async () => {
    const aliases = Array.from({ length: 16 }, (_, i) => `a${i}: products(first: 100) { edges { node { id } } }`).join('\n');
    const res = await graphql(t.app, shop.publicKey, `{ ${aliases} }`);
    expect(res.body).toEqual({
      errors: [
        {
          message: 'Syntax Error: Aliases limit of 15 exceeded, found 16.',
          extensions: { code: 'validation_failed', request_id: res.headers['x-request-id'] },
        },
      ],
    });
  });

  it('let the largest queries the schema was built for through', async () => {
    expect((await graphql(t.app, shop.publicKey, benchQuery)).body.errors).toBeUndefined();
    const merchant = `{ merchant { products(first: 100) { edges { node { pId variants { title price { amount } } images { renditions { name url width height } } } } } } }`;
    expect((await graphql(t.app, shop.privateKey, merchant)).body.errors).toBeUndefined();
    for (const operationName of ['Shop', 'Products', 'FrenchCatalogue', 'MerchantProducts']) {
      const res = await call(t.app, {
        method: 'POST',
        url: '/graphql',
        key: shop.privateKey,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ query: exampleOperations(), operationName }),
      });
      expect(res.body.errors, operationName).toBeUndefined();
    }
  });
});
