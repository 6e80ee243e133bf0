import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order as OrderRow } from '../../../src/generated/prisma/client.js';
import { expectFailure, expectValidation } from '../../support/failure.js';
import { at, idsOf, listOrders, seedMerchantOrders } from '../../support/merchant-orders.js';
import type { TestStore } from '../../support/stores.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';

let t: TestApp;
let shop: TestStore;
/** The orders of the shop, by name (see seedMerchantOrders), as their rows once their times were set. */
let o: Record<string, OrderRow>;

const list = (query = '', key = shop.privateKey) => listOrders(t, key, query);

beforeAll(async () => {
  t = await startTestApp();
  ({ shop, o } = await seedMerchantOrders(t));
});
afterAll(() => t.close());

describe('GET /orders?updated_after (the polling feed)', () => {
  const since = encodeURIComponent(at('02', 0).toISOString());

  it('lists the orders changed strictly after the time, oldest change first, ties by id', async () => {
    expect(idsOf(await list(`updated_after=${since}`))).toEqual([o.a!.id, o.e!.id, o.f!.id, o.b!.id, o.d!.id]);
    expect(idsOf(await list(`updated_after=${encodeURIComponent(at('02', 2).toISOString())}`))).toEqual([o.d!.id]);
    expect(idsOf(await list('updated_after=2026-03-02T10:00:03Z'))).toEqual([]);
  });

  it('reads a timestamp without an offset as UTC, and a bare date as its midnight', async () => {
    expect(idsOf(await list('updated_after=2026-03-02T10:00:02'))).toEqual([o.d!.id]);
    expect(idsOf(await list('updated_after=2026-03-02'))).toHaveLength(6);
  });

  it('keeps its filters', async () => {
    // Merchant spec payment_status values: unpaid is a cash order not collected yet (a, f, d; README, Merchant order reads).
    expect(idsOf(await list(`updated_after=${since}&payment_status=unpaid`))).toEqual([o.a!.id, o.f!.id, o.d!.id]);
    expect(idsOf(await list(`updated_after=${since}&delivery_method=pickup`))).toEqual([o.f!.id]);
  });

  it('walks by cursor, each order once', async () => {
    const seen: number[] = [];
    let url = `updated_after=${since}&limit=2`;
    for (;;) {
      const res = await list(url);
      expect(res.status, res.raw).toBe(200);
      seen.push(...idsOf(res));
      if (!res.body.has_more) break;
      url = `updated_after=${since}&limit=2&starting_after=${encodeURIComponent(res.body.next_cursor)}`;
    }
    expect(seen).toEqual([o.a!.id, o.e!.id, o.f!.id, o.b!.id, o.d!.id]);
  });

  it('refuses sort_by, sort_order, page and per_page with 422 naming the field', async () => {
    expectValidation(await list(`updated_after=${since}&sort_by=created_at`), 'sort_by');
    expectValidation(await list(`updated_after=${since}&sort_order=asc`), 'sort_order');
    expectValidation(await list(`updated_after=${since}&page=1`), 'page');
    expectValidation(await list(`updated_after=${since}&per_page=10`), 'per_page');
  });

  it('binds its cursor to the timestamp and the filters', async () => {
    const first = await list(`updated_after=${since}&payment_status=pending&limit=1`);
    const cursor = encodeURIComponent(first.body.next_cursor);
    expect((await list(`updated_after=${since}&payment_status=pending&limit=1&starting_after=${cursor}`)).status).toBe(200);
    const stale = encodeURIComponent(at('02', 1).toISOString());
    for (const query of [
      `updated_after=${since}&limit=1&starting_after=${cursor}`,
      `updated_after=${since}&payment_status=paid&limit=1&starting_after=${cursor}`,
      `updated_after=${since}&payment_status=pending&delivery_method=delivery&limit=1&starting_after=${cursor}`,
      `updated_after=${stale}&payment_status=pending&limit=1&starting_after=${cursor}`,
      `payment_status=pending&limit=1&starting_after=${cursor}`,
    ]) {
      expectFailure(await list(query), 422, 'starting_after_invalid');
    }
  });
});
