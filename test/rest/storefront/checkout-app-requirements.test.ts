import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '../../../src/generated/prisma/client.js';
import { meetsRequirement } from '../../../src/domain/apps/requirements/checkout-requirements.js';
import { installTestApp, type TestInstallation } from '../../support/apps.js';
import { createProduct } from '../../support/catalog.js';
import { expectFailure } from '../../support/failure.js';
import { call } from '../../support/http.js';
import { makeStore, type TestStore } from '../../support/stores.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';
import { send } from '../../support/writes.js';

// Issue 20, requirements: checkout sells a product an installed app requires metafields of only once
// it has a filled metafield under each required prefix (422 product_not_ready otherwise).

let t: TestApp;
let shop: TestStore;
let app: TestInstallation;
let kettle: Product;

const post = (url: string, body: unknown, headers: Record<string, string>) =>
  call(t.app, { method: 'POST', url, key: shop.publicKey, headers: { 'content-type': 'application/json', ...headers }, payload: JSON.stringify(body) });

async function checkoutKettle() {
  const headers = { 'x-cart-session': randomUUID() };
  const cart = await post('/v1/store/cart', { vendor_id: shop.store.id, cart_items: [{ item_id: kettle.id, quantity: 1 }] }, headers);
  expect(cart.status, cart.raw).toBe(200);
  return post(
    '/v1/store/checkout',
    { cart_id: cart.body.data.id, delivery_method: 'pickup', payment_method: 'cash', contact: { name: 'Grace', email: 'grace@guest.test' } },
    headers,
  );
}

beforeAll(async () => {
  t = await startTestApp();
  shop = await makeStore(t.database);
  await t.database.prisma.store.update({ where: { id: shop.store.id }, data: { pickupEnabled: true } });
  app = await installTestApp(t.database, shop.store, ['merchant-app-requirements-write']);
  kettle = await createProduct(t.database, shop.store, { title: 'Kettle', price: '30.00', stock: 10 });
  const res = await send(t.app, app.key, 'PUT', '/app/requirements', { items: [{ product_product_p_id: kettle.pId, prefix: `app.${app.appSlug}.warranty` }] });
  expect(res.status, res.raw).toBe(200);
});
afterAll(() => t.close());

describe('checkout and app requirements', () => {
  it('refuses a required product without its metafields: 422 product_not_ready naming it', async () => {
    const res = await checkoutKettle();
    expectFailure(res, 422, 'product_not_ready', `"Kettle" cannot be ordered yet: the store has not filled in details it needs (app.${app.appSlug}.warranty*). Remove it from the cart.`);
    expect(await t.database.prisma.order.count({ where: { storeId: shop.store.id } })).toBe(0);
  });

  it('sells it once a metafield under the prefix is filled', async () => {
    await t.database.prisma.product.update({ where: { id: kettle.id }, data: { metafields: { [`app.${app.appSlug}.warranty_years`]: 2 } } });
    expect((await checkoutKettle()).status).toBe(201);
  });

  it("ignores an uninstalled installation's requirements", async () => {
    await t.database.prisma.product.update({ where: { id: kettle.id }, data: { metafields: {} } });
    expect((await checkoutKettle()).status).toBe(422);
    await t.database.prisma.appInstallation.update({ where: { id: app.id }, data: { uninstalledAt: new Date() } });
    expect((await checkoutKettle()).status).toBe(201);
  });
});

describe('meetsRequirement', () => {
  it('needs a filled value under the prefix: null, empty text and empty lists do not count', () => {
    expect(meetsRequirement({ 'app.a.size': 'M' }, 'app.a.')).toBe(true);
    expect(meetsRequirement({ 'app.a.size': '' , 'app.a.tags': [], 'app.a.x': null }, 'app.a.')).toBe(false);
    expect(meetsRequirement({ 'app.b.size': 'M' }, 'app.a.')).toBe(false);
  });
});
