import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '../support/catalog.js';
import { get, graphql } from '../support/http.js';
import { makeKey, makeStore, type TestStore } from '../support/stores.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { MERCHANT, outboxOf } from '../support/writes.js';

// The discount and coupon fields of GraphQL: the same domain calls as REST behind the same scopes,
// with a caller's mistakes as userErrors named by their input path.

let t: TestApp;
let shop: TestStore;
let other: TestStore;
const now = new Date('2026-03-01T12:00:00.000Z');

beforeAll(async () => {
  t = await startTestApp({ RATE_LIMIT_GRAPHQL: '0', RATE_LIMIT_MERCHANT: '0' }, { clock: () => now.getTime() });
  shop = await makeStore(t.database);
  other = await makeStore(t.database);
});
afterAll(() => t.close());

const userErrors = 'userErrors { field code message }';
const discountFields = 'id uuid pId reference kind title type value productIds minimumOrderAmount isActive isPublished publishedAt priority validFrom validUntil';
const couponFields = 'id code discountType discountValue appliesTo isActive isValid isExpired expiresAt';

const discountCreate = `mutation($input: DiscountCreateInput!) { discountCreate(input: $input) { discount { ${discountFields} } ${userErrors} } }`;
const discountPublish = `mutation($id: String!) { discountPublish(id: $id) { discount { isPublished publishedAt } ${userErrors} } }`;
const discountUnpublish = `mutation($id: String!) { discountUnpublish(id: $id) { discount { isPublished publishedAt } ${userErrors} } }`;
const couponCreate = `mutation($input: CouponCreateInput!) { couponCreate(input: $input) { coupon { ${couponFields} } ${userErrors} } }`;

const makeDiscount = async (input: Record<string, unknown>, key = shop.privateKey) => {
  const res = await graphql(t.app, key, discountCreate, { input: { type: 'FIXED', value: '1', ...input } });
  expect(res.body.errors, res.raw).toBeUndefined();
  return res.body.data.discountCreate;
};

describe('discountCreate', () => {
  it('creates a discount and answers it as REST reads it back', async () => {
    const boot = await createProduct(t.database, shop.store, { title: 'Boot' });
    const { discount, userErrors: errors } = await makeDiscount({
      title: 'Graph sale',
      type: 'PERCENTAGE',
      value: 12.5,
      productIds: [String(boot.pId)],
      minimumOrderAmount: '30',
      isPublished: true,
      kind: 'PROMOTION',
      priority: 3,
      validFrom: '2026-03-01T00:00:00Z',
      validUntil: '2026-03-31T00:00:00Z',
    });
    expect(errors).toEqual([]);
    expect(discount).toEqual({
      id: expect.any(String),
      uuid: expect.any(String),
      pId: expect.any(Number),
      reference: expect.stringMatching(/^D-\d{6,}$/),
      kind: 'PROMOTION',
      title: 'Graph sale',
      type: 'PERCENTAGE',
      value: '12.50',
      productIds: [boot.id],
      minimumOrderAmount: '30.00',
      isActive: true,
      isPublished: true,
      publishedAt: now.toISOString(),
      priority: 3,
      validFrom: '2026-03-01T00:00:00.000Z',
      validUntil: '2026-03-31T00:00:00.000Z',
    });
    const rest = await get(t.app, `${MERCHANT}/discounts/${discount.uuid}`, shop.privateKey);
    expect(rest.body.data).toMatchObject({ reference: discount.reference, value: '12.50', kind: 'promotion', product_ids: [boot.id] });
    expect(await outboxOf(t.database, shop.store)).toContainEqual({ topic: 'discounts/create', payload: { id: discount.uuid } });
  });

  it('answers mistakes as userErrors on their input path and writes nothing', async () => {
    const foreign = await createProduct(t.database, other.store, { title: 'Foreign' });
    const before = await t.database.prisma.discount.count({ where: { storeId: shop.store.id } });
    const cases: [Record<string, unknown>, string][] = [
      [{ title: 'Too much', type: 'PERCENTAGE', value: '100.5' }, 'input.value'],
      [{ title: 'Precise', value: '1.001' }, 'input.value'],
      [{ title: 'Foreign', productIds: [foreign.id] }, 'input.productIds.0'],
      [{ title: 'Backwards', validFrom: '2026-05-01T00:00:00Z', validUntil: '2026-04-01T00:00:00Z' }, 'input.validUntil'],
    ];
    for (const [input, field] of cases) {
      const { discount, userErrors: errors } = await makeDiscount(input);
      expect(discount).toBeNull();
      expect(errors).toEqual([{ field, code: 'validation_failed', message: expect.any(String) }]);
    }
    expect(await t.database.prisma.discount.count({ where: { storeId: shop.store.id } })).toBe(before);
  });

  it('refuses a key without merchant-discounts-create with insufficient_scope', async () => {
    const key = await makeKey(t.database, { store: shop.store.slug, kind: 'private', scopes: ['merchant-discounts-read'] });
    const res = await graphql(t.app, key, discountCreate, { input: { title: 'No', type: 'FIXED', value: '1' } });
    expect(res.body.errors[0].extensions.code).toBe('insufficient_scope');
  });
});

describe('discountPublish and discountUnpublish', () => {
  it('follows the states table and names another store’s discount as not found', async () => {
    const { discount } = await makeDiscount({ title: 'Toggle' });
    const published = await graphql(t.app, shop.privateKey, discountPublish, { id: String(discount.pId) });
    expect(published.body.data.discountPublish).toEqual({ discount: { isPublished: true, publishedAt: now.toISOString() }, userErrors: [] });
    const unpublished = await graphql(t.app, shop.privateKey, discountUnpublish, { id: discount.id });
    expect(unpublished.body.data.discountUnpublish).toEqual({ discount: { isPublished: false, publishedAt: null }, userErrors: [] });

    const theirs = (await makeDiscount({ title: 'Theirs' }, other.privateKey)).discount;
    const refused = await graphql(t.app, shop.privateKey, discountPublish, { id: theirs.id });
    expect(refused.body.data.discountPublish).toEqual({ discount: null, userErrors: [{ field: null, code: 'not_found', message: 'Discount not found.' }] });
  });
});

describe('merchant.discounts and merchant.discount', () => {
  it("lists only the store's discounts with filters, and reads one by id", async () => {
    const listed = await makeStore(t.database);
    await makeDiscount({ title: 'First listed' }, listed.privateKey);
    await makeDiscount({ title: 'Second listed', type: 'PERCENTAGE', value: 5, kind: 'PROMOTION' }, listed.privateKey);
    await makeDiscount({ title: 'Elsewhere listed' }, other.privateKey);
    const query = `query($filter: DiscountFilter, $after: String) { merchant { discounts(first: 1, after: $after, filter: $filter) {
      edges { node { title } } pageInfo { hasNextPage endCursor } } } }`;
    const page = await graphql(t.app, listed.privateKey, query);
    expect(page.body.data.merchant.discounts).toEqual({
      edges: [{ node: { title: 'Second listed' } }],
      pageInfo: { hasNextPage: true, endCursor: expect.any(String) },
    });
    const next = await graphql(t.app, listed.privateKey, query, { after: page.body.data.merchant.discounts.pageInfo.endCursor });
    expect(next.body.data.merchant.discounts.edges).toEqual([{ node: { title: 'First listed' } }]);
    const promos = await graphql(t.app, listed.privateKey, query, { filter: { kind: 'PROMOTION', search: 'LISTED' } });
    expect(promos.body.data.merchant.discounts.edges).toEqual([{ node: { title: 'Second listed' } }]);

    const theirs = (await makeDiscount({ title: 'Not readable' }, other.privateKey)).discount;
    const one = await graphql(
      t.app,
      listed.privateKey,
      `
        query ($id: String!) {
          merchant {
            discount(id: $id) {
              title
            }
          }
        }
      `,
      { id: theirs.id },
    );
    expect(one.body.errors[0].extensions.code).toBe('not_found');
  });
});

describe('couponCreate and merchant.coupons', () => {
  it('creates coupons, refuses a code taken in another case as a conflict on input.code, and lists them', async () => {
    const listed = await makeStore(t.database);
    const first = await graphql(t.app, listed.privateKey, couponCreate, {
      input: { title: 'Graph', code: 'GraphQL-1', discountType: 'PERCENTAGE', discountValue: '15', expiresAt: '2026-03-01T11:00:00Z' },
    });
    expect(first.body.data.couponCreate).toEqual({
      coupon: {
        id: expect.any(String),
        code: 'GraphQL-1',
        discountType: 'PERCENTAGE',
        discountValue: '15.00',
        appliesTo: 'ALL_PRODUCTS',
        isActive: true,
        isValid: false,
        isExpired: true,
        expiresAt: '2026-03-01T11:00:00.000Z',
      },
      userErrors: [],
    });
    const taken = await graphql(t.app, listed.privateKey, couponCreate, {
      input: { title: 'Again', code: 'graphql-1', discountType: 'FIXED', discountValue: '1' },
    });
    expect(taken.body.data.couponCreate).toEqual({
      coupon: null,
      userErrors: [{ field: 'input.code', code: 'conflict', message: 'is already the code of another coupon of this store' }],
    });
    const coupons = `query($filter: CouponFilter) { merchant { coupons(first: 10, filter: $filter) { edges { node { code isExpired } } } } }`;
    const expired = await graphql(t.app, listed.privateKey, coupons, { filter: { status: 'EXPIRED' } });
    expect(expired.body.data.merchant.coupons.edges).toEqual([{ node: { code: 'GraphQL-1', isExpired: true } }]);
    const active = await graphql(t.app, listed.privateKey, coupons, { filter: { status: 'ACTIVE' } });
    expect(active.body.data.merchant.coupons.edges).toEqual([]);
  });

  it('refuses a key without merchant-coupons-read with insufficient_scope', async () => {
    const key = await makeKey(t.database, { store: shop.store.slug, kind: 'private', scopes: ['merchant-coupons-create'] });
    const res = await graphql(
      t.app,
      key,
      `
        {
          merchant {
            coupons(first: 1) {
              edges {
                node {
                  code
                }
              }
            }
          }
        }
      `,
    );
    expect(res.body.errors[0].extensions.code).toBe('insufficient_scope');
  });
});
