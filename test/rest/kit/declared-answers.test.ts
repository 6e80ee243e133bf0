import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RestRoute } from '../../../src/rest/kit/route.js';
import { MERCHANT_PREFIX, merchantRoutes } from '../../../src/rest/merchant/routes.js';
import { STOREFRONT_PREFIX, storefrontRoutes } from '../../../src/rest/storefront/routes.js';
import { createCategory, createProduct } from '../../support/catalog.js';
import { call, get } from '../../support/http.js';
import { multipartBody, picture } from '../../support/media-fixtures.js';
import { makeStore, type TestStore } from '../../support/stores.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';

// Every route documents its success answer in OpenAPI; these calls hold each real answer to that
// declaration (strict objects: a field missing or extra fails), on a catalogue with every shape.

let t: TestApp;
let shop: TestStore;
/** A GET by its path, or a write with its JSON body or its multipart form. */
type Sample = string | { method: 'POST' | 'PATCH' | 'DELETE'; path: string; body?: unknown; form?: { payload: Buffer; headers: Record<string, string> } };
let samples: Record<string, Sample[]>;

function send(prefix: string, sample: Sample, key: string) {
  if (typeof sample === 'string') return get(t.app, `${prefix}${sample}`, key);
  const body = sample.form ?? (sample.body === undefined ? {} : { payload: JSON.stringify(sample.body), headers: { 'content-type': 'application/json' } });
  return call(t.app, { method: sample.method, url: `${prefix}${sample.path}`, key, ...body });
}

beforeAll(async () => {
  t = await startTestApp();
  shop = await makeStore(t.database, { locales: ['en', 'fr'] });
  await t.database.prisma.store.update({ where: { id: shop.store.id }, data: { storefrontUrl: 'https://shop.example', logoUrl: 'https://cdn.test/logo.png' } });
  const shoes = await createCategory(t.database, shop.store, 'Shoes');
  const boot = await createProduct(t.database, shop.store, {
    title: 'Boot',
    category: shoes,
    images: 2,
    compareAtPrice: '99.00',
    options: { Size: ['40', '41'] },
    variants: [
      { title: '40', optionValues: { Size: '40' }, price: '80.00', compareAtPrice: '95.00' },
      { title: '41', optionValues: { Size: '41' }, price: '85.00', isActive: false },
    ],
    translations: { fr: { title: 'Botte' } },
  });
  const bare = await createProduct(t.database, shop.store, { title: 'Bare', images: 0, trackInventory: false });
  const upload = await multipartBody({ file: { filename: 'sample.png', type: 'image/png', data: await picture(64, 48) } });
  const file = (await call(t.app, { method: 'POST', url: '/api/v1/merchant/files', key: shop.privateKey, ...upload })).body.data;
  const pictured = await createProduct(t.database, shop.store, { title: 'Pictured', images: 3 });
  const [, second, third] = await t.database.prisma.productImage.findMany({ where: { productId: pictured.id }, orderBy: { position: 'asc' } });
  samples = {
    'GET /store/info': ['/store/info'],
    'GET /store/locales': ['/store/locales'],
    'GET /store/products': ['/store/products', '/store/products?per_page=1', '/store/products?locale=fr&sort=price_high'],
    'GET /store/products/:slug': [`/store/products/${boot.slug}`, `/store/products/${bare.slug}?locale=fr`],
    'GET /store': ['/store'],
    'GET /products': ['/products', `/products?updated_after=2020-01-01T00:00:00Z`],
    'GET /products/:product': [`/products/${boot.pId}`, `/products/${bare.id}`],
    'GET /products/:product/images': [`/products/${boot.pId}/images`, `/products/${bare.id}/images?limit=1`],
    'POST /products/:product/images': [{ method: 'POST', path: `/products/${bare.pId}/images`, body: { media_id: file.id, alt: 'Sample' } }],
    'PATCH /products/:product/images/:image': [{ method: 'PATCH', path: `/products/${pictured.pId}/images/${third!.id}`, body: { primary: true } }],
    'DELETE /products/:product/images/:image': [
      { method: 'DELETE', path: `/products/${pictured.pId}/images/${second!.id}` },
      { method: 'DELETE', path: `/products/${pictured.pId}/images/primary` },
    ],
    'GET /files': ['/files', '/files?limit=1'],
    'POST /files': [
      {
        method: 'POST',
        path: '/files',
        form: await multipartBody({ file: { filename: 'a.webp', type: 'image/webp', data: await picture(30, 20, 'webp') }, alt: 'A' }),
      },
    ],
  };
});
afterAll(() => t.close());

const surfaces: [string, string, RestRoute[], () => string][] = [
  ['storefront', STOREFRONT_PREFIX, storefrontRoutes, () => shop.publicKey],
  ['merchant', MERCHANT_PREFIX, merchantRoutes, () => shop.privateKey],
];

describe.each(surfaces)('Answers of the %s API', (_name, prefix, routes, key) => {
  it.each(routes.map((r) => [`${r.method} ${r.url}`, r]))('%s matches its declared answer', async (operation, route) => {
    const paths = samples[operation];
    expect(paths, `no sample request for ${operation}`).toBeDefined();
    for (const sample of paths!) {
      const res = await send(prefix, sample, key());
      expect(res.status, res.raw).toBe(route.status ?? 200);
      const parsed = route.answer.safeParse(res.body);
      expect(parsed.success ? [] : parsed.error.issues, JSON.stringify(sample)).toEqual([]);
    }
  });
});
