import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Prisma, type Product } from '../../../src/generated/prisma/client.js';
import { readShown } from '../../../src/domain/catalog/shown-rows.js';
import { relationOrder } from '../../../src/domain/loaders.js';
import type { Database } from '../../../src/platform/database/database.js';
import { createCategory, createLantern, createProduct } from '../../support/catalog.js';
import { shopperContext } from '../../support/shopper-context.js';
import { makeStore, type TestStore } from '../../support/stores.js';
import { openTestDatabase } from '../../support/test-app.js';

// Issue 25: a page's products with what their cards show, read in one store statement in which
// PostgreSQL writes the rows as JSON (src/domain/catalog/shown-rows.ts), must answer exactly what
// Prisma's own reads of the same rows answer: every column, as a Decimal, a Date or JSON where
// Prisma gives one, the relations in the loaders' orders.

let database: Database;
let shop: TestStore;
let lantern: Product;
let kettle: Product;
let bare: Product;
let hidden: Product[];

beforeAll(async () => {
  database = await openTestDatabase();
  shop = await makeStore(database);
  const lamps = await createCategory(database, shop.store, 'Lamps');
  lantern = await createLantern(database, shop.store, { category: lamps });
  kettle = await createProduct(database, shop.store, {
    title: 'Kettle',
    price: '30.00',
    compareAtPrice: '45.99',
    images: 2,
    options: { Size: ['S', 'L'] },
    variants: [
      { title: 'S', optionValues: { Size: 'S' }, price: '30.00', stock: 4 },
      { title: 'L', optionValues: { Size: 'L' }, price: '31.25', stock: 4 },
    ],
  });
  bare = await createProduct(database, shop.store, { title: 'Bare', images: 0 });
  hidden = [
    await createProduct(database, shop.store, { title: 'Deleted', deleted: true }),
    await createProduct(database, shop.store, { title: 'Unpublished', published: false }),
    await createProduct(database, shop.store, { title: 'Draft', status: 'draft' }),
  ];
  const db = database.prisma;
  // The columns a card rarely shows, so the comparison reaches them: a rating, metafields, a weight, colour codes.
  await db.product.update({ where: { id: kettle.id }, data: { rating: new Prisma.Decimal('4.50'), metafields: { care: { wash: 'cold', times: [1, 2.5] } } } });
  await db.variant.updateMany({ where: { productId: kettle.id, title: 'L' }, data: { weight: new Prisma.Decimal('1.250') } });
  await db.productOption.updateMany({ where: { productId: kettle.id }, data: { colorCodes: { S: '#fff' } } });
  // A position shared by two images and two variants, so the orders' second keys decide.
  await db.productImage.updateMany({ where: { productId: kettle.id }, data: { position: 0 } });
  await db.variant.updateMany({ where: { productId: kettle.id }, data: { position: 1 } });
});
afterAll(() => database.close());

const ctxOfShop = () => shopperContext(database, shop.store, new Date());

describe('readShown', () => {
  it('answers each product and its relations as Prisma reads them, in one statement', async () => {
    const ids = [kettle.id, bare.id, lantern.id];
    const ctx = ctxOfShop();
    const before = database.statementCount();
    const rows = await readShown(
      ctx,
      ids.map((id) => ({ id })),
    );
    const loaded = await Promise.all(
      ids.map(async (id) => ({
        variants: await ctx.loaders.variantsByProduct.load(id),
        images: await ctx.loaders.imagesByProduct.load(id),
        options: await ctx.loaders.optionsByProduct.load(id),
      })),
    );
    const category = await ctx.loaders.categoryById.load(lantern.categoryId!);
    expect(database.statementCount() - before).toBe(1);

    const db = database.prisma;
    const products = await db.product.findMany({ where: { id: { in: ids } } });
    expect(rows).toStrictEqual(ids.map((id) => products.find((p) => p.id === id)));
    for (const [i, id] of ids.entries()) {
      expect(loaded[i]).toStrictEqual({
        variants: await db.variant.findMany({ where: { productId: id }, orderBy: relationOrder.variants }),
        images: await db.productImage.findMany({ where: { productId: id }, orderBy: relationOrder.images }),
        options: await db.productOption.findMany({ where: { productId: id }, orderBy: relationOrder.options }),
      });
    }
    expect(category).toStrictEqual(await db.category.findUnique({ where: { id: lantern.categoryId! } }));
  });

  it('answers in the keys’ order with the keys’ own values, and leaves out a product no longer there or no longer shown', async () => {
    const rows = await readShown(ctxOfShop(), [
      { id: lantern.id, salesCount: 41 },
      { id: randomUUID(), salesCount: 0 },
      ...hidden.map((product) => ({ id: product.id, salesCount: 0 })),
      { id: kettle.id, salesCount: 7 },
    ]);
    expect(rows.map((row) => [row.title, row.salesCount])).toEqual([
      ['Lantern', 41],
      ['Kettle', 7],
    ]);
  });

  it('reads the store’s own products only', async () => {
    const other = await makeStore(database);
    const theirs = await createProduct(database, other.store, { title: 'Theirs' });
    expect(await readShown(ctxOfShop(), [{ id: theirs.id }, { id: kettle.id }])).toMatchObject([{ id: kettle.id }]);
  });

  it('answers no rows and sends no statement for no keys', async () => {
    const before = database.statementCount();
    expect(await readShown(ctxOfShop(), [])).toEqual([]);
    expect(database.statementCount()).toBe(before);
  });
});

describe('the variants loader', () => {
  it('answers each product’s variants as Prisma reads them, the store’s own only, in one statement for a batch', async () => {
    const db = database.prisma;
    // An inactive variant with a date to be ready by, so the comparison reaches every kind of column.
    await db.variant.updateMany({
      where: { productId: kettle.id, title: 'S' },
      data: { isActive: false, backorderReadyDate: new Date('2026-12-24T00:00:00Z') },
    });
    const other = await makeStore(database);
    const theirs = await createProduct(database, other.store, { title: 'Their sized', variants: [{ title: 'M', optionValues: { Size: 'M' }, price: '9.00' }] });
    const ids = [kettle.id, bare.id, lantern.id, theirs.id];
    const ctx = ctxOfShop();
    const before = database.statementCount();
    const loaded = await ctx.loaders.variantsByProduct.loadMany(ids);
    expect(database.statementCount() - before).toBe(1);
    const expected = await Promise.all(ids.slice(0, 3).map((id) => db.variant.findMany({ where: { productId: id }, orderBy: relationOrder.variants })));
    expect(loaded).toStrictEqual([...expected, []]);
    expect(expected[0]).toHaveLength(2);
  });
});
