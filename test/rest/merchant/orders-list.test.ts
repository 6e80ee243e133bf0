import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order as OrderRow } from '../../../src/generated/prisma/client.js';
import type { SignedInCustomer } from '../../support/customers.js';
import { expectFailure, expectValidation } from '../../support/failure.js';
import { idsOf, listOrders, seedMerchantOrders } from '../../support/merchant-orders.js';
import { makeKey, type TestStore } from '../../support/stores.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';

let t: TestApp;
let shop: TestStore;
let other: TestStore;
let ada: SignedInCustomer;
let bob: SignedInCustomer;
/** The orders of the shop, by name (see seedMerchantOrders), as their rows once their times were set. */
let o: Record<string, OrderRow>;

const list = (query = '', key = shop.privateKey) => listOrders(t, key, query);

beforeAll(async () => {
  t = await startTestApp();
  ({ shop, other, ada, bob, o } = await seedMerchantOrders(t));
});
afterAll(() => t.close());

describe('GET /orders', () => {
  it('lists the store’s orders newest first by default, ties by id, as a list envelope', async () => {
    const res = await list();
    expect(res.status, res.raw).toBe(200);
    expect(res.body).toEqual({ status: 'success', message: 'Orders', data: expect.any(Array), has_more: false, next_cursor: null });
    expect(idsOf(res)).toEqual([o.f!.id, o.e!.id, o.d!.id, o.c!.id, o.b!.id, o.a!.id]);
  });

  it('does not list another store’s orders', async () => {
    const res = await list('', other.privateKey);
    expect({ status: res.status, body: res.body }).toEqual({
      status: 200,
      body: { status: 'success', message: 'Orders', data: [], has_more: false, next_cursor: null },
    });
  });

  it('takes limit 1 to 100 and refuses anything else naming limit', async () => {
    const first = await list('limit=1');
    expect([idsOf(first), first.body.has_more, typeof first.body.next_cursor]).toEqual([[o.f!.id], true, 'string']);
    expect(idsOf(await list('limit=100'))).toHaveLength(6);
    for (const limit of ['0', '101', 'ten', '1.5', '-1']) expectValidation(await list(`limit=${limit}`), 'limit');
  });

  it('refuses page and per_page outside the polling feed', async () => {
    expectValidation(await list('page=1'), 'page');
    expectValidation(await list('per_page=5'), 'per_page');
  });

  it('refuses bad values naming the field', async () => {
    // Merchant spec: the payment_status filter takes paid, unpaid, refunded, partial, pending, awaiting_confirmation; failed is none of them.
    expectValidation(await list('payment_status=failed'), 'payment_status');
    expectValidation(await list('delivery_method=drone'), 'delivery_method');
    expectValidation(await list('uuid=not-a-uuid'), 'uuid');
    expectValidation(await list('sort_by=price'), 'sort_by');
    expectValidation(await list('sort_order=up'), 'sort_order');
    expectValidation(await list('updated_after=yesterday'), 'updated_after');
    expectFailure(await list('starting_after=not-a-cursor'), 422, 'starting_after_invalid');
  });

  it('answers 403 insufficient_scope without merchant-orders-read', async () => {
    const key = await makeKey(t.database, { store: shop.store.slug, kind: 'private', scopes: ['merchant-items-read'] });
    expectFailure(await list('', key), 403, 'insufficient_scope');
  });
});

describe('GET /orders sort_by and sort_order', () => {
  const keyOf: Record<string, (row: OrderRow) => number | string> = {
    created_at: (row) => row.createdAt.getTime(),
    updated_at: (row) => row.updatedAt.getTime(),
    status: (row) => row.status,
    payment_status: (row) => row.paymentStatus,
    total: (row) => Number(row.total),
  };
  /** The sort the spec names, ties by id in the sort's direction. */
  const sorted = async (by: string, direction: 'asc' | 'desc') => {
    const rows = await t.database.prisma.order.findMany({ where: { storeId: shop.store.id } });
    const sign = direction === 'asc' ? 1 : -1;
    return rows
      .sort((x, y) => {
        const [kx, ky] = [keyOf[by]!(x), keyOf[by]!(y)];
        return sign * (kx < ky ? -1 : kx > ky ? 1 : x.id - y.id);
      })
      .map((row) => row.id);
  };

  it('meets ties on every sort key', async () => {
    for (const by of Object.keys(keyOf)) {
      const keys = Object.values(o).map((row) => keyOf[by]!(row));
      expect(new Set(keys).size, by).toBeLessThan(keys.length);
    }
  });

  for (const by of ['created_at', 'updated_at', 'status', 'payment_status', 'total']) {
    for (const direction of ['asc', 'desc'] as const) {
      it(`walks sort_by=${by}&sort_order=${direction} by cursor, two at a time, each order once`, async () => {
        const seen: number[] = [];
        let cursor: string | null = null;
        do {
          const res = await list(`sort_by=${by}&sort_order=${direction}&limit=2${cursor ? `&starting_after=${encodeURIComponent(cursor)}` : ''}`);
          expect(res.status, res.raw).toBe(200);
          expect(res.body.data.length).toBeLessThanOrEqual(2);
          seen.push(...idsOf(res));
          cursor = res.body.has_more ? res.body.next_cursor : null;
          if (!res.body.has_more) expect(res.body.next_cursor).toBeNull();
        } while (cursor);
        expect(seen).toEqual(await sorted(by, direction));
      });
    }
  }

  it('sorts desc when sort_order is left out', async () => {
    expect(idsOf(await list('sort_by=total'))).toEqual(await sorted('total', 'desc'));
  });

  it('binds the cursor to the sort and the filters', async () => {
    const first = await list('sort_by=total&sort_order=asc&limit=2');
    const cursor = encodeURIComponent(first.body.next_cursor);
    expect((await list(`sort_by=total&sort_order=asc&limit=2&starting_after=${cursor}`)).status).toBe(200);
    expectFailure(await list(`sort_by=total&sort_order=desc&limit=2&starting_after=${cursor}`), 422, 'starting_after_invalid');
    expectFailure(await list(`sort_by=status&sort_order=asc&limit=2&starting_after=${cursor}`), 422, 'starting_after_invalid');
    expectFailure(await list(`sort_by=total&sort_order=asc&payment_status=pending&starting_after=${cursor}`), 422, 'starting_after_invalid');
    expectFailure(await list(`limit=2&starting_after=${cursor}`, other.privateKey), 422, 'starting_after_invalid');
  });
});

describe('GET /orders filters', () => {
  it('filters by payment_status', async () => {
    // Merchant spec values (paid, unpaid, refunded, partial, pending, awaiting_confirmation), meanings in the README:
    // pending is an online order waiting for its payment (e's attempt failed), unpaid a cash order not collected.
    expect(idsOf(await list('payment_status=paid'))).toEqual([o.c!.id]);
    expect(idsOf(await list('payment_status=pending'))).toEqual([o.e!.id, o.b!.id]);
    expect(idsOf(await list('payment_status=unpaid'))).toEqual([o.f!.id, o.d!.id, o.a!.id]);
  });

  it('filters by delivery_method', async () => {
    expect(idsOf(await list('delivery_method=pickup'))).toEqual([o.f!.id, o.c!.id]);
    expect(idsOf(await list('delivery_method=delivery'))).toEqual([o.e!.id, o.d!.id, o.b!.id, o.a!.id]);
  });

  it('filters by the customer’s uid, in any case; an unknown uid lists nothing', async () => {
    expect(idsOf(await list(`uuid=${ada.customer.uid}`))).toEqual([o.f!.id, o.b!.id, o.a!.id]);
    expect(idsOf(await list(`uuid=${bob.customer.uid.toUpperCase()}`))).toEqual([o.e!.id, o.c!.id]);
    expect(idsOf(await list(`uuid=${randomUUID()}`))).toEqual([]);
  });

  it('combines filters and walks them by cursor', async () => {
    // Ada's cash orders are unpaid in the merchant's words (spec payment_status values); b, online, is pending.
    const first = await list(`uuid=${ada.customer.uid}&payment_status=unpaid&limit=1`);
    expect([idsOf(first), first.body.has_more]).toEqual([[o.f!.id], true]);
    const next = await list(`uuid=${ada.customer.uid}&payment_status=unpaid&limit=1&starting_after=${encodeURIComponent(first.body.next_cursor)}`);
    expect([idsOf(next), next.body.has_more, next.body.next_cursor]).toEqual([[o.a!.id], false, null]);
    expect(idsOf(await list(`uuid=${ada.customer.uid}&payment_status=pending&delivery_method=delivery`))).toEqual([o.b!.id]);
  });
});
