import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineMetafield, installTestApp } from '../../support/custom-data.js';
import { expectFailure, expectValidation } from '../../support/failure.js';
import { get } from '../../support/http.js';
import { makeStore, type TestStore } from '../../support/stores.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';
import { MERCHANT, send } from '../../support/writes.js';

// Metafield values on product writes are checked against their definitions; shoppers see only the
// storefront-visible ones, on cards and details, and a definition change reaches cached cards.

let t: TestApp;
let shop: TestStore;
let other: TestStore;
let app: { slug: string; key: string };
let otherApp: { slug: string; key: string };
let fabricId: string;

beforeAll(async () => {
  t = await startTestApp({ RATE_LIMIT_MERCHANT: '0', RATE_LIMIT_STOREFRONT: '100000' });
  shop = await makeStore(t.database);
  other = await makeStore(t.database);
  app = await installTestApp(t.database, shop);
  otherApp = await installTestApp(t.database, shop);
  await defineMetafield(t.database, shop, 'custom.material', 'text', { storefrontVisible: true, validations: [{ name: 'choices', value: ['wool', 'linen'] }] });
  await defineMetafield(t.database, shop, 'custom.cost_note', 'text');
  await defineMetafield(t.database, shop, 'custom.weight', 'number', { validations: [{ name: 'min', value: 0 }] });
  await defineMetafield(t.database, shop, 'custom.fabric', 'metaobject_reference');
  await defineMetafield(t.database, shop, 'custom.related', 'list.product_reference');
  await defineMetafield(t.database, shop, `app.${app.slug}.score`, 'number', { storefrontVisible: true });
  await defineMetafield(t.database, shop, 'custom.order_only', 'text', { ownerType: 'order' });
  await send(t.app, shop.privateKey, 'POST', '/metaobject-definitions', { type: 'fabric', name: 'Fabric', fields: [{ key: 'title', name: 'Title', type: 'text' }] });
  fabricId = (await send(t.app, shop.privateKey, 'POST', '/metaobjects', { type: 'fabric', handle: 'linen', fields: { title: 'Linen' } })).body.data.id;
});
afterAll(() => t.close());

const create = (metafields: Record<string, unknown>, key = shop.privateKey) => send(t.app, key, 'POST', '/products', { title: 'Shirt', price: 10, metafields });

describe('metafields on POST /products', () => {
  it('stores values that match their definitions', async () => {
    const res = await create({ 'custom.material': 'wool', 'custom.weight': 2.5, 'custom.fabric': fabricId, 'custom.related': [] });
    expect(res.status).toBe(201);
    expect(res.body.data.metafields).toEqual({ 'custom.material': 'wool', 'custom.weight': 2.5, 'custom.fabric': fabricId, 'custom.related': [] });
  });

  it('answers 422 naming metafields.{namespace}.{key} for an undefined key, a wrong type or a failed validation, and writes nothing', async () => {
    const before = await t.database.prisma.product.count({ where: { storeId: shop.store.id } });
    expectValidation(await create({ 'custom.colour': 'red' }), 'metafields.custom.colour');
    expectValidation(await create({ 'custom.order_only': 'x' }), 'metafields.custom.order_only');
    expectValidation(await create({ 'custom.weight': '2kg' }), 'metafields.custom.weight');
    expectValidation(await create({ 'custom.weight': -1 }), 'metafields.custom.weight');
    expectValidation(await create({ 'custom.material': 'silk' }), 'metafields.custom.material');
    expectValidation(await create({ 'custom.related': ['00000000-0000-4000-8000-000000000000'] }), 'metafields.custom.related');
    expect(await t.database.prisma.product.count({ where: { storeId: shop.store.id } })).toBe(before);
  });

  it('answers 422 metaobject_reference_invalid for a metaobject that does not resolve in this store', async () => {
    const foreign = await send(t.app, other.privateKey, 'POST', '/metaobject-definitions', { type: 'fabric', name: 'Fabric', fields: [{ key: 'title', name: 'Title', type: 'text' }] });
    expect(foreign.status).toBe(201);
    const theirs = (await send(t.app, other.privateKey, 'POST', '/metaobjects', { type: 'fabric', handle: 'linen', fields: {} })).body.data.id;
    for (const reference of ['00000000-0000-4000-8000-000000000000', theirs]) {
      const res = await create({ 'custom.fabric': reference });
      expectFailure(res, 422, 'metaobject_reference_invalid', `metafields.custom.fabric names a metaobject (${reference}) that does not exist in this store.`);
    }
  });

  it("refuses bazaar.* to everyone and app.{slug}.* to all but that app's installation", async () => {
    expectValidation(await create({ 'bazaar.flag': true }), 'metafields.bazaar.flag');
    expectValidation(await create({ [`app.${app.slug}.score`]: 5 }), `metafields.app.${app.slug}.score`);
    expectValidation(await create({ [`app.${app.slug}.score`]: 5 }, otherApp.key), `metafields.app.${app.slug}.score`);
    const own = await create({ [`app.${app.slug}.score`]: 5 }, app.key);
    expect(own.status).toBe(201);
  });
});

describe('metafields on PUT /products/{product}', () => {
  it("validates the same way, and replaces only the values the caller may write: the merchant's update keeps the app's", async () => {
    const product = (await create({ [`app.${app.slug}.score`]: 4, 'custom.material': 'wool' }, app.key)).body.data;
    expectValidation(await send(t.app, shop.privateKey, 'PUT', `/products/${product.id}`, { metafields: { 'custom.weight': 'x' } }), 'metafields.custom.weight');
    const res = await send(t.app, shop.privateKey, 'PUT', `/products/${product.id}`, { metafields: { 'custom.weight': 3 } });
    expect(res.status).toBe(200);
    expect(res.body.data.metafields).toEqual({ [`app.${app.slug}.score`]: 4, 'custom.weight': 3 });
    const cleared = await send(t.app, shop.privateKey, 'PUT', `/products/${product.id}`, { metafields: null });
    expect(cleared.body.data.metafields).toEqual({ [`app.${app.slug}.score`]: 4 });
  });
});

describe('metafields shoppers see', () => {
  it('shows only storefront-visible metafields on cards and details; a definition change refreshes cached cards', async () => {
    const product = (await create({ 'custom.material': 'linen', 'custom.cost_note': 'secret' })).body.data;
    const card = async () => {
      const res = await get(t.app, '/v1/store/products?per_page=50', shop.publicKey);
      return res.body.data.find((p: { id: string }) => p.id === product.uid).metafields;
    };
    expect(await card()).toEqual({ 'custom.material': 'linen' });
    const detail = await get(t.app, `/v1/store/products/${product.slug}`, shop.publicKey);
    expect(detail.body.data.metafields).toEqual({ 'custom.material': 'linen' });
    const visible = await send(t.app, shop.privateKey, 'POST', '/metafield-definitions', {
      owner_type: 'product',
      namespace: 'custom',
      key: 'care',
      name: 'Care',
      type: 'text',
      storefront_visible: true,
    });
    expect(visible.status).toBe(201);
    await send(t.app, shop.privateKey, 'PUT', `/products/${product.id}`, { metafields: { 'custom.material': 'linen', 'custom.cost_note': 'secret', 'custom.care': 'cold' } });
    expect(await card()).toEqual({ 'custom.material': 'linen', 'custom.care': 'cold' });
    await t.database.prisma.metafieldDefinition.updateMany({ where: { storeId: shop.store.id, key: 'cost_note' }, data: { storefrontVisible: true } });
    expect(await card()).toEqual({ 'custom.material': 'linen', 'custom.care': 'cold', 'custom.cost_note': 'secret' });
    const merchant = await get(t.app, `${MERCHANT}/products/${product.id}`, shop.privateKey);
    expect(merchant.body.data.metafields).toEqual({ 'custom.material': 'linen', 'custom.cost_note': 'secret', 'custom.care': 'cold' });
  });
});

describe('the storefront search metafield filter', () => {
  it('reads each filter as its definition types it, and refuses undefined keys and unfit text by name', async () => {
    await create({ 'custom.weight': 12, 'custom.material': 'wool' });
    const search = (q: string) => get(t.app, `${MERCHANT}/storefront/search?${q}`, shop.privateKey);
    const found = await search('metafields[custom.weight]=12&metafields[custom.material]=wool');
    expect(found.status).toBe(200);
    expect(found.body.data.map((p: { metafields: Record<string, unknown> }) => p.metafields['custom.material'])).toEqual(['wool']);
    expect((await search('metafields[custom.material]=12')).body.data).toEqual([]);
    expectValidation(await search('metafields[custom.weight]=heavy'), 'metafields[custom.weight]');
    expectValidation(await search('metafields[custom.nothing]=x'), 'metafields[custom.nothing]');
    expectValidation(await search('metafields[custom.related]=x'), 'metafields[custom.related]');
  });
});
