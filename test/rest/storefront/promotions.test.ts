import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDiscount } from '../../support/discounts.js';
import { get } from '../../support/http.js';
import { makeStore, type TestStore } from '../../support/stores.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';

// GET /store/promotions: the store's live promotions, three sorts, signed keyset cursors.

const now = new Date('2031-06-01T12:00:00Z');
const at = (days: number) => new Date(now.getTime() + days * 24 * 60 * 60 * 1000);
let t: TestApp;
let shop: TestStore;
let other: TestStore;

beforeAll(async () => {
  t = await startTestApp({}, { clock: () => now.getTime() });
  shop = await makeStore(t.database);
  other = await makeStore(t.database);
  const promotion = (title: string, extra: Record<string, unknown> = {}) =>
    createDiscount(t.database, shop.store, { title, kind: 'promotion', autoApply: false, ...extra });
  // Ties on priority and on valid_until, and open-ended ones, so every tie-breaker is walked.
  await promotion('Summer Sale', { priority: 5, validUntil: at(10), createdAt: at(-5), description: 'Warm days', imageUrl: 'https://cdn.test/summer.png' });
  await promotion('Flash Friday', { priority: 5, validUntil: at(1), createdAt: at(-4) });
  await promotion('Garden Week', { priority: 9, validUntil: at(10), createdAt: at(-3) });
  await promotion('Always On', { priority: 1, createdAt: at(-2) });
  await promotion('Evergreen', { priority: 5, createdAt: at(-1), type: 'fixed', value: '7.50' });
  // Not live, or not a promotion: never listed.
  await promotion('Ended', { validUntil: at(-1) });
  await promotion('Later', { validFrom: at(1) });
  await promotion('Draft', { isPublished: false });
  await promotion('Paused', { isActive: false });
  await createDiscount(t.database, shop.store, { title: 'Plain discount' });
  await createDiscount(t.database, other.store, { title: 'Other Sale', kind: 'promotion' });
});
afterAll(() => t.close());

const titles = (body: { data: { title: string }[] }) => body.data.map((p) => p.title);

async function walk(query: string, perPage: number): Promise<string[]> {
  const seen: string[] = [];
  let cursor: string | null = null;
  do {
    const after: string = cursor ? `&starting_after=${encodeURIComponent(cursor)}` : '';
    const res = await get(t.app, `/v1/store/promotions?per_page=${perPage}${query}${after}`, shop.publicKey);
    expect(res.status).toBe(200);
    seen.push(...titles(res.body));
    cursor = res.body.has_more ? res.body.next_cursor : null;
    if (!res.body.has_more) expect(res.body.next_cursor).toBeNull();
  } while (cursor);
  return seen;
}

describe('GET /store/promotions', () => {
  it('lists the live promotions, highest priority first, as Promotion objects', async () => {
    const res = await get(t.app, '/v1/store/promotions', shop.publicKey);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'success', has_more: false, next_cursor: null });
    expect(titles(res.body)).toEqual(['Garden Week', 'Summer Sale', 'Flash Friday', 'Evergreen', 'Always On']);
    expect(res.body.data[1]).toEqual({
      id: expect.any(String),
      title: 'Summer Sale',
      description: 'Warm days',
      image_url: 'https://cdn.test/summer.png',
      type: 'percentage',
      value: 10,
      priority: 5,
      valid_from: null,
      valid_until: at(10).toISOString(),
      status: 'active',
      is_live: true,
    });
    expect(res.body.data[3]).toMatchObject({ type: 'fixed', value: 7.5 });
  });

  it.each([
    ['', ['Garden Week', 'Summer Sale', 'Flash Friday', 'Evergreen', 'Always On']],
    ['&sort=ending_soon', ['Flash Friday', 'Summer Sale', 'Garden Week', 'Always On', 'Evergreen']],
    ['&sort=newest', ['Evergreen', 'Always On', 'Garden Week', 'Flash Friday', 'Summer Sale']],
  ])('walks %j one row at a time, each promotion exactly once, open-ended ones last when ending soon', async (query, expected) => {
    expect(await walk(query, 1)).toEqual(expected);
    expect(await walk(query, 2)).toEqual(expected);
  });

  it('filters by keyword in the title, whatever the case; limit is an alias of per_page', async () => {
    const res = await get(t.app, '/v1/store/promotions?keyword=SALE&limit=1', shop.publicKey);
    expect(titles(res.body)).toEqual(['Summer Sale']);
    expect(res.body.has_more).toBe(false);
    expect(titles((await get(t.app, '/v1/store/promotions?keyword=%25', shop.publicKey)).body)).toEqual([]);
  });

  it.each([
    ['per_page=51', 'per_page'],
    ['per_page=0', 'per_page'],
    ['limit=abc', 'limit'],
    ['sort=cheapest', 'sort'],
    [`keyword=${'x'.repeat(101)}`, 'keyword'],
  ])('answers 422 naming the parameter for %s', async (query, field) => {
    const res = await get(t.app, `/v1/store/promotions?${query}`, shop.publicKey);
    expect(res.status).toBe(422);
    expect(res.body.error_code).toBe('validation_failed');
    expect(Object.keys(res.body.errors)).toEqual([field]);
  });

  it('answers 422 starting_after_invalid for a tampered cursor, another sort’s, or another store’s', async () => {
    const first = await get(t.app, '/v1/store/promotions?per_page=1', shop.publicKey);
    const cursor: string = first.body.next_cursor;
    const tampered = `${cursor.slice(0, -2)}${cursor.endsWith('A') ? 'B' : 'A'}x`;
    for (const [query, key] of [
      [`starting_after=${encodeURIComponent(tampered)}`, shop.publicKey],
      [`sort=newest&starting_after=${encodeURIComponent(cursor)}`, shop.publicKey],
      [`starting_after=${encodeURIComponent(cursor)}`, other.publicKey],
    ] as const) {
      const res = await get(t.app, `/v1/store/promotions?${query}`, key);
      expect(res.status).toBe(422);
      expect(res.body.error_code).toBe('starting_after_invalid');
    }
  });

  it('shows each store only its own promotions', async () => {
    expect(titles((await get(t.app, '/v1/store/promotions', other.publicKey)).body)).toEqual(['Other Sale']);
  });
});

describe('GET /store/info discounts', () => {
  it('announces live promotions and automatic discounts, highest priority first, with value as a string', async () => {
    const res = await get(t.app, '/v1/store/info', shop.publicKey);
    expect(res.status).toBe(200);
    expect(res.body.data.discounts.map((d: { title: string }) => d.title)).toEqual([
      'Garden Week',
      'Summer Sale',
      'Flash Friday',
      'Evergreen',
      'Always On',
      'Plain discount',
    ]);
    expect(res.body.data.discounts[3]).toEqual({ id: expect.any(String), title: 'Evergreen', type: 'fixed', value: '7.50', image_url: null });
  });
});
