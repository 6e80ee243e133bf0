import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product, Variant } from '../../../src/generated/prisma/client.js';
import { createProduct } from '../../support/catalog.js';
import { listenOnFreePort } from '../../support/raw-http.js';
import { makeStore, type TestStore } from '../../support/stores.js';
import { defaultDatabaseLimits } from '../../../src/platform/database/database-limits.js';
import { openTestDatabase, startTestApp, type TestApp } from '../../support/test-app.js';

// Adjustments never lose an update: 100 requests over real sockets at once, on whichever engine
// the suite runs (PGlite by default, PostgreSQL with TEST_DATABASE_URL).

let t: TestApp;
let shop: TestStore;
let port: number;

beforeAll(async () => {
  // One client opens 100 connections at once here; the per-address cap would close some of them.
  // Every adjustment must wait its turn, however loaded the machine: shedding load is
  // transaction-gate.test.ts's subject, exactness this file's.
  const limits = defaultDatabaseLimits(!process.env.TEST_DATABASE_URL);
  const database = await openTestDatabase({ ...limits, transactions: { ...limits.transactions, waitMs: 120_000 } });
  t = await startTestApp({ MAX_CONNECTIONS_PER_IP: '0' }, { database });
  shop = await makeStore(t.database);
  port = await listenOnFreePort(t.app);
});
afterAll(async () => {
  await t.close();
  await t.database.close();
});

async function send(path: string, body: unknown) {
  const res = await fetch(`http://127.0.0.1:${port}/api/v1/merchant${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-client-key': shop.privateKey },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as any };
}

const ledgerOf = (variant: Variant) => t.database.prisma.inventoryAdjustment.findMany({ where: { variantId: variant.id }, orderBy: { id: 'asc' } });

describe('100 concurrent adjustments of one variant', () => {
  let product: Product;
  let target: Variant;
  let sibling: Variant;

  beforeAll(async () => {
    product = await createProduct(t.database, shop.store, {
      title: 'Busy Shirt',
      variants: [
        { title: 'S', optionValues: { Size: 'S' }, price: '20.00', stock: 0 },
        { title: 'M', optionValues: { Size: 'M' }, price: '20.00', stock: 7 },
      ],
    });
    [target, sibling] = (await t.database.prisma.variant.findMany({ where: { productId: product.id }, orderBy: { position: 'asc' } })) as [Variant, Variant];
  });

  it('ends at the exact level, with one ledger entry each, and the product’s derived columns right', async () => {
    // Deltas 1..100: every interleaving gives a different sequence of levels, and losing any one shows in the total.
    const deltas = Array.from({ length: 100 }, (_, i) => i + 1);
    const answers = await Promise.all(
      deltas.map((delta) => send('/inventory/levels/adjustments', { product: product.pId, variant: target.id, delta, reason: 'received' })),
    );
    expect(answers.map((a) => a.status)).toEqual(deltas.map(() => 201));
    const expected = deltas.reduce((sum, d) => sum + d, 0);

    const level = await t.database.prisma.variant.findUniqueOrThrow({ where: { id: target.id } });
    expect(level.stock).toBe(expected);

    const entries = await ledgerOf(target);
    expect(entries).toHaveLength(100);
    // In ledger order, each entry starts where the previous one ended: no two saw the same level.
    let running = 0;
    for (const entry of entries) {
      running += entry.delta;
      expect(entry.quantityAfter).toBe(running);
    }
    expect(entries.map((e) => e.delta).sort((a, b) => a - b)).toEqual(deltas);
    // Each answer reported the level its own entry left.
    expect(answers.map((a) => a.body.data.adjustment.quantity_after).sort((a, b) => a - b)).toEqual(entries.map((e) => e.quantityAfter));

    const row = await t.database.prisma.product.findUniqueOrThrow({ where: { id: product.id } });
    expect({ stock: row.stock, inStock: row.inStock }).toEqual({ stock: expected + sibling.stock, inStock: true });
  });

  it('keeps a tracked level from going below 0 when more is taken at once than there is', async () => {
    const mug = await createProduct(t.database, shop.store, { title: 'Last Mugs', stock: 30 });
    const answers = await Promise.all(Array.from({ length: 50 }, () => send('/inventory/levels/adjustments', { product: mug.pId, delta: -1, reason: 'sold' })));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(30);
    expect(answers.filter((a) => a.status === 422 && a.body.error.field === 'delta')).toHaveLength(20);
    const row = await t.database.prisma.product.findUniqueOrThrow({ where: { id: mug.id } });
    expect({ stock: row.stock, inStock: row.inStock }).toEqual({ stock: 0, inStock: false });
    const entries = await t.database.prisma.inventoryAdjustment.findMany({ where: { productId: mug.id }, orderBy: { id: 'asc' } });
    expect(entries.map((e) => e.quantityAfter)).toEqual([30, ...Array.from({ length: 30 }, (_, i) => 29 - i)]);
  });

  it('runs crossing batches over the same items without a deadlock or a lost update', async () => {
    const a = await createProduct(t.database, shop.store, { title: 'Cross A', stock: 0 });
    const b = await createProduct(t.database, shop.store, { title: 'Cross B', stock: 0 });
    const forwards = [
      { product: a.pId, delta: 1, reason: 'received' },
      { product: b.pId, delta: 2, reason: 'received' },
    ];
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => send('/inventory/adjustments', { items: i % 2 ? forwards : [...forwards].reverse() })),
    );
    expect(answers.map((r) => r.status)).toEqual(answers.map(() => 201));
    const rows = await t.database.prisma.product.findMany({ where: { id: { in: [a.id, b.id] } }, orderBy: { pId: 'asc' } });
    expect(rows.map((r) => r.stock)).toEqual([20, 40]);
  });
});
