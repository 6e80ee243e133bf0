import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../support/test-app.js';
import { makeStore, type TestStore } from '../../support/stores.js';
import { get } from '../../support/http.js';

let t: TestApp;
let shop: TestStore;

beforeAll(async () => {
  t = await startTestApp();
  shop = await makeStore(t.database, { name: 'Corner Shop', locales: ['en', 'fr'], currency: 'EUR', country: 'FR' });
  await t.database.prisma.store.update({
    where: { id: shop.store.id },
    data: { supportPhone: '+33 6 12 34 56 78', supportEmail: 'help@corner.example', openTime: '00:00', closeTime: '23:59', deliveryFee: '3.50' },
  });
});
afterAll(() => t.close());

describe('GET /v1/store/info', () => {
  it('answers the Store resource in the success envelope', async () => {
    const res = await get(t.app, '/v1/store/info', shop.publicKey);
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('success');
    expect(res.body.data).toMatchObject({
      id: shop.store.id,
      name: 'Corner Shop',
      slug: shop.store.slug,
      currency: 'EUR',
      country_code: 'FR',
      support_phone: '+** * ** ** ** 78',
      support_email: 'h***@corner.example',
      delivery_info: { delivery_fee: 3.5, pickup_enabled: false, disable_delivery: false },
      is_test: false,
      dev_store: false,
      discounts: [],
    });
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(res.headers.etag).toMatch(/^W\/".+"$/);
  });

  it('answers 304 with no body when If-None-Match carries the current ETag', async () => {
    const first = await get(t.app, '/v1/store/info', shop.publicKey);
    const second = await get(t.app, '/v1/store/info', shop.publicKey, { 'if-none-match': String(first.headers.etag) });
    expect(second.status).toBe(304);
    expect(second.raw).toBe('');
  });
});

describe('GET /v1/store/locales', () => {
  it('lists published locales, primary first', async () => {
    const res = await get(t.app, '/v1/store/locales', shop.publicKey);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      { locale: 'en', name: 'English', native_name: 'English', is_primary: true, path_prefix: '', hreflang: 'en', html_lang: 'en', dir: 'ltr' },
      { locale: 'fr', name: 'French', native_name: 'français', is_primary: false, path_prefix: '/fr', hreflang: 'fr', html_lang: 'fr', dir: 'ltr' },
    ]);
  });
});
