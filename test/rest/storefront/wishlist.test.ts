import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '../../../src/generated/prisma/client.js';
import { createProduct } from '../../support/catalog.js';
import { expectFailure, expectValidation } from '../../support/failure.js';
import { call, get } from '../../support/http.js';
import { signInCustomer, type SignedInCustomer } from '../../support/customers.js';
import { makeStore, type TestStore } from '../../support/stores.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';

let t: TestApp;
let shop: TestStore;
let other: TestStore;
let tea: Product;
let mug: Product;
let hidden: Product;
let foreign: Product;
let clock = Date.now();

const list = (who: SignedInCustomer, query = '') => get(t.app, `/v1/store/wishlist${query}`, shop.publicKey, who.auth);
const save = (who: SignedInCustomer, body: unknown) =>
  call(t.app, {
    method: 'POST',
    url: '/v1/store/wishlist',
    key: shop.publicKey,
    headers: { 'content-type': 'application/json', ...who.auth },
    payload: JSON.stringify(body),
  });
const remove = (who: SignedInCustomer, product: string) =>
  call(t.app, { method: 'DELETE', url: `/v1/store/wishlist/${product}`, key: shop.publicKey, headers: who.auth });

beforeAll(async () => {
  t = await startTestApp({}, { clock: () => (clock += 1000) });
  shop = await makeStore(t.database);
  other = await makeStore(t.database);
  tea = await createProduct(t.database, shop.store, { title: 'Green Tea', price: '12.50' });
  mug = await createProduct(t.database, shop.store, { title: 'Mug', price: '8.00' });
  hidden = await createProduct(t.database, shop.store, { title: 'Draft', published: false });
  foreign = await createProduct(t.database, other.store, { title: 'Elsewhere' });
});
afterAll(() => t.close());

describe('POST /v1/store/wishlist', () => {
  it('saves a product with the price the shopper pays now, answering the item with the product card', async () => {
    const ada = await signInCustomer(t.database, shop.store);
    const res = await save(ada, { product_id: tea.id });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      status: 'success',
      message: 'Saved to the wishlist',
      data: {
        id: expect.any(String),
        saved_at: expect.any(String),
        price_at_save: 12.5,
        product: expect.objectContaining({ id: tea.id, slug: tea.slug, price: 12.5 }),
      },
    });
    const card = (await get(t.app, '/v1/store/products', shop.publicKey)).body.data.find((c: { id: string }) => c.id === tea.id);
    expect(res.body.data.product).toEqual(card);
  });

  it('takes the integer id or the slug too, and answers 200 with the item as saved when it already is', async () => {
    const ada = await signInCustomer(t.database, shop.store);
    const first = await save(ada, { product_id: String(mug.pId) });
    expect(first.status).toBe(201);
    await t.database.prisma.product.update({ where: { id: mug.id }, data: { price: '9.00', priceMin: '9.00', priceMax: '9.00' } });
    const again = await save(ada, { product_id: mug.slug });
    expect(again.status).toBe(200);
    expect(again.body.message).toBe('Already in the wishlist');
    expect(again.body.data).toMatchObject({ id: first.body.data.id, price_at_save: 8, product: { price: 9 } });
    await t.database.prisma.product.update({ where: { id: mug.id }, data: { price: '8.00', priceMin: '8.00', priceMax: '8.00' } });
  });

  it('answers 404 for a product shoppers cannot see or another store’s, and saves nothing', async () => {
    const ada = await signInCustomer(t.database, shop.store);
    expectFailure(await save(ada, { product_id: hidden.id }), 404, 'not_found', 'Product not found.');
    expectFailure(await save(ada, { product_id: foreign.id }), 404, 'not_found');
    expectFailure(await save(ada, { product_id: 'no-such-slug' }), 404, 'not_found');
    expect((await list(ada)).body.data).toEqual([]);
  });

  it('names a missing or malformed product_id', async () => {
    const ada = await signInCustomer(t.database, shop.store);
    expectValidation(await save(ada, {}), 'product_id');
    expectValidation(await save(ada, { product_id: 7 }), 'product_id');
    expectValidation(await save(ada, { product_id: tea.id, note: 'x' }), 'note');
  });

  it('keeps at most 500 products, then answers 422 limit_reached', async () => {
    const ada = await signInCustomer(t.database, shop.store);
    const ids = Array.from({ length: 500 }, () => randomUUID());
    await t.database.prisma.product.createMany({
      data: ids.map((id) => ({ id, storeId: shop.store.id, slug: `many-${id}`, title: 'Many', price: '1.00', priceMin: '1.00', priceMax: '1.00' })),
    });
    await t.database.prisma.wishlistItem.createMany({
      data: ids.map((productId) => ({ storeId: shop.store.id, customerId: ada.customer.id, productId, priceAtSave: '1.00' })),
    });
    expectFailure(await save(ada, { product_id: tea.id }), 422, 'limit_reached');
    expect(await t.database.prisma.wishlistItem.count({ where: { customerId: ada.customer.id } })).toBe(500);
    await t.database.prisma.product.deleteMany({ where: { id: { in: ids } } });
  });
});

describe('GET /v1/store/wishlist', () => {
  it('lists newest saved first, walking by cursor, and drops products no longer for sale', async () => {
    const ada = await signInCustomer(t.database, shop.store);
    const gone = await createProduct(t.database, shop.store, { title: 'Soon Gone' });
    for (const product of [tea, gone, mug]) expect((await save(ada, { product_id: product.id })).status).toBe(201);
    await t.database.prisma.product.update({ where: { id: gone.id }, data: { published: false } });

    const first = await list(ada, '?per_page=1');
    expect(first.status).toBe(200);
    expect(first.body.data.map((i: { product: { id: string } }) => i.product.id)).toEqual([mug.id]);
    expect(first.body.has_more).toBe(true);
    const second = await list(ada, `?per_page=1&starting_after=${first.body.next_cursor}`);
    expect(second.body.data.map((i: { product: { id: string } }) => i.product.id)).toEqual([tea.id]);
    expect(second.body).toMatchObject({ has_more: false, next_cursor: null });
  });

  it('shows only the shopper’s own items', async () => {
    const ada = await signInCustomer(t.database, shop.store);
    await save(ada, { product_id: tea.id });
    const bob = await signInCustomer(t.database, shop.store);
    expect((await list(bob)).body.data).toEqual([]);
  });

  it('shows the same account at another store only that store’s items', async () => {
    const ada = await signInCustomer(t.database, shop.store);
    await save(ada, { product_id: tea.id });
    const adaThere = await signInCustomer(t.database, other.store, { id: ada.account.id });
    const listThere = () => get(t.app, '/v1/store/wishlist', other.publicKey, adaThere.auth);
    expect((await listThere()).body.data).toEqual([]);
    const saved = await call(t.app, {
      method: 'POST',
      url: '/v1/store/wishlist',
      key: other.publicKey,
      headers: { 'content-type': 'application/json', ...adaThere.auth },
      payload: JSON.stringify({ product_id: foreign.id }),
    });
    expect(saved.status).toBe(201);
    expect((await listThere()).body.data.map((i: { product: { id: string } }) => i.product.id)).toEqual([foreign.id]);
    expect((await list(ada)).body.data.map((i: { product: { id: string } }) => i.product.id)).toEqual([tea.id]);
  });

  it('refuses bad pages and cursors', async () => {
    const ada = await signInCustomer(t.database, shop.store);
    expectValidation(await list(ada, '?per_page=51'), 'per_page');
    expectValidation(await list(ada, '?per_page=0'), 'per_page');
    expectFailure(await list(ada, '?starting_after=bogus'), 422, 'starting_after_invalid');
    const bob = await signInCustomer(t.database, shop.store);
    await save(bob, { product_id: tea.id });
    await save(bob, { product_id: mug.id });
    const bobsCursor = (await list(bob, '?per_page=1')).body.next_cursor;
    expectFailure(await list(ada, `?starting_after=${bobsCursor}`), 422, 'starting_after_invalid');
  });
});

describe('DELETE /v1/store/wishlist/{product}', () => {
  it('removes a saved product by uuid or integer id, and answers 404 when it is not saved', async () => {
    const ada = await signInCustomer(t.database, shop.store);
    await save(ada, { product_id: tea.id });
    await save(ada, { product_id: mug.id });
    const res = await remove(ada, tea.id);
    expect({ status: res.status, body: res.body }).toEqual({ status: 200, body: { status: 'success', message: 'Removed from the wishlist' } });
    expect((await remove(ada, String(mug.pId))).status).toBe(200);
    expect((await list(ada)).body.data).toEqual([]);
    expectFailure(await remove(ada, tea.id), 404, 'not_found');
    expectFailure(await remove(ada, 'junk'), 404, 'not_found');
  });

  it('never removes another shopper’s item', async () => {
    const ada = await signInCustomer(t.database, shop.store);
    await save(ada, { product_id: tea.id });
    const bob = await signInCustomer(t.database, shop.store);
    expectFailure(await remove(bob, tea.id), 404, 'not_found');
    expect((await list(ada)).body.data).toHaveLength(1);
  });
});
