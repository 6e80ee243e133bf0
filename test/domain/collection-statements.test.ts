import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCategory, createProduct } from '../support/catalog.js';
import { get } from '../support/http.js';
import { makeStore, type TestStore } from '../support/stores.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { send } from '../support/writes.js';

// A collection or promotion page of cards costs the same SQL statements whatever its size.

let t: TestApp;
let shop: TestStore;
let promotionId: string;

beforeAll(async () => {
  t = await startTestApp({ RATE_LIMIT_MERCHANT: '0' });
  shop = await makeStore(t.database);
  const lamps = await createCategory(t.database, shop.store, 'Lamps');
  const ids: string[] = [];
  for (let i = 0; i < 50; i += 1) {
    const p = await createProduct(t.database, shop.store, {
      title: `Lamp ${i}`,
      category: lamps,
      images: 2,
      options: { Colour: [i % 2 ? 'Red' : 'Blue'] },
      variants: [{ title: i % 2 ? 'Red' : 'Blue', optionValues: { Colour: i % 2 ? 'Red' : 'Blue' }, price: '10.00' }],
    });
    ids.push(p.id);
  }
  await send(t.app, shop.privateKey, 'POST', '/collections/bulk', {
    collections: [
      { name: 'Manual', slug: 'manual', product_ids: ids },
      { name: 'Smart', slug: 'smart', mode: 'smart', rules: { match: 'all', rules: [{ kind: 'title_contains', text: 'lamp' }] } },
    ],
  });
  await send(t.app, shop.privateKey, 'POST', '/collections/smart/products/pin', { product_ids: ids.slice(0, 3) });
  const promo = await t.database.prisma.discount.create({
    data: { storeId: shop.store.id, kind: 'promotion', title: 'Lamps', type: 'percentage', value: '10', categoryIds: [lamps.id], isPublished: true },
  });
  promotionId = promo.id;
});
afterAll(() => t.close());

async function statementsFor(path: string) {
  const before = t.database.statementCount();
  const res = await get(t.app, path, shop.publicKey);
  expect(res.status, res.raw).toBe(200);
  return { count: t.database.statementCount() - before, cards: res.body.data.length };
}

describe('collection and promotion product pages', () => {
  it.each([
    ['a manual collection', '/v1/store/collections/manual/products?'],
    ['a smart collection in the merchant order (pinned, then the rest)', '/v1/store/collections/smart/products?'],
    ['a smart collection, in stock first, with an attribute filter', '/v1/store/collections/smart/products?sort=in_stock&attributes[]=colour:red&'],
    ['a promotion with facets', `/v1/store/promotions/PROMO/products?attributes[]=colour:blue&`],
  ])('%s costs the same statements for 5 and 50 cards', async (_, path) => {
    const url = path.replace('PROMO', promotionId);
    const five = await statementsFor(`${url}per_page=5`);
    const fifty = await statementsFor(`${url}per_page=50`);
    expect(five.cards).toBe(5);
    expect(fifty.cards).toBeGreaterThan(5);
    expect(fifty.count).toBe(five.count);
    expect(fifty.count).toBeLessThanOrEqual(16);
  });
});
