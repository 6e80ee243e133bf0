import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '../../../src/generated/prisma/client.js';
import { createKettle, createProduct } from '../../support/catalog.js';
import { orderWrite } from '../../support/merchant-order-writes.js';
import { checkoutCart } from '../../support/orders.js';
import { makeStore, type TestStore } from '../../support/stores.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';

// A sale's ledger entries: checkout writes them in the one statement that takes the order number
// (place-order-statement.ts, the SQL form of `unseenChangeOf`), an import through the model
// operations (`recordSales`). Both must leave the same entries: a change the ledger had not seen
// first, then the sale, naming the order's number.

let t: TestApp;
let shop: TestStore;

beforeAll(async () => {
  t = await startTestApp({ RATE_LIMIT_STOREFRONT: '0', RATE_LIMIT_MERCHANT: '0' });
  shop = await makeStore(t.database, { profile: { pickupEnabled: true } });
});
afterAll(() => t.close());

const entriesOf = async (product: Product) =>
  (await t.database.prisma.inventoryAdjustment.findMany({ where: { productId: product.id }, orderBy: { id: 'asc' } })).map((e) => [
    e.variantId === null ? 'product' : 'variant',
    e.reason,
    e.delta,
    e.quantityAfter,
    e.reference,
  ]);

const checkout = (lines: { item_id: string; variant_id?: string; quantity: number }[]) =>
  checkoutCart(t.app, shop, { 'x-cart-session': randomUUID() }, lines, { delivery_method: 'pickup', contact: { name: 'Ada', email: 'ada@example.com' } });

async function importSale(product: Product, quantity: number) {
  const res = await orderWrite(t, shop.privateKey, 'POST', '/orders/import', {
    channel: { name: 'Market', order_id: randomUUID() },
    customer: { name: 'Rita', phone: '+13125550123' },
    items: [{ product: product.pId, quantity, unit_price: '5.00' }],
    total: (5 * quantity).toFixed(2),
    delivery_method: 'pickup',
    inventory_behaviour: 'decrement',
  });
  expect(res.status, res.raw).toBe(201);
  return res.body.data.order_number as string;
}

describe('the ledger entries of a sale', () => {
  it('are the level the ledger never saw, then the sale naming the order, for checkout as for an import', async () => {
    const viaCheckout = await createProduct(t.database, shop.store, { title: 'Checked out', price: '5.00', stock: 5 });
    const viaImport = await createProduct(t.database, shop.store, { title: 'Imported', price: '5.00', stock: 5 });

    const first = await checkout([{ item_id: viaCheckout.id, quantity: 1 }]);
    const firstImport = await importSale(viaImport, 1);
    // Set outside the ledger, as a product write or an operator does.
    await t.database.prisma.product.updateMany({ where: { id: { in: [viaCheckout.id, viaImport.id] } }, data: { stock: 20 } });
    const second = await checkout([{ item_id: viaCheckout.id, quantity: 2 }]);
    const secondImport = await importSale(viaImport, 2);
    const third = await checkout([{ item_id: viaCheckout.id, quantity: 3 }]);

    expect(await entriesOf(viaCheckout)).toEqual([
      ['product', 'initial', 5, 5, null],
      ['product', 'sold', -1, 4, `#${first.order_no}`],
      ['product', 'reconciliation', 16, 20, null],
      ['product', 'sold', -2, 18, `#${second.order_no}`],
      ['product', 'sold', -3, 15, `#${third.order_no}`],
    ]);
    expect(await entriesOf(viaImport)).toEqual([
      ['product', 'initial', 5, 5, null],
      ['product', 'sold', -1, 4, `#${firstImport}`],
      ['product', 'reconciliation', 16, 20, null],
      ['product', 'sold', -2, 18, `#${secondImport}`],
    ]);
  });

  it('keep each variant’s and each line’s entries apart, in the order the stock was taken', async () => {
    const kettle = await createKettle(t.database, shop.store);
    const mug = await createProduct(t.database, shop.store, { title: 'Mug', price: '8.00', stock: 6 });
    const variants = await t.database.prisma.variant.findMany({ where: { productId: kettle.id }, orderBy: { position: 'asc' } });
    const order = await checkout([
      { item_id: mug.id, quantity: 2 },
      { item_id: kettle.id, variant_id: variants[1]!.id, quantity: 1 },
      { item_id: kettle.id, variant_id: variants[0]!.id, quantity: 3 },
    ]);
    const reference = `#${order.order_no}`;
    const before = variants.map((v) => v.stock);
    expect(await entriesOf(kettle)).toEqual([
      ['variant', 'initial', before[0], before[0], null],
      ['variant', 'sold', -3, before[0]! - 3, reference],
      ['variant', 'initial', before[1], before[1], null],
      ['variant', 'sold', -1, before[1]! - 1, reference],
    ]);
    expect(await entriesOf(mug)).toEqual([
      ['product', 'initial', 6, 6, null],
      ['product', 'sold', -2, 4, reference],
    ]);
  });
});
