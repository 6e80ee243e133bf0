import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Prisma, type Cart, type Product } from '../../../src/generated/prisma/client.js';
import { readCartWithProducts, type CartWhere } from '../../../src/domain/carts/cart-rows.js';
import { withTransaction } from '../../../src/domain/transaction.js';
import type { Database } from '../../../src/platform/database/database.js';
import { createProduct } from '../../support/catalog.js';
import { shopperContext } from '../../support/shopper-context.js';
import { makeStore, type TestStore } from '../../support/stores.js';
import { openTestDatabase } from '../../support/test-app.js';

// Issue 25: a cart with its lines and their products, read in one store statement in which
// PostgreSQL writes the rows as JSON (src/domain/carts/cart-rows.ts), must answer exactly what
// Prisma's include of them answers: every column, as a Decimal, a Date or JSON where Prisma gives
// one, the lines in the order they were added.

let database: Database;
let shop: TestStore;
let other: TestStore;
let cart: Cart;
let openKey: string;
let kettle: Product;
let lantern: Product;

const hash = (text: string) => createHash('sha256').update(text).digest('hex');

beforeAll(async () => {
  database = await openTestDatabase();
  [shop, other] = [await makeStore(database), await makeStore(database)];
  kettle = await createProduct(database, shop.store, { title: 'Kettle', price: '30.00', compareAtPrice: '45.99' });
  lantern = await createProduct(database, shop.store, { title: 'Lantern', price: '12.35', deleted: true });
  const db = database.prisma;
  await db.product.update({ where: { id: kettle.id }, data: { rating: new Prisma.Decimal('4.50'), metafields: { care: { wash: 'cold', times: [1, 2.5] } } } });
  const sessionHash = hash(randomUUID());
  openKey = `s:${sessionHash}`;
  const at = (ms: number) => new Date(Date.UTC(2026, 10, 27, 12, 0, 0, ms));
  cart = await db.cart.create({
    data: {
      storeId: shop.store.id,
      sessionHash,
      openKey,
      promoCodes: ['SAVE10', 'été'],
      isValid: false,
      validationErrors: [{ line: 0, code: 'price_changed', old_value: '1.50', new_value: 1.5, nested: { none: null } }],
      lastValidatedAt: at(1),
      expiresAt: at(999),
    },
  });
  // Two lines share a position, so the time they were added decides; one has properties, one has none.
  await db.cartItem.createMany({
    data: [
      {
        storeId: shop.store.id,
        cartId: cart.id,
        productId: kettle.id,
        quantity: 2,
        seenPrice: '29.99',
        position: 1,
        createdAt: at(30),
        properties: { gift: true, note: 'é' },
      },
      { storeId: shop.store.id, cartId: cart.id, productId: lantern.id, quantity: 1, seenPrice: '12.35', position: 1, createdAt: at(20) },
      { storeId: shop.store.id, cartId: cart.id, productId: kettle.id, quantity: 1, seenPrice: '30.00', position: 0, createdAt: at(40) },
    ],
  });
  // Another store's cart under the same key, which no read of the first store may find.
  await db.cart.create({ data: { storeId: other.store.id, sessionHash, openKey } });
});
afterAll(() => database.close());

const prismaRead = (id: string) =>
  database.prisma.cart.findUnique({
    where: { id },
    include: { items: { include: { product: true }, orderBy: [{ position: 'asc' }, { createdAt: 'asc' }, { id: 'asc' }] } },
  });

const ctxOf = (store: TestStore) => shopperContext(database, store.store, new Date());

describe('readCartWithProducts', () => {
  const wheres = (): [string, CartWhere][] => [
    ['its open key', { openKey }],
    ['its id and open key', { id: cart.id, openKey }],
    ['its id alone', { id: cart.id.toUpperCase() }],
  ];

  it('answers the cart, its lines and their products as Prisma’s include does, in one statement, found by each way', async () => {
    const expected = await prismaRead(cart.id);
    expect(expected!.items.map((i) => [i.productId, i.quantity])).toEqual([
      [kettle.id, 1],
      [lantern.id, 1],
      [kettle.id, 2],
    ]);
    for (const [, where] of wheres()) {
      const before = database.statementCount();
      expect(await readCartWithProducts(ctxOf(shop), where)).toStrictEqual(expected);
      expect(database.statementCount() - before).toBe(1);
    }
  });

  it('answers the same inside a transaction', async () => {
    const expected = await prismaRead(cart.id);
    for (const [, where] of wheres()) expect(await withTransaction(ctxOf(shop), (tx) => readCartWithProducts(tx, where))).toStrictEqual(expected);
  });

  it('answers a cart without lines with none', async () => {
    const empty = await database.prisma.cart.create({ data: { storeId: shop.store.id, openKey: `s:${hash(randomUUID())}` } });
    expect(await readCartWithProducts(ctxOf(shop), { id: empty.id })).toStrictEqual({ ...(await prismaRead(empty.id)), items: [] });
  });

  it('finds nothing of another store, nor by another key', async () => {
    expect(await readCartWithProducts(ctxOf(other), { id: cart.id })).toBeNull();
    expect(await readCartWithProducts(ctxOf(shop), { id: cart.id, openKey: `s:${hash('someone else')}` })).toBeNull();
    expect(await readCartWithProducts(ctxOf(shop), { id: randomUUID() })).toBeNull();
    const theirs = await readCartWithProducts(ctxOf(other), { openKey });
    expect(theirs).toMatchObject({ storeId: other.store.id, items: [] });
  });
});
