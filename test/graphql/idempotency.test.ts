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

describe('Idempotency-Key on a productCreate mutation', () => {
  const create = `mutation Create($input: ProductCreateInput!) {
    productCreate(input: $input) { product { title } userErrors { field code message } }
  }`;
  const products = (store: TestStore, title: string) => t.database.prisma.product.count({ where: { storeId: store.store.id, title } });
  const records = (store: TestStore) => t.database.prisma.idempotencyRecord.count({ where: { storeId: store.store.id } });

  it('runs once and replays the identical answer with Idempotent-Replayed: true, whatever the order of the variables', async () => {
    const headers = { 'idempotency-key': 'gql-replay-1' };
    const first = await graphql(t.app, shop.privateKey, create, { input: { title: 'Replayed Lamp', price: '12.50' } }, headers);
    const again = await graphql(t.app, shop.privateKey, create, { input: { price: '12.50', title: 'Replayed Lamp' } }, headers);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ data: { productCreate: { product: { title: 'Replayed Lamp' }, userErrors: [] } } });
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(again.status).toBe(200);
    expect(again.raw).toBe(first.raw);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await products(shop, 'Replayed Lamp')).toBe(1);
  });

  it('answers idempotency_key_reuse for other variables under the same key, and creates nothing', async () => {
    const headers = { 'idempotency-key': 'gql-reuse-1' };
    await graphql(t.app, shop.privateKey, create, { input: { title: 'Reuse Lamp', price: '5.00' } }, headers);
    const other = await graphql(t.app, shop.privateKey, create, { input: { title: 'Reuse Lamp 2', price: '5.00' } }, headers);
    expect(other.status).toBe(409);
    expect(other.body.errors[0].extensions.code).toBe('idempotency_key_reuse');
    expect(await products(shop, 'Reuse Lamp 2')).toBe(0);
  });

  it('keeps no answer with userErrors: the same key then runs the corrected input', async () => {
    const headers = { 'idempotency-key': 'gql-user-errors-1' };
    const before = await records(shop);
    const refused = await graphql(t.app, shop.privateKey, create, { input: { title: 'Fixed Lamp', price: '-1' } }, headers);
    expect(refused.body.data.productCreate.product).toBeNull();
    expect(refused.body.data.productCreate.userErrors[0]).toMatchObject({ field: 'input.price', code: 'validation_failed' });
    expect(await records(shop)).toBe(before);
    const fixed = await graphql(t.app, shop.privateKey, create, { input: { title: 'Fixed Lamp', price: '1.00' } }, headers);
    expect(fixed.headers['idempotent-replayed']).toBeUndefined();
    expect(fixed.body.data.productCreate.userErrors).toEqual([]);
    expect(await products(shop, 'Fixed Lamp')).toBe(1);
  });

  it('keeps no answer refused for a missing scope', async () => {
    const { createApiKey } = await import('../../src/domain/keys/manage-keys.js');
    const narrow = await createApiKey({ db: t.database.prisma, now: new Date() }, { store: shop.store.slug, kind: 'private', scopes: ['merchant-items-read'] });
    const before = await records(shop);
    const res = await graphql(t.app, narrow.secret, create, { input: { title: 'Scoped Lamp', price: '1.00' } }, { 'idempotency-key': 'gql-scope-1' });
    expect(res.body.errors[0].extensions.code).toBe('insufficient_scope');
    expect(await records(shop)).toBe(before);
    expect(await products(shop, 'Scoped Lamp')).toBe(0);
  });

  it('runs 20 concurrent identical requests once: every other answer is a replay or in progress', async () => {
    const headers = { 'idempotency-key': 'gql-concurrent-1' };
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => graphql(t.app, shop.privateKey, create, { input: { title: 'Concurrent Lamp', price: '3.00' } }, headers)),
    );
    const fresh = answers.filter((a) => a.status === 200 && a.headers['idempotent-replayed'] === undefined);
    expect(fresh).toHaveLength(1);
    for (const a of answers) {
      if (a === fresh[0]) continue;
      if (a.status === 200) expect(a.raw).toBe(fresh[0]!.raw);
      else expect([a.status, a.body.errors[0].extensions.code]).toEqual([409, 'idempotency_key_in_progress']);
    }
    expect(await products(shop, 'Concurrent Lamp')).toBe(1);
  });

  it('is independent in another store under the same key string', async () => {
    const other = await makeStore(t.database);
    const headers = { 'idempotency-key': 'gql-two-stores' };
    const input = { input: { title: 'Twin Lamp', price: '2.00' } };
    const mine = await graphql(t.app, shop.privateKey, create, input, headers);
    const theirs = await graphql(t.app, other.privateKey, create, input, headers);
    expect([mine.headers['idempotent-replayed'], theirs.headers['idempotent-replayed']]).toEqual([undefined, undefined]);
    expect([await products(shop, 'Twin Lamp'), await products(other, 'Twin Lamp')]).toEqual([1, 1]);
  });

  it('refuses a malformed key with 422 naming Idempotency-Key, and creates nothing', async () => {
    const res = await graphql(t.app, shop.privateKey, create, { input: { title: 'Spaced Lamp', price: '1.00' } }, { 'idempotency-key': 'has space' });
    expect(res.status).toBe(422);
    expect(res.body.errors[0].extensions.code).toBe('validation_failed');
    expect(await products(shop, 'Spaced Lamp')).toBe(0);
  });
});

describe.each([
  {
    name: 'discountCreate',
    mutation: `mutation($input: DiscountCreateInput!) { discountCreate(input: $input) { discount { id title createdAt } userErrors { field code message } } }`,
    variables: (title: string) => ({ input: { title, type: 'PERCENTAGE', value: '10' } }),
    count: (store: TestStore, title: string) => t.database.prisma.discount.count({ where: { storeId: store.store.id, title } }),
  },
  {
    name: 'couponCreate',
    mutation: `mutation($input: CouponCreateInput!) { couponCreate(input: $input) { coupon { id code createdAt } userErrors { field code message } } }`,
    variables: (title: string) => ({ input: { title, code: title.replace(/ /g, '-'), discountType: 'FIXED', discountValue: '5.00' } }),
    count: (store: TestStore, title: string) => t.database.prisma.coupon.count({ where: { storeId: store.store.id, title } }),
  },
  {
    name: 'collectionsBulkUpsert',
    // Run twice for real, the second run would answer `updated: 1`; a replay answers `created: 1` again.
    mutation: `mutation($input: [CollectionUpsertInput!]!) { collectionsBulkUpsert(input: $input) { created updated collections { id slug } userErrors { field code message } } }`,
    variables: (title: string) => ({ input: [{ name: title, slug: title.toLowerCase().replace(/ /g, '-') }] }),
    count: (store: TestStore, title: string) => t.database.prisma.collection.count({ where: { storeId: store.store.id, name: title } }),
  },
])('Idempotency-Key on $name', ({ name, mutation, variables, count }) => {
  it('runs once and replays the identical answer', async () => {
    const headers = { 'idempotency-key': `gql-${name}-replay` };
    const title = `Replayed ${name}`;
    const first = await graphql(t.app, shop.privateKey, mutation, variables(title), headers);
    expect(first.status, first.raw).toBe(200);
    expect(first.body.errors).toBeUndefined();
    expect(first.body.data[name].userErrors).toEqual([]);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const again = await graphql(t.app, shop.privateKey, mutation, variables(title), headers);
    expect(again.status).toBe(200);
    expect(again.raw).toBe(first.raw);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await count(shop, title)).toBe(1);
  });

  it('answers idempotency_key_reuse for another body under the same key, and writes nothing', async () => {
    const headers = { 'idempotency-key': `gql-${name}-reuse` };
    const first = await graphql(t.app, shop.privateKey, mutation, variables(`Kept ${name}`), headers);
    expect(first.body.data[name].userErrors).toEqual([]);
    const other = await graphql(t.app, shop.privateKey, mutation, variables(`Refused ${name}`), headers);
    expect(other.status).toBe(409);
    expect(other.body).toEqual({
      errors: [
        {
          message: 'This Idempotency-Key was used with a different request (method, path or body) within 24 hours; send a new key for a new call.',
          extensions: { code: 'idempotency_key_reuse', request_id: expect.any(String) },
        },
      ],
    });
    expect(await count(shop, `Refused ${name}`)).toBe(0);
    expect(await count(shop, `Kept ${name}`)).toBe(1);
  });
});
