import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '../../../src/generated/prisma/client.js';
import { toApiError } from '../../../src/http/to-api-error.js';
import { openDatabase } from '../../../src/platform/database/database.js';
import type { DatabaseLimits } from '../../../src/platform/database/database-limits.js';
import { transactionGateOf } from '../../../src/platform/database/transaction-gate.js';
import { createProduct } from '../../support/catalog.js';
import { expectFailure } from '../../support/failure.js';
import { call, graphql } from '../../support/http.js';
import { listenOnFreePort } from '../../support/raw-http.js';
import { makeStore, type TestStore } from '../../support/stores.js';
import { openTestDatabase, startTestApp, type TestApp } from '../../support/test-app.js';

// Saturation is answered 503 service_unavailable with Retry-After, never 500: a bounded queue in
// front of each process's transactions sheds the excess before the pool runs dry, and Prisma's own
// "could not start a transaction in time" means the same.

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

async function appWith(limits: DatabaseLimits) {
  const database = await openTestDatabase(limits);
  const t = await startTestApp({ MAX_CONNECTIONS_PER_IP: '0', RATE_LIMIT_MERCHANT: '0', RATE_LIMIT_GRAPHQL: '0' }, { database });
  return { t, close: async () => (await t.close(), await database.close()) };
}

const adjustRest = (t: TestApp, shop: TestStore, product: Product, delta: number, headers: Record<string, string> = {}) =>
  call(t.app, {
    method: 'POST',
    url: '/api/v1/merchant/inventory/levels/adjustments',
    key: shop.privateKey,
    headers: { 'content-type': 'application/json', ...headers },
    payload: JSON.stringify({ product: product.pId, delta, reason: 'received' }),
  });

const adjustGraphql = (t: TestApp, shop: TestStore, product: Product, delta: number) =>
  graphql(
    t.app,
    shop.privateKey,
    `
      mutation Adjust($input: InventoryAdjustInput!) {
        inventoryAdjust(input: $input) {
          levels {
            available
          }
          userErrors {
            code
          }
        }
      }
    `,
    { input: { items: [{ product: String(product.pId), delta, reason: 'RECEIVED' }] } },
  );

const stockOf = (t: TestApp, product: Product) => t.database.prisma.product.findUniqueOrThrow({ where: { id: product.id } }).then((p) => p.stock);

describe('A full transaction queue', () => {
  let app: Awaited<ReturnType<typeof appWith>>;
  let shop: TestStore;
  let product: Product;
  let release!: () => void;
  let blockers: Promise<unknown>[];

  beforeAll(async () => {
    app = await appWith({ poolSize: 4, transactions: { inFlight: 2, waiting: 2, waitMs: 60_000 } });
    shop = await makeStore(app.t.database);
    product = await createProduct(app.t.database, shop.store, { title: 'Queued Mug', price: '9.00', stock: 5 });
    // Two transactions running and two waiting fill the gate: the next one is refused at once.
    const gate = transactionGateOf(app.t.database.prisma)!;
    const released = new Promise<void>((resolve) => (release = resolve));
    blockers = Array.from({ length: 4 }, () => gate.run(() => released));
  });
  afterAll(() => app.close());

  it('answers a REST write 503 service_unavailable with Retry-After, and writes nothing', async () => {
    const refused = await adjustRest(app.t, shop, product, 3);
    expectFailure(refused, 503, 'service_unavailable');
    expect(refused.headers['retry-after']).toBe('1');
    expect(await stockOf(app.t, product)).toBe(5);
  });

  it('answers a GraphQL mutation 503 with Retry-After and the code in extensions', async () => {
    const refused = await adjustGraphql(app.t, shop, product, 3);
    expect(refused.status).toBe(503);
    expect(refused.headers['retry-after']).toBe('1');
    expect(refused.body.errors).toEqual([
      expect.objectContaining({ path: ['inventoryAdjust'], extensions: { code: 'service_unavailable', request_id: refused.headers['x-request-id'] } }),
    ]);
    expect(await stockOf(app.t, product)).toBe(5);
  });

  it('keeps no answer for an Idempotency-Key, and runs the write once the queue drains', async () => {
    const headers = { 'idempotency-key': 'gate-full-1' };
    expectFailure(await adjustRest(app.t, shop, product, 2, headers), 503, 'service_unavailable');
    expect(await app.t.database.prisma.idempotencyRecord.count({ where: { storeId: shop.store.id } })).toBe(0);
    release();
    await Promise.all(blockers);
    const done = await adjustRest(app.t, shop, product, 2, headers);
    expect(done.status).toBe(201);
    expect(done.headers['idempotent-replayed']).toBeUndefined();
    expect(await stockOf(app.t, product)).toBe(7);
  });
});

describe.skipIf(!onPostgres)('100 concurrent adjustments on a small pool (PostgreSQL)', () => {
  let app: Awaited<ReturnType<typeof appWith>>;
  let shop: TestStore;
  let product: Product;
  let port: number;

  beforeAll(async () => {
    app = await appWith({ poolSize: 3, transactions: { inFlight: 2, waiting: 4, waitMs: 5_000 } });
    shop = await makeStore(app.t.database);
    product = await createProduct(app.t.database, shop.store, { title: 'Rushed Mug', price: '9.00', stock: 0 });
    port = await listenOnFreePort(app.t.app);
  });
  afterAll(() => app.close());

  it('answers each 201 or 503 with Retry-After, never 500, and the stock is the sum of the 201s', async () => {
    const deltas = Array.from({ length: 100 }, (_, i) => i + 1);
    const answers = await Promise.all(
      deltas.map(async (delta) => {
        const res = await fetch(`http://127.0.0.1:${port}/api/v1/merchant/inventory/levels/adjustments`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-client-key': shop.privateKey },
          body: JSON.stringify({ product: product.pId, delta, reason: 'received' }),
        });
        return { delta, status: res.status, retryAfter: res.headers.get('retry-after'), body: (await res.json()) as any };
      }),
    );
    for (const answer of answers) {
      expect([201, 503]).toContain(answer.status);
      if (answer.status === 503) {
        expect(answer.retryAfter).toBe('1');
        expect(answer.body.error_code).toBe('service_unavailable');
      }
    }
    const applied = answers.filter((a) => a.status === 201);
    expect(await stockOf(app.t, product)).toBe(applied.reduce((sum, a) => sum + a.delta, 0));
    expect(await app.t.database.prisma.inventoryAdjustment.count({ where: { productId: product.id } })).toBe(applied.length);
  });
});

describe('A transaction that outlives its timeout (Prisma expired it and rolled it back)', () => {
  it('is answered 503 service_unavailable with Retry-After, and nothing it wrote stays', async () => {
    const t = await startTestApp();
    const shop = await makeStore(t.database);
    const product = await createProduct(t.database, shop.store, { title: 'Slow Mug', price: '9.00', stock: 5 });
    const error = await t.database.prisma
      .$transaction(
        async (tx) => {
          await tx.product.update({ where: { id: product.id }, data: { stock: 6 } });
          // As a write queued behind other writers' row locks would: the timeout passes before the next statement.
          await new Promise((resolve) => setTimeout(resolve, 400));
          await tx.product.update({ where: { id: product.id }, data: { stock: 7 } });
        },
        { timeout: 200 },
      )
      .catch((e: unknown) => e);
    const answered = toApiError(error, { id: 'req-expired', log: pino({ level: 'silent' }) });
    expect({ code: answered.code, headers: answered.headers }).toEqual({ code: 'service_unavailable', headers: { 'retry-after': '1' } });
    expect(await stockOf(t, product)).toBe(5);
    await t.close();
  });
});

describe.skipIf(!onPostgres)('Prisma unable to start a transaction in time (PostgreSQL)', () => {
  it('is answered 503 service_unavailable with Retry-After, not masked as a server error', async () => {
    const database = await openDatabase({
      databaseUrl: process.env.TEST_DATABASE_URL!,
      limits: { poolSize: 1, transactions: { inFlight: 1, waiting: 0, waitMs: 1 } },
    });
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    // The pool's one connection is taken outside the gate, so the transaction below waits for it in Prisma.
    const holder = database.prisma.$transaction(() => released, { timeout: 30_000 });
    const error = await database.prisma.$transaction(async () => 1, { maxWait: 200 }).catch((e: unknown) => e);
    release();
    await holder;
    await database.close();
    const answered = toApiError(error, { id: 'req-saturated', log: pino({ level: 'silent' }) });
    expect({ code: answered.code, headers: answered.headers }).toEqual({ code: 'service_unavailable', headers: { 'retry-after': '1' } });
  });
});
