import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectValidation } from '../../support/failure.js';
import { call } from '../../support/http.js';
import { picture, serve, startLocalServer, type LocalServer } from '../../support/media-fixtures.js';
import { makeStore, type TestStore } from '../../support/stores.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';
import { MERCHANT, outboxOf, send, sendForm } from '../../support/writes.js';

// POST /products with image_url and images: the images are ingested into the store's media library
// before the product's transaction and attached inside it; a refused image fails the whole create.

let t: TestApp;
let shop: TestStore;
let other: TestStore;
let images: LocalServer;

beforeAll(async () => {
  images = await startLocalServer({
    '/main.jpg': serve(await picture(800, 600, 'jpeg'), 'image/jpeg'),
    '/side.png': serve(await picture(300, 300), 'image/png'),
    '/text.png': serve('not a picture', 'image/png'),
  });
  t = await startTestApp({ MEDIA_FETCH_ALLOW: images.hostPort, RATE_LIMIT_MERCHANT: '0' });
  shop = await makeStore(t.database);
  other = await makeStore(t.database);
});
afterAll(async () => {
  await t.close();
  await images.close();
});

const productCount = () => t.database.prisma.product.count({ where: { storeId: shop.store.id } });
const libraryFile = async (store: TestStore) => {
  const res = await call(t.app, {
    method: 'POST',
    url: `${MERCHANT}/files`,
    key: store.privateKey,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ url: `${images.origin}/side.png` }),
  });
  expect(res.status, res.raw).toBe(201);
  return res.body.data as { id: number; url: string };
};

describe('POST /products with images', () => {
  it('downloads image_url as the main image and adds images by url and media_id after it', async () => {
    const file = await libraryFile(shop);
    const res = await send(t.app, shop.privateKey, 'POST', '/products', {
      title: 'Pictured',
      price: 5,
      image_url: `${images.origin}/main.jpg`,
      images: [{ media_id: file.id, alt: 'From the library' }, `${images.origin}/side.png`],
    });
    expect(res.status, res.raw).toBe(201);
    const shown = res.body.data.images.map((i: Record<string, unknown>) => [i.is_primary, i.position, i.width, i.height, i.alt]);
    expect(shown).toEqual([
      [true, 0, 800, 600, null],
      [false, 1, 300, 300, 'From the library'],
      [false, 2, 300, 300, null],
    ]);
    expect(res.body.data.images[1].url).toBe(file.url);
    expect(res.body.data.image).toBe(res.body.data.images[0].url);
    expect(res.body.data.primary_image_url).toMatch(/^http:\/\/bazaar\.test\/media\//);
  });

  it('takes uploaded files as multipart parts named images', async () => {
    const res = await sendForm(t.app, shop.privateKey, 'POST', '/products', [
      { name: 'title', value: 'Uploaded' },
      { name: 'price', value: '5' },
      { name: 'images', value: await picture(200, 100), filename: 'a.png', type: 'image/png' },
      { name: 'images', value: await picture(100, 200), filename: 'b.png', type: 'image/png' },
      { name: 'images', value: JSON.stringify({ url: `${images.origin}/side.png`, alt: 'Side' }) },
    ]);
    expect(res.status, res.raw).toBe(201);
    expect(res.body.data.images.map((i: Record<string, unknown>) => [i.is_primary, i.width, i.height, i.alt])).toEqual([
      [true, 200, 100, null],
      [false, 100, 200, null],
      [false, 300, 300, 'Side'],
    ]);
  });

  it('fails the whole create on the image field when an image is refused, leaving no product or event', async () => {
    const before = { products: await productCount(), events: (await outboxOf(t.database, shop.store)).length };
    expectValidation(await send(t.app, shop.privateKey, 'POST', '/products', { title: 'X', price: 1, image_url: 'http://10.0.0.1/a.png' }), 'image_url');
    expectValidation(
      await send(t.app, shop.privateKey, 'POST', '/products', { title: 'X', price: 1, images: [`${images.origin}/main.jpg`, `${images.origin}/text.png`] }),
      'images.1',
    );
    const foreign = await libraryFile(other);
    expectValidation(await send(t.app, shop.privateKey, 'POST', '/products', { title: 'X', price: 1, images: [{ media_id: foreign.id }] }), 'images.0');
    expectValidation(await send(t.app, shop.privateKey, 'POST', '/products', { title: 'X', price: 1, images: [{ media_id: 'one' }] }), 'images.0.media_id');
    expectValidation(await send(t.app, shop.privateKey, 'POST', '/products', { title: 'X', price: 1, images: [42] }), 'images.0');
    expect(await productCount()).toBe(before.products);
    expect((await outboxOf(t.database, shop.store)).length).toBe(before.events);
  });

  it('attaches nothing when the product itself is refused after its images were ingested', async () => {
    const before = await t.database.prisma.productImage.count({ where: { storeId: shop.store.id } });
    const res = await send(t.app, shop.privateKey, 'POST', '/products', { title: 'X', price: 1, category_id: 999999, image_url: `${images.origin}/main.jpg` });
    expectValidation(res, 'category_id');
    expect(await t.database.prisma.productImage.count({ where: { storeId: shop.store.id } })).toBe(before);
  });
});
