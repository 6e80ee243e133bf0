import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '../../../src/generated/prisma/client.js';
import { createLoaders } from '../../../src/domain/loaders.js';
import type { Database } from '../../../src/platform/database/database.js';
import { scopeToStore } from '../../../src/platform/database/store-scoped-client.js';
import { createProduct } from '../../support/catalog.js';
import { makeStore, type TestStore } from '../../support/stores.js';
import { openTestDatabase } from '../../support/test-app.js';

let database: Database;
let shop: TestStore;
let products: Product[];

beforeAll(async () => {
  database = await openTestDatabase();
  shop = await makeStore(database);
  products = [];
  for (let i = 0; i < 12; i += 1) {
    products.push(
      await createProduct(database, shop.store, {
        title: `Lamp ${i}`,
        variants: [
          { title: 'Small', optionValues: { Size: 'S' }, price: `${10 + i}.00` },
          { title: 'Large', optionValues: { Size: 'L' }, price: `${90 + i}.00`, trackInventory: false },
        ],
      }),
    );
  }
});
afterAll(() => database.close());

const loadersOfShop = () => createLoaders(scopeToStore(database.prisma, shop.store.id), new Date());

async function statementsDuring<T>(run: () => Promise<T>): Promise<{ result: T; statements: number }> {
  const before = database.statementCount();
  const result = await run();
  return { result, statements: database.statementCount() - before };
}

describe('the per-request pricing memo', () => {
  it('prices a product once per request, whichever row of it asks', async () => {
    const loaders = loadersOfShop();
    const first = await loaders.pricing.load(products[0]!);
    const again = await loaders.pricing.load(products[0]!);
    const sameProductOtherRow = await loaders.pricing.load({ ...products[0]! });
    expect(again).toBe(first);
    expect(sameProductOtherRow).toBe(first);
    expect(first).toMatchObject({ hasVariants: true, variantCount: 2, stock: 3, totalStock: 3 });
  });

  it('prices a whole page in the one statement that reads its variants', async () => {
    const loaders = loadersOfShop();
    const { result: prices, statements } = await statementsDuring(async () => {
      const [pricings] = await Promise.all([
        Promise.all(products.map((p) => loaders.pricing.load(p))),
        Promise.all(products.map((p) => loaders.variantsByProduct.load(p.id))),
        Promise.all(products.map((p) => loaders.pricing.load(p))),
      ]);
      return pricings.map((pricing) => pricing.price.toFixed(2));
    });
    expect(statements).toBe(1);
    expect(prices).toEqual(products.map((_, i) => `${10 + i}.00`));
  });

  it('is per request: another request’s loaders price afresh', async () => {
    const [a, b] = [loadersOfShop(), loadersOfShop()];
    const { statements } = await statementsDuring(async () => {
      await a.pricing.load(products[1]!);
      await b.pricing.load(products[1]!);
    });
    expect(statements).toBe(2);
  });
});
