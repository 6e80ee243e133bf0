import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mutationSucceeded } from '../../src/graphql/idempotent-mutations.js';
import { graphql } from '../support/http.js';
import { makeStore, type TestStore } from '../support/stores.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

// The Idempotency-Key header on /graphql covers mutation requests only; queries are safe to retry.

let t: TestApp;
let shop: TestStore;

beforeAll(async () => {
  t = await startTestApp();
  shop = await makeStore(t.database);
});
afterAll(() => t.close());

describe('Idempotency-Key on a GraphQL query', () => {
  it('is ignored: the query runs each time, nothing is stored, and a malformed key is not checked', async () => {
    for (const key of ['query-key-1', 'query-key-1', 'has space']) {
      const res = await graphql(t.app, shop.publicKey, '{ shop { slug } }', {}, { 'idempotency-key': key });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ data: { shop: { slug: shop.store.slug } } });
      expect(res.headers['idempotent-replayed']).toBeUndefined();
    }
    expect(await t.database.prisma.idempotencyRecord.count({ where: { storeId: shop.store.id } })).toBe(0);
  });
});

describe('Which mutation answers are kept for replay', () => {
  const json = { 'content-type': 'application/graphql-response+json; charset=utf-8' };
  const answer = (body: unknown, status = 200, headers: Record<string, string> = json) => ({ status, body: JSON.stringify(body), headers });

  it('keeps data whose payloads have no userErrors, at any depth', () => {
    expect(mutationSucceeded(answer({ data: { productCreate: { product: { id: 'p' }, userErrors: [] } } }))).toBe(true);
    expect(mutationSucceeded(answer({ data: { merchant: { a: { userErrors: [] }, b: { userErrors: [] } } } }))).toBe(true);
  });

  it('drops an answer with userErrors in any payload, with errors, without data, or not 200 JSON', () => {
    const mistake = { field: 'input.price', code: 'validation_failed', message: 'must be at least 0' };
    expect(mutationSucceeded(answer({ data: { a: { userErrors: [] }, b: { userErrors: [mistake] } } }))).toBe(false);
    expect(mutationSucceeded(answer({ data: { merchant: { productCreate: { userErrors: [mistake] } } } }))).toBe(false);
    expect(mutationSucceeded(answer({ data: { a: { userErrors: [] } }, errors: [{ message: 'x' }] }))).toBe(false);
    expect(mutationSucceeded(answer({ data: null, errors: [{ message: 'x' }] }))).toBe(false);
    expect(mutationSucceeded(answer({ data: { a: null } }, 500))).toBe(false);
    expect(mutationSucceeded(answer({ data: { a: null } }, 200, { 'content-type': 'text/event-stream' }))).toBe(false);
  });
});
