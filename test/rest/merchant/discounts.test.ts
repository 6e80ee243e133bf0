import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCategory, createProduct } from '../../support/catalog.js';
import { expectFailure, expectValidation } from '../../support/failure.js';
import { call, get } from '../../support/http.js';
import { picture, serve, startLocalServer, type LocalServer } from '../../support/media-fixtures.js';
import { makeKey, makeStore, type TestStore } from '../../support/stores.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';
import { MERCHANT, outboxOf, send } from '../../support/writes.js';

// The discount operations: GET /discounts (merchant-discounts-read), POST /discounts
// (merchant-discounts-create), GET /discounts/{discount} (merchant-discounts-detail) and
// POST /discounts/{discount}/publish and /unpublish (merchant-discounts-update).

let t: TestApp;
let shop: TestStore;
let other: TestStore;
let images: LocalServer;
const now = new Date('2026-03-01T12:00:00.000Z');

beforeAll(async () => {
  images = await startLocalServer({ '/promo.jpg': serve(await picture(800, 400, 'jpeg'), 'image/jpeg'), '/text.png': serve('not a picture') });
  t = await startTestApp({ MEDIA_FETCH_ALLOW: images.hostPort, RATE_LIMIT_MERCHANT: '0' }, { clock: () => now.getTime() });
  shop = await makeStore(t.database);
  other = await makeStore(t.database);
});
afterAll(async () => {
  await t.close();
  await images.close();
});

const create = (body: unknown, key = shop.privateKey) => send(t.app, key, 'POST', '/discounts', body);
const discountCount = (store = shop) => t.database.prisma.discount.count({ where: { storeId: store.store.id } });
const keyWith = (...scopes: string[]) => makeKey(t.database, { store: shop.store.slug, kind: 'private', scopes });

describe('POST /discounts', () => {
  it('creates a discount with every field, answering 201, Location and the Discount object, with one event', async () => {
    const shoes = await createCategory(t.database, shop.store, 'Shoes');
    const boot = await createProduct(t.database, shop.store, { title: 'Boot' });
    const res = await create({
      title: 'Spring sale',
      description: 'Ten percent off boots',
      type: 'percentage',
      value: '10.5',
      product_ids: [boot.pId, boot.id],
      category_ids: [shoes.id],
      minimum_order_amount: 50,
      minimum_quantity: 2,
      capped_amount: '25',
      capped_amount_per_user: 12.3,
      max_usage_total: 100,
      max_usage_per_user: 1,
      valid_from: '2026-03-01T00:00:00+02:00',
      valid_until: '2026-04-01T00:00:00Z',
      is_active: true,
      is_published: true,
      auto_apply: false,
      kind: 'promotion',
      priority: 5,
    });
    expect(res.status, res.raw).toBe(201);
    const row = await t.database.prisma.discount.findFirstOrThrow({ where: { storeId: shop.store.id, title: 'Spring sale' } });
    expect(res.headers.location).toBe(`${MERCHANT}/discounts/${row.id}`);
    expect(res.body).toEqual({
      status: 'success',
      message: 'Discount created',
      data: {
        id: row.id,
        reference: `D-${String(row.pId).padStart(6, '0')}`,
        kind: 'promotion',
        title: 'Spring sale',
        description: 'Ten percent off boots',
        type: 'percentage',
        value: '10.50',
        product_ids: [boot.id],
        category_ids: [shoes.id],
        minimum_order_amount: '50.00',
        minimum_quantity: 2,
        capped_amount: '25.00',
        capped_amount_per_user: '12.30',
        max_usage_total: 100,
        max_usage_per_user: 1,
        usage_count: 0,
        auto_apply: false,
        status: 'active',
        is_active: true,
        is_published: true,
        priority: 5,
        image_url: null,
        valid_from: '2026-02-28T22:00:00.000Z',
        valid_until: '2026-04-01T00:00:00.000Z',
        published_at: now.toISOString(),
        created_at: row.createdAt.toISOString(),
        updated_at: row.updatedAt.toISOString(),
      },
    });
    expect((await outboxOf(t.database, shop.store)).filter((e) => e.topic.startsWith('discounts/'))).toContainEqual({
      topic: 'discounts/create',
      payload: { id: row.id },
    });
  });

  it('creates from title, type and value alone with the documented defaults', async () => {
    const res = await create({ title: 'Five off', type: 'fixed', value: 5 });
    expect(res.status, res.raw).toBe(201);
    expect(res.body.data).toMatchObject({
      kind: 'discount',
      value: '5.00',
      product_ids: [],
      category_ids: [],
      minimum_order_amount: null,
      capped_amount: null,
      auto_apply: true,
      status: 'active',
      is_active: true,
      is_published: false,
      published_at: null,
      priority: 0,
      valid_from: null,
      valid_until: null,
    });
  });

  it('downloads image_url into the media library and stores the address Bazaar serves', async () => {
    const res = await create({ title: 'Banner', type: 'fixed', value: 1, image_url: `${images.origin}/promo.jpg` });
    expect(res.status, res.raw).toBe(201);
    expect(res.body.data.image_url).toMatch(/^http:\/\/bazaar\.test\/media\/.+\/original\.jpg$/);
    const refused = await create({ title: 'Bad banner', type: 'fixed', value: 1, image_url: `${images.origin}/text.png` });
    expectValidation(refused, 'image_url');
  });

  it.each([
    [{ type: 'half', value: 1 }, 'type'],
    [{ type: 'percentage', value: 0 }, 'value'],
    [{ type: 'fixed', value: '0.00' }, 'value'],
    [{ type: 'percentage', value: 101 }, 'value'],
    [{ type: 'percentage', value: '100.01' }, 'value'],
    [{ type: 'fixed', value: '1.005' }, 'value'],
    [{ type: 'fixed', value: -3 }, 'value'],
    [{ type: 'fixed', value: 'ten' }, 'value'],
    [{ type: 'fixed' }, 'value'],
    [{ type: 'fixed', value: 1, minimum_order_amount: '1.234' }, 'minimum_order_amount'],
    [{ type: 'fixed', value: 1, max_usage_total: 0 }, 'max_usage_total'],
    [{ type: 'fixed', value: 1, priority: 1001 }, 'priority'],
    [{ type: 'fixed', value: 1, kind: 'sale' }, 'kind'],
    [{ type: 'fixed', value: 1, valid_from: 'tomorrow' }, 'valid_from'],
    [{ type: 'fixed', value: 1, valid_from: '2026-05-01T00:00:00Z', valid_until: '2026-04-01T00:00:00Z' }, 'valid_until'],
    [{ type: 'fixed', value: 1, valid_from: '2026-05-01T00:00:00Z', valid_until: '2026-05-01T00:00:00Z' }, 'valid_until'],
    [{ type: 'fixed', value: 1, product_ids: Array.from({ length: 1001 }, (_, i) => i + 1) }, 'product_ids'],
    [{ type: 'fixed', value: 1, product_ids: 'all' }, 'product_ids'],
    [{ type: 'fixed', value: 1, colour: 'red' }, 'colour'],
  ])('refuses %j with a 422 naming %s and writes nothing', async (fields, field) => {
    const before = await discountCount();
    expectValidation(await create({ title: 'Invalid', ...fields }), field);
    expect(await discountCount()).toBe(before);
  });

  it('accepts exactly 100 percent and 0.01 fixed', async () => {
    expect((await create({ title: 'All off', type: 'percentage', value: 100 })).body.data.value).toBe('100.00');
    expect((await create({ title: 'Penny', type: 'fixed', value: 0.01 })).body.data.value).toBe('0.01');
  });

  it("names an unknown or another store's product or category by its index and writes nothing", async () => {
    const mine = await createProduct(t.database, shop.store, { title: 'Mine' });
    const foreign = await createProduct(t.database, other.store, { title: 'Foreign' });
    const deleted = await createProduct(t.database, shop.store, { title: 'Gone', deleted: true });
    const foreignCategory = await createCategory(t.database, other.store, 'Theirs');
    const before = await discountCount();
    const res = await create({
      title: 'Targets',
      type: 'fixed',
      value: 1,
      product_ids: [mine.id, foreign.id, 99999999, deleted.pId, 'nope'],
      category_ids: [foreignCategory.pId],
    });
    expectValidation(res, 'product_ids.1');
    expect(Object.keys(res.body.errors)).toEqual(['product_ids.1', 'product_ids.2', 'product_ids.3', 'product_ids.4', 'category_ids.0']);
    expect(await discountCount()).toBe(before);
  });

  it('answers malformed JSON with 400 bad_request, a missing title with a 422', async () => {
    const before = await discountCount();
    const res = await call(t.app, {
      method: 'POST',
      url: `${MERCHANT}/discounts`,
      key: shop.privateKey,
      headers: { 'content-type': 'application/json' },
      payload: '{"title": "Broken",',
    });
    expectFailure(res, 400, 'bad_request');
    expectValidation(await create({ type: 'fixed', value: 1 }), 'title');
    expect(await discountCount()).toBe(before);
  });

  it('replays the same call under one Idempotency-Key and refuses the key with another body', async () => {
    const post = (body: unknown) =>
      call(t.app, {
        method: 'POST',
        url: `${MERCHANT}/discounts`,
        key: shop.privateKey,
        headers: { 'content-type': 'application/json', 'idempotency-key': 'disc-once-1' },
        payload: JSON.stringify(body),
      });
    const first = await post({ title: 'Once', type: 'fixed', value: 2 });
    expect(first.status).toBe(201);
    const again = await post({ title: 'Once', type: 'fixed', value: 2 });
    expect(again.status).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.raw).toBe(first.raw);
    expect(await t.database.prisma.discount.count({ where: { storeId: shop.store.id, title: 'Once' } })).toBe(1);
    expectFailure(await post({ title: 'Once', type: 'fixed', value: 3 }), 409, 'idempotency_key_reuse');
  });

  it('answers 403 insufficient_scope without merchant-discounts-create', async () => {
    expectFailure(await create({ title: 'No scope', type: 'fixed', value: 1 }, await keyWith('merchant-discounts-read')), 403, 'insufficient_scope');
  });
});

describe('GET /discounts/{discount}', () => {
  it('reads a discount by uuid or integer id', async () => {
    const made = (await create({ title: 'Readable', type: 'fixed', value: '3.10' })).body.data;
    const row = await t.database.prisma.discount.findUniqueOrThrow({ where: { id: made.id } });
    for (const ref of [made.id, String(row.pId)]) {
      const res = await get(t.app, `${MERCHANT}/discounts/${ref}`, shop.privateKey);
      expect(res.status, res.raw).toBe(200);
      expect(res.body).toEqual({ status: 'success', message: 'Discount', data: made });
    }
  });

  it("answers 404 naming the discount for another store's, an unknown or a malformed id", async () => {
    const theirs = (await create({ title: 'Theirs', type: 'fixed', value: 1 }, other.privateKey)).body.data;
    for (const ref of [theirs.id, '00000000-0000-4000-8000-000000000000', 'D-1', '99999999']) {
      expectFailure(await get(t.app, `${MERCHANT}/discounts/${ref}`, shop.privateKey), 404, 'not_found', 'Discount not found.');
    }
  });

  it('answers 403 insufficient_scope without merchant-discounts-detail', async () => {
    const made = (await create({ title: 'Scoped read', type: 'fixed', value: 1 })).body.data;
    expectFailure(await get(t.app, `${MERCHANT}/discounts/${made.id}`, await keyWith('merchant-discounts-read')), 403, 'insufficient_scope');
  });
});

describe('POST /discounts/{discount}/publish and /unpublish', () => {
  it('follows the states table: publish stamps published_at once, unpublish clears it, each change one event', async () => {
    const made = (await create({ title: 'Stateful', type: 'fixed', value: 1 })).body.data;
    const events = async () =>
      (await outboxOf(t.database, shop.store)).filter((e) => e.topic === 'discounts/update' && (e.payload as { id: string }).id === made.id).length;
    const publish = await send(t.app, shop.privateKey, 'POST', `/discounts/${made.id}/publish`);
    expect(publish.status, publish.raw).toBe(200);
    expect(publish.body).toEqual({ status: 'success', message: 'Discount published', data: { is_published: true, published_at: now.toISOString() } });
    expect(await events()).toBe(1);

    await t.database.prisma.discount.update({ where: { id: made.id }, data: { publishedAt: new Date('2026-02-01T00:00:00Z') } });
    const again = await send(t.app, shop.privateKey, 'POST', `/discounts/${made.id}/publish`);
    expect(again.body.data).toEqual({ is_published: true, published_at: '2026-02-01T00:00:00.000Z' });
    expect(await events()).toBe(1);

    const row = await t.database.prisma.discount.findUniqueOrThrow({ where: { id: made.id } });
    const unpublish = await send(t.app, shop.privateKey, 'POST', `/discounts/${row.pId}/unpublish`);
    expect(unpublish.body).toEqual({ status: 'success', message: 'Discount unpublished', data: { is_published: false, published_at: null } });
    expect(await events()).toBe(2);
    const twice = await send(t.app, shop.privateKey, 'POST', `/discounts/${made.id}/unpublish`);
    expect(twice.body.data).toEqual({ is_published: false, published_at: null });
    expect(await events()).toBe(2);
    expect((await get(t.app, `${MERCHANT}/discounts/${made.id}`, shop.privateKey)).body.data).toMatchObject({ is_published: false, published_at: null });
  });

  it("answers 404 for another store's discount and changes nothing", async () => {
    const theirs = (await create({ title: 'Not yours', type: 'fixed', value: 1 }, other.privateKey)).body.data;
    expectFailure(await send(t.app, shop.privateKey, 'POST', `/discounts/${theirs.id}/publish`), 404, 'not_found', 'Discount not found.');
    expect((await t.database.prisma.discount.findUniqueOrThrow({ where: { id: theirs.id } })).isPublished).toBe(false);
  });

  it('answers 403 insufficient_scope without merchant-discounts-update', async () => {
    const made = (await create({ title: 'Scoped publish', type: 'fixed', value: 1 })).body.data;
    expectFailure(await send(t.app, await keyWith('merchant-discounts-detail'), 'POST', `/discounts/${made.id}/publish`), 403, 'insufficient_scope');
  });
});

describe('GET /discounts', () => {
  let listed: TestStore;
  beforeAll(async () => {
    listed = await makeStore(t.database);
    const bodies = [
      { title: 'Alpha 50%_off', type: 'percentage', value: 50 },
      { title: 'Beta fixed', type: 'fixed', value: 4, is_active: false },
      { title: 'Gamma promo', type: 'percentage', value: 15, kind: 'promotion', is_published: true },
      { title: 'Delta 50 percent', type: 'fixed', value: 1 },
    ];
    for (const body of bodies) expect((await create(body, listed.privateKey)).status).toBe(201);
    await create({ title: 'Alpha elsewhere', type: 'fixed', value: 1 }, other.privateKey);
  });
  const titles = async (query: string) => {
    const res = await get(t.app, `${MERCHANT}/discounts${query}`, listed.privateKey);
    expect(res.status, res.raw).toBe(200);
    return res.body.data.map((d: { title: string }) => d.title);
  };

  it("lists the store's discounts newest first, never another store's", async () => {
    expect(await titles('')).toEqual(['Delta 50 percent', 'Gamma promo', 'Beta fixed', 'Alpha 50%_off']);
  });

  it('filters by type, status, kind and search (title any case, wildcards literal, or the reference)', async () => {
    expect(await titles('?type=fixed')).toEqual(['Delta 50 percent', 'Beta fixed']);
    expect(await titles('?status=inactive')).toEqual(['Beta fixed']);
    expect(await titles('?status=active&type=percentage')).toEqual(['Gamma promo', 'Alpha 50%_off']);
    expect(await titles('?kind=promotion')).toEqual(['Gamma promo']);
    expect(await titles('?kind=discount')).toEqual(['Delta 50 percent', 'Beta fixed', 'Alpha 50%_off']);
    expect(await titles('?kind=all&search=ALPHA')).toEqual(['Alpha 50%_off']);
    expect(await titles(`?search=${encodeURIComponent('50%_')}`)).toEqual(['Alpha 50%_off']);
    const gamma = await t.database.prisma.discount.findFirstOrThrow({ where: { storeId: listed.store.id, title: 'Gamma promo' } });
    expect(await titles(`?search=D-${String(gamma.pId).padStart(6, '0')}`)).toEqual(['Gamma promo']);
  });

  it('walks by signed cursor bound to its filters', async () => {
    const first = await get(t.app, `${MERCHANT}/discounts?limit=2&type=percentage`, listed.privateKey);
    expect(first.body).toMatchObject({ has_more: false, next_cursor: null });
    const page = await get(t.app, `${MERCHANT}/discounts?limit=1`, listed.privateKey);
    expect(page.body).toMatchObject({ data: [expect.objectContaining({ title: 'Delta 50 percent' })], has_more: true, next_cursor: expect.any(String) });
    const next = await get(t.app, `${MERCHANT}/discounts?limit=3&starting_after=${page.body.next_cursor}`, listed.privateKey);
    expect(next.body.data.map((d: { title: string }) => d.title)).toEqual(['Gamma promo', 'Beta fixed', 'Alpha 50%_off']);
    expect(next.body).toMatchObject({ has_more: false, next_cursor: null });
    expectFailure(
      await get(t.app, `${MERCHANT}/discounts?type=fixed&starting_after=${page.body.next_cursor}`, listed.privateKey),
      422,
      'starting_after_invalid',
    );
  });

  it('refuses out-of-range parameters with a 422 naming them', async () => {
    expectValidation(await get(t.app, `${MERCHANT}/discounts?limit=0`, listed.privateKey), 'limit');
    expectValidation(await get(t.app, `${MERCHANT}/discounts?limit=101`, listed.privateKey), 'limit');
    expectValidation(await get(t.app, `${MERCHANT}/discounts?type=free`, listed.privateKey), 'type');
    expectValidation(await get(t.app, `${MERCHANT}/discounts?status=expired`, listed.privateKey), 'status');
    expectValidation(await get(t.app, `${MERCHANT}/discounts?kind=sale`, listed.privateKey), 'kind');
    expectValidation(await get(t.app, `${MERCHANT}/discounts?search=${'x'.repeat(256)}`, listed.privateKey), 'search');
  });

  it('answers 403 insufficient_scope without merchant-discounts-read', async () => {
    expectFailure(await get(t.app, `${MERCHANT}/discounts`, await keyWith('merchant-discounts-detail')), 403, 'insufficient_scope');
  });
});
