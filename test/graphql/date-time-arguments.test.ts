import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectValidation } from '../support/failure.js';
import { get, graphql, type Call } from '../support/http.js';
import { makeStore, type TestStore } from '../support/stores.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { MERCHANT } from '../support/writes.js';

// Issue 18, finding 8: every GraphQL DateTime argument is held to the instant range REST holds its
// timestamps to (one rule), answering validation_failed naming the argument, never server_error.

const RANGE = 'must be between 0001-01-01T00:00:00Z and 9999-12-31T23:59:59Z';
const YEAR_ZERO = '0000-01-01T00:00:00Z';

let t: TestApp;
let shop: TestStore;

beforeAll(async () => {
  t = await startTestApp({ RATE_LIMIT_MERCHANT: '0', RATE_LIMIT_GRAPHQL: '0' });
  shop = await makeStore(t.database);
});
afterAll(() => t.close());

function expectRangeRefusal(res: Call, argument: string) {
  expect(res.status, res.raw).toBe(200);
  expect(res.body.errors).toHaveLength(1);
  expect(res.body.errors[0].extensions).toEqual({ code: 'validation_failed', request_id: res.headers['x-request-id'], errors: { [argument]: [RANGE] } });
}

describe('DateTime arguments outside the instant range', () => {
  it('merchant.products(updatedAfter) answers validation_failed, as REST answers 422 on updated_after', async () => {
    const res = await graphql(t.app, shop.privateKey, `{ merchant { products(first: 1, updatedAfter: "${YEAR_ZERO}") { edges { node { id } } } } }`);
    expectRangeRefusal(res, 'updatedAfter');
    const rest = await get(t.app, `${MERCHANT}/products?updated_after=${YEAR_ZERO}`, shop.privateKey);
    expectValidation(rest, 'updated_after');
    expect(rest.body.error.errors).toEqual({ updated_after: [RANGE] });
  });

  it('merchant.orders(updatedAfter), as a variable', async () => {
    const res = await graphql(
      t.app,
      shop.privateKey,
      'query ($after: DateTime) { merchant { orders(first: 1, updatedAfter: $after) { edges { node { id } } } } }',
      { after: YEAR_ZERO },
    );
    expectRangeRefusal(res, 'updatedAfter');
  });

  it('merchant.customers(filter: {createdAfter, createdBefore})', async () => {
    const res = await graphql(
      t.app,
      shop.privateKey,
      `{ merchant { customers(first: 1, filter: { createdBefore: "${YEAR_ZERO}" }) { edges { node { id } } } } }`,
    );
    expectRangeRefusal(res, 'filter.createdBefore');
  });

  it('discountCreate(validFrom) and couponCreate(startsAt), before anything is written', async () => {
    const discount = await graphql(
      t.app,
      shop.privateKey,
      'mutation ($input: DiscountCreateInput!) { discountCreate(input: $input) { discount { id } userErrors { field } } }',
      { input: { title: 'Year zero', type: 'PERCENTAGE', value: '10', validFrom: YEAR_ZERO } },
    );
    expectRangeRefusal(discount, 'input.validFrom');
    const coupon = await graphql(
      t.app,
      shop.privateKey,
      'mutation ($input: CouponCreateInput!) { couponCreate(input: $input) { coupon { id } userErrors { field } } }',
      { input: { title: 'Year zero', code: 'YEAR-ZERO', discountType: 'FIXED', discountValue: '5.00', startsAt: YEAR_ZERO } },
    );
    expectRangeRefusal(coupon, 'input.startsAt');
    expect(await t.database.prisma.discount.count({ where: { storeId: shop.store.id } })).toBe(0);
    expect(await t.database.prisma.coupon.count({ where: { storeId: shop.store.id } })).toBe(0);
  });

  it('takes the ends of the range on both faces', async () => {
    for (const instant of ['0001-01-01T00:00:00Z', '9999-12-31T23:59:59Z']) {
      const res = await graphql(t.app, shop.privateKey, `{ merchant { products(first: 1, updatedAfter: "${instant}") { edges { node { id } } } } }`);
      expect(res.body.errors, res.raw).toBeUndefined();
      expect((await get(t.app, `${MERCHANT}/products?updated_after=${instant}`, shop.privateKey)).status).toBe(200);
    }
  });
});
