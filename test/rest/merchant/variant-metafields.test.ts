import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineMetafield, installTestApp } from '../../support/custom-data.js';
import { expectValidation } from '../../support/failure.js';
import { get } from '../../support/http.js';
import { makeStore, type TestStore } from '../../support/stores.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';
import { MERCHANT, send } from '../../support/writes.js';

// Issue 20: metafield values on variant writes (POST and PATCH /products/{product}/variants and a
// product create's nested variants) are checked against the variant definitions exactly as product
// metafields are, and the merchant variant object shows them.

let t: TestApp;
let shop: TestStore;
let app: { slug: string; key: string };
let productId: number;

beforeAll(async () => {
  t = await startTestApp({ RATE_LIMIT_MERCHANT: '0' });
  shop = await makeStore(t.database);
  app = await installTestApp(t.database, shop);
  await defineMetafield(t.database, shop, 'custom.shade', 'text', { ownerType: 'variant', validations: [{ name: 'choices', value: ['light', 'dark'] }] });
  await defineMetafield(t.database, shop, 'custom.grams', 'number', { ownerType: 'variant' });
  await defineMetafield(t.database, shop, 'custom.material', 'text');
  await defineMetafield(t.database, shop, `app.${app.slug}.score`, 'number', { ownerType: 'variant' });
  const product = await send(t.app, shop.privateKey, 'POST', '/products', {
    title: 'Tee',
    options: [{ name: 'Size', values: ['S', 'M', 'L', 'XL'] }],
    variants: [{ option_values: { Size: 'S' }, price: 10 }],
  });
  productId = product.body.data.id;
});
afterAll(() => t.close());

const addVariant = (size: string, metafields: unknown, key = shop.privateKey) =>
  send(t.app, key, 'POST', `/products/${productId}/variants`, { option_values: { Size: size }, price: 12, metafields });

describe('metafields on POST /products/{product}/variants', () => {
  it('stores values that match the variant definitions and shows them in the variant object', async () => {
    const res = await addVariant('M', { 'custom.shade': 'dark', 'custom.grams': 180 });
    expect(res.status).toBe(201);
    expect(res.body.data.metafields).toEqual({ 'custom.shade': 'dark', 'custom.grams': 180 });
    const listed = await get(t.app, `${MERCHANT}/products/${productId}/variants`, shop.privateKey);
    expect(listed.body.data.find((v: { id: number }) => v.id === res.body.data.id).metafields).toEqual({ 'custom.shade': 'dark', 'custom.grams': 180 });
    const product = await get(t.app, `${MERCHANT}/products/${productId}`, shop.privateKey);
    expect(product.body.data.variants.map((v: { metafields: unknown }) => v.metafields)).toEqual([{}, { 'custom.shade': 'dark', 'custom.grams': 180 }]);
    await send(t.app, shop.privateKey, 'DELETE', `/products/${productId}/variants/${res.body.data.id}`);
  });

  it('answers 422 naming metafields.{namespace}.{key} for a product-only key, an undefined key, a wrong type or a failed validation, and adds nothing', async () => {
    const before = await t.database.prisma.variant.count({ where: { storeId: shop.store.id } });
    expectValidation(await addVariant('L', { 'custom.material': 'wool' }), 'metafields.custom.material');
    expectValidation(await addVariant('L', { 'custom.colour': 'red' }), 'metafields.custom.colour');
    expectValidation(await addVariant('L', { 'custom.grams': 'heavy' }), 'metafields.custom.grams');
    expectValidation(await addVariant('L', { 'custom.shade': 'pink' }), 'metafields.custom.shade');
    expectValidation(await addVariant('L', { 'bazaar.flag': 1 }), 'metafields.bazaar.flag');
    expectValidation(await addVariant('L', { [`app.${app.slug}.score`]: 1 }), `metafields.app.${app.slug}.score`);
    expectValidation(await addVariant('L', ['not', 'a', 'map']), 'metafields');
    expect(await t.database.prisma.variant.count({ where: { storeId: shop.store.id } })).toBe(before);
  });
});

describe('metafields on PATCH /products/{product}/variants/{variant}', () => {
  it("validates the same way and replaces only the values the caller may write: the merchant's patch keeps the app's, null clears the merchant's", async () => {
    const created = await addVariant('XL', { [`app.${app.slug}.score`]: 4, 'custom.shade': 'light' }, app.key);
    expect(created.status).toBe(201);
    const path = `/products/${productId}/variants/${created.body.data.id}`;
    expectValidation(await send(t.app, shop.privateKey, 'PATCH', path, { metafields: { 'custom.grams': 'x' } }), 'metafields.custom.grams');
    const patched = await send(t.app, shop.privateKey, 'PATCH', path, { metafields: { 'custom.grams': 200 } });
    expect(patched.status).toBe(200);
    expect(patched.body.data.metafields).toEqual({ [`app.${app.slug}.score`]: 4, 'custom.grams': 200 });
    const cleared = await send(t.app, shop.privateKey, 'PATCH', path, { metafields: null });
    expect(cleared.body.data.metafields).toEqual({ [`app.${app.slug}.score`]: 4 });
  });
});

describe("metafields on a product create's variants", () => {
  it('stores each variant its values and names a refused one by its index', async () => {
    const body = (metafields: unknown) => ({
      title: 'Cap',
      options: [{ name: 'Size', values: ['S', 'M'] }],
      variants: [
        { option_values: { Size: 'S' }, price: 5 },
        { option_values: { Size: 'M' }, price: 6, metafields },
      ],
    });
    const before = await t.database.prisma.product.count({ where: { storeId: shop.store.id } });
    expectValidation(await send(t.app, shop.privateKey, 'POST', '/products', body({ 'custom.shade': 'pink' })), 'variants.1.metafields.custom.shade');
    expect(await t.database.prisma.product.count({ where: { storeId: shop.store.id } })).toBe(before);
    const res = await send(t.app, shop.privateKey, 'POST', '/products', body({ 'custom.shade': 'dark' }));
    expect(res.status).toBe(201);
    expect(res.body.data.variants.map((v: { metafields: unknown }) => v.metafields)).toEqual([{}, { 'custom.shade': 'dark' }]);
  });
});
