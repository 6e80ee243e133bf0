import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_LEASE_MS } from '../../../src/domain/idempotency/idempotent-call.js';
import { onCatalogWrite } from '../../../src/platform/database/catalog-writes.js';
import { expectFailure } from '../../support/failure.js';
import { call } from '../../support/http.js';
import { makeStore, type TestStore } from '../../support/stores.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';
import { MERCHANT, multipartBody } from '../../support/writes.js';

// POST /products with an Idempotency-Key, the process lost right after the product's transaction
// commits and before the answer leaves: a retry, once the key's in-progress lease is over, replays
// the answer instead of creating the product again.

let t: TestApp;
let shop: TestStore;
let now = Date.parse('2026-03-02T10:00:00Z');
/** Set to the store whose next committed product write "kills the process". */
let crashAfterCommitOf: string | null = null;

beforeAll(async () => {
  t = await startTestApp({ RATE_LIMIT_MERCHANT: '0' }, { clock: () => now });
  shop = await makeStore(t.database);
  // Catalogue writes are announced once their transaction has committed, before the write answers:
  // failing there stands for a process killed between the commit and the answer.
  onCatalogWrite(t.database.prisma, async (storeId) => {
    if (storeId !== crashAfterCommitOf) return;
    if (!(await t.database.prisma.product.count({ where: { storeId } }))) return;
    crashAfterCommitOf = null;
    throw new Error('process killed after the commit');
  });
});
afterAll(() => t.close());

function createWithKey(key: string, title: string) {
  const form = multipartBody([
    { name: 'title', value: title },
    { name: 'price', value: '19.90' },
    { name: 'stock', value: '4' },
  ]);
  return call(t.app, {
    method: 'POST',
    url: `${MERCHANT}/products`,
    key: shop.privateKey,
    headers: { 'content-type': form.contentType, 'idempotency-key': key },
    payload: form.payload,
  });
}

describe('POST /products with an Idempotency-Key, lost after its commit', () => {
  it('is replayed by a retry after the lease, and the product exists once', async () => {
    const key = randomUUID();
    const title = `Crash Mug ${randomUUID().slice(0, 6)}`;
    crashAfterCommitOf = shop.store.id;
    expectFailure(await createWithKey(key, title), 500, 'server_error');
    const products = await t.database.prisma.product.findMany({ where: { storeId: shop.store.id, title } });
    expect(products).toHaveLength(1);

    now += IDEMPOTENCY_LEASE_MS + 1000;
    const retry = await createWithKey(key, title);
    expect(retry.status).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.body.data.title).toBe(title);
    expect(retry.headers.location).toBe(`${MERCHANT}/products/${products[0]!.pId}`);
    expect(await t.database.prisma.product.count({ where: { storeId: shop.store.id, title } })).toBe(1);
  });
});
