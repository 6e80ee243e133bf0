import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCategory, createProduct } from '../../support/catalog.js';
import { expectFailure, expectValidation } from '../../support/failure.js';
import { call, get } from '../../support/http.js';
import { makeKey, makeStore, type TestStore } from '../../support/stores.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';
import { MERCHANT, outboxOf, send } from '../../support/writes.js';

// The coupon operations: GET /coupons (merchant-coupons-read) and POST /coupons
// (merchant-coupons-create), whose answer is the spec's {success, data, message}. The clock is
// pinned, so is_valid and is_expired are read at a known instant.

let t: TestApp;
let shop: TestStore;
let other: TestStore;
const now = new Date('2026-03-01T12:00:00.000Z');

beforeAll(async () => {
  t = await startTestApp({ RATE_LIMIT_MERCHANT: '0' }, { clock: () => now.getTime() });
  shop = await makeStore(t.database);
  other = await makeStore(t.database);
});
afterAll(() => t.close());

const create = (body: Record<string, unknown>, key = shop.privateKey) =>
  send(t.app, key, 'POST', '/coupons', { title: 'A coupon', discount_type: 'fixed', discount_value: 5, ...body });
const couponCount = (store = shop) => t.database.prisma.coupon.count({ where: { storeId: store.store.id } });
const keyWith = (...scopes: string[]) => makeKey(t.database, { store: shop.store.slug, kind: 'private', scopes });

describe('POST /coupons', () => {
  it('creates a coupon with every field and answers 201 {success, data, message}, with one event', async () => {
    const boot = await createProduct(t.database, shop.store, { title: 'Boot' });
    const res = await send(t.app, shop.privateKey, 'POST', '/coupons', {
      title: 'Welcome',
      description: 'First order',
      code: '  Welcome-10 ',
      discount_type: 'percentage',
      discount_value: '10',
      minimum_order_amount: 20.5,
      applies_to: 'specific_products',
      target_product_ids: [boot.pId],
      usage_limit: 100,
      usage_limit_per_user: 1,
      capped_amount: '15',
      starts_at: '2026-02-01T00:00:00Z',
      expires_at: '2026-12-31T23:59:59+01:00',
      is_active: true,
    });
    expect(res.status, res.raw).toBe(201);
    const row = await t.database.prisma.coupon.findFirstOrThrow({ where: { storeId: shop.store.id, codeKey: 'WELCOME-10' } });
    expect(res.body).toEqual({
      success: true,
      message: 'Coupon created',
      data: {
        id: row.id,
        code: 'Welcome-10',
        title: 'Welcome',
        description: 'First order',
        discount_type: 'percentage',
        discount_value: '10.00',
        applies_to: 'specific_products',
        target_product_ids: [boot.id],
        target_category_ids: [],
        minimum_order_amount: '20.50',
        capped_amount: '15.00',
        capped_amount_per_user: null,
        usage_limit: 100,
        usage_limit_per_user: 1,
        used_count: 0,
        is_active: true,
        is_valid: true,
        is_expired: false,
        image_url: null,
        starts_at: '2026-02-01T00:00:00.000Z',
        expires_at: '2026-12-31T22:59:59.000Z',
        created_at: row.createdAt.toISOString(),
        updated_at: row.updatedAt.toISOString(),
      },
    });
    expect(await outboxOf(t.database, shop.store)).toContainEqual({ topic: 'coupons/create', payload: { id: row.id } });
  });

  it('defaults to all_products, or follows the targets sent', async () => {
    const shoes = await createCategory(t.database, shop.store, 'Shoes');
    expect((await create({ code: 'PLAIN1' })).body.data).toMatchObject({ applies_to: 'all_products', is_active: true, is_valid: true });
    expect((await create({ code: 'CATS1', target_category_ids: [shoes.pId] })).body.data).toMatchObject({
      applies_to: 'specific_categories',
      target_category_ids: [shoes.id],
    });
  });

  it('answers is_valid and is_expired at the request time', async () => {
    const cases: [Record<string, unknown>, boolean, boolean][] = [
      [{ expires_at: '2026-03-01T11:59:59Z' }, false, true],
      [{ expires_at: '2026-03-01T12:00:00Z' }, false, true],
      [{ expires_at: '2026-03-01T12:00:01Z' }, true, false],
      [{ starts_at: '2026-03-01T12:00:01Z' }, false, false],
      [{ starts_at: '2026-03-01T12:00:00Z' }, true, false],
      [{ is_active: false }, false, false],
      [{ is_active: false, expires_at: '2026-01-01T00:00:00Z' }, false, true],
    ];
    for (const [index, [fields, valid, expired]] of cases.entries()) {
      const res = await create({ code: `TIMED-${index}`, ...fields });
      expect(res.status, res.raw).toBe(201);
      expect([res.body.data.is_valid, res.body.data.is_expired], JSON.stringify(fields)).toEqual([valid, expired]);
    }
    const used = await create({ code: 'USEDUP', usage_limit: 2 });
    await t.database.prisma.coupon.update({ where: { id: used.body.data.id }, data: { usedCount: 2 } });
    const listed = await get(t.app, `${MERCHANT}/coupons?search=USEDUP`, shop.privateKey);
    expect(listed.body.data[0]).toMatchObject({ used_count: 2, is_valid: false, is_expired: false });
  });

  it.each([
    [{ code: 'ab' }, 'code'],
    [{ code: 'x'.repeat(51) }, 'code'],
    [{ code: 'TEN OFF' }, 'code'],
    [{ code: 'TEN%' }, 'code'],
    [{ code: undefined }, 'code'],
    [{ code: 'VAL1', discount_type: 'bogo' }, 'discount_type'],
    [{ code: 'VAL2', discount_type: 'percentage', discount_value: 101 }, 'discount_value'],
    [{ code: 'VAL3', discount_value: 0 }, 'discount_value'],
    [{ code: 'VAL4', discount_value: '1.999' }, 'discount_value'],
    [{ code: 'VAL5', discount_value: -1 }, 'discount_value'],
    [{ code: 'VAL6', applies_to: 'everything' }, 'applies_to'],
    [{ code: 'VAL7', applies_to: 'specific_products' }, 'target_product_ids'],
    [{ code: 'VAL8', applies_to: 'all_products', target_product_ids: [1] }, 'target_product_ids'],
    [{ code: 'VAL9', usage_limit: 0 }, 'usage_limit'],
    [{ code: 'VAL10', starts_at: '2026-05-01T00:00:00Z', expires_at: '2026-04-01T00:00:00Z' }, 'expires_at'],
    [{ code: 'VAL11', target_category_ids: Array.from({ length: 1001 }, (_, i) => i + 1) }, 'target_category_ids'],
    [{ code: 'VAL12', title: '' }, 'title'],
    [{ code: 'VAL13', image_url: 'https://example.com/a.png' }, 'image_url'],
  ])('refuses %j with a 422 naming %s and writes nothing', async (fields, field) => {
    const before = await couponCount();
    expectValidation(await create(fields), field);
    expect(await couponCount()).toBe(before);
  });

  it("names another store's or an unknown target product by its index and writes nothing", async () => {
    const foreign = await createProduct(t.database, other.store, { title: 'Foreign' });
    const before = await couponCount();
    const res = await create({ code: 'FOREIGN', applies_to: 'specific_products', target_product_ids: [foreign.id, 424242424] });
    expectValidation(res, 'target_product_ids.0');
    expect(Object.keys(res.body.errors)).toEqual(['target_product_ids.0', 'target_product_ids.1']);
    expect(await couponCount()).toBe(before);
  });

  it('refuses a code already used in the store, whatever its case, with a 409 conflict; another store may use it', async () => {
    expect((await create({ code: 'Summer' })).status).toBe(201);
    const before = await couponCount();
    expectFailure(await create({ code: 'SUMMER' }), 409, 'conflict', 'A coupon with the code SUMMER already exists in this store (codes ignore case).');
    expect(await couponCount()).toBe(before);
    expect((await create({ code: 'summer' }, other.privateKey)).status).toBe(201);
  });

  it('gives exactly one 201 to concurrent creates of one code in different cases, and clean 409s to the rest', async () => {
    const codes = ['RaceCode', 'RACECODE', 'racecode', 'raceCODE', 'RaCeCoDe'];
    const results = await Promise.all(codes.map((code) => create({ code })));
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409]);
    for (const r of results.filter((r) => r.status === 409)) expectFailure(r, 409, 'conflict');
    expect(await t.database.prisma.coupon.count({ where: { storeId: shop.store.id, codeKey: 'RACECODE' } })).toBe(1);
  });

  it('answers malformed JSON with 400 bad_request', async () => {
    const res = await call(t.app, {
      method: 'POST',
      url: `${MERCHANT}/coupons`,
      key: shop.privateKey,
      headers: { 'content-type': 'application/json' },
      payload: '{"code": ',
    });
    expectFailure(res, 400, 'bad_request');
  });

  it('replays the same call under one Idempotency-Key', async () => {
    const post = (code: string) =>
      call(t.app, {
        method: 'POST',
        url: `${MERCHANT}/coupons`,
        key: shop.privateKey,
        headers: { 'content-type': 'application/json', 'idempotency-key': 'coupon-once' },
        payload: JSON.stringify({ title: 'Once', code, discount_type: 'fixed', discount_value: 1 }),
      });
    const first = await post('ONCE1');
    const again = await post('ONCE1');
    expect([first.status, again.status, again.headers['idempotent-replayed']]).toEqual([201, 201, 'true']);
    expect(again.raw).toBe(first.raw);
    expectFailure(await post('ONCE2'), 409, 'idempotency_key_reuse');
  });

  it('answers 403 insufficient_scope without merchant-coupons-create', async () => {
    expectFailure(await create({ code: 'NOSCOPE' }, await keyWith('merchant-coupons-read')), 403, 'insufficient_scope');
  });
});

describe('GET /coupons', () => {
  let listed: TestStore;
  beforeAll(async () => {
    listed = await makeStore(t.database);
    const bodies = [
      { code: 'OLD-5', title: 'Old five', expires_at: '2026-01-01T00:00:00Z' },
      { code: 'OFF_50', title: 'Half price', discount_type: 'percentage', discount_value: 50 },
      { code: 'PAUSED', title: 'Paused', is_active: false },
      { code: 'LATER', title: 'Scheduled', starts_at: '2026-06-01T00:00:00Z' },
    ];
    for (const body of bodies) expect((await create(body, listed.privateKey)).status).toBe(201);
    await create({ code: 'OFF_OTHER', title: 'Half elsewhere' }, other.privateKey);
  });
  const codes = async (query: string) => {
    const res = await get(t.app, `${MERCHANT}/coupons${query}`, listed.privateKey);
    expect(res.status, res.raw).toBe(200);
    return res.body.data.map((c: { code: string }) => c.code);
  };

  it("lists the store's coupons newest first, never another store's", async () => {
    expect(await codes('')).toEqual(['LATER', 'PAUSED', 'OFF_50', 'OLD-5']);
  });

  it('filters by discount_type, status and search (code or title, any case, wildcards literal)', async () => {
    expect(await codes('?discount_type=percentage')).toEqual(['OFF_50']);
    expect(await codes('?status=active')).toEqual(['LATER', 'OFF_50']);
    expect(await codes('?status=inactive')).toEqual(['PAUSED']);
    expect(await codes('?status=expired')).toEqual(['OLD-5']);
    expect(await codes('?search=off_')).toEqual(['OFF_50']);
    expect(await codes('?search=PRICE')).toEqual(['OFF_50']);
    expect(await codes(`?search=${encodeURIComponent('%')}`)).toEqual([]);
  });

  it('walks by signed cursor bound to its filters', async () => {
    const page = await get(t.app, `${MERCHANT}/coupons?limit=3`, listed.privateKey);
    expect(page.body).toMatchObject({ has_more: true, next_cursor: expect.any(String) });
    const next = await get(t.app, `${MERCHANT}/coupons?limit=3&starting_after=${page.body.next_cursor}`, listed.privateKey);
    expect(next.body).toMatchObject({ data: [expect.objectContaining({ code: 'OLD-5' })], has_more: false, next_cursor: null });
    expectFailure(
      await get(t.app, `${MERCHANT}/coupons?status=active&starting_after=${page.body.next_cursor}`, listed.privateKey),
      422,
      'starting_after_invalid',
    );
  });

  it('refuses out-of-range parameters with a 422 naming them', async () => {
    expectValidation(await get(t.app, `${MERCHANT}/coupons?limit=101`, listed.privateKey), 'limit');
    expectValidation(await get(t.app, `${MERCHANT}/coupons?status=valid`, listed.privateKey), 'status');
    expectValidation(await get(t.app, `${MERCHANT}/coupons?discount_type=free`, listed.privateKey), 'discount_type');
    expectValidation(await get(t.app, `${MERCHANT}/coupons?search=${'y'.repeat(256)}`, listed.privateKey), 'search');
  });

  it('answers 403 insufficient_scope without merchant-coupons-read', async () => {
    expectFailure(await get(t.app, `${MERCHANT}/coupons`, await keyWith('merchant-coupons-create')), 403, 'insufficient_scope');
  });
});
