import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '../../../src/generated/prisma/client.js';
import { createProduct } from '../../support/catalog.js';
import { expectFailure, expectValidation } from '../../support/failure.js';
import { call, get } from '../../support/http.js';
import { multipartBody, picture, serve, startLocalServer, type LocalServer } from '../../support/media-fixtures.js';
import { makeKey, makeStore, type TestStore } from '../../support/stores.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';

// Issue 6, Images and files; merchant spec, Products and images and the Product image rows of the
// States and transitions table: an image joins a product from the library, a URL or an upload;
// the main image is always the first; PATCH primary true moves an image to the front; deleting the
// main image makes the next one the main image; a product has none only when it has no images.

let t: TestApp;
let shop: TestStore;
let other: TestStore;
let server: LocalServer;
const M = '/api/v1/merchant';

beforeAll(async () => {
  server = await startLocalServer({ '/shoe.png': serve(await picture(800, 600), 'image/png') });
  t = await startTestApp({ MEDIA_FETCH_ALLOW: server.hostPort });
  shop = await makeStore(t.database);
  other = await makeStore(t.database);
});
afterAll(async () => {
  await t.close();
  await server.close();
});

function send(method: 'POST' | 'PATCH' | 'DELETE', url: string, body?: unknown, key = shop.privateKey) {
  return call(t.app, {
    method,
    url: `${M}${url}`,
    key,
    ...(body === undefined ? {} : { payload: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
  });
}

async function libraryFile(store: TestStore, colour: string): Promise<number> {
  const { payload, headers } = await multipartBody({ file: { filename: `${colour}.png`, type: 'image/png', data: await picture(400, 300, 'png', colour) } });
  const res = await call(t.app, { method: 'POST', url: `${M}/files`, key: store.privateKey, payload, headers });
  expect(res.status, res.raw).toBe(201);
  return res.body.data.id;
}

/** The gallery as the image list shows it: [id, position, is_primary] in order. */
async function gallery(product: Product, key = shop.privateKey): Promise<[number, number, boolean][]> {
  const res = await get(t.app, `${M}/products/${product.pId}/images?limit=100`, key);
  expect(res.status, res.raw).toBe(200);
  return res.body.data.map((i: { id: number; position: number; is_primary: boolean }) => [i.id, i.position, i.is_primary]);
}

const bareProduct = (title: string) => createProduct(t.database, shop.store, { title, images: 0 });

describe('POST /api/v1/merchant/products/{product}/images', () => {
  let files: number[];
  beforeAll(async () => {
    files = [await libraryFile(shop, '#aa0000'), await libraryFile(shop, '#00aa00'), await libraryFile(shop, '#0000aa')];
  });

  it('adds a library file by media_id: the first image of a product becomes its main image', async () => {
    const product = await bareProduct('Lamp');
    const res = await send('POST', `/products/${product.pId}/images`, { media_id: files[0], alt: 'A red lamp' });
    expect(res.status, res.raw).toBe(201);
    const file = (await get(t.app, `${M}/files?limit=100`, shop.privateKey)).body.data.find((f: { id: number }) => f.id === files[0]);
    expect(res.body).toEqual({
      status: 'success',
      message: 'Product image added',
      data: { id: expect.any(Number), is_primary: true, position: 0, url: file.url, alt: 'A red lamp', width: 400, height: 300, variants: file.variants },
    });
    const detail = (await get(t.app, `${M}/products/${product.pId}`, shop.privateKey)).body.data;
    expect({ image: detail.image, primary_image_url: detail.primary_image_url, thumbnail_image: detail.thumbnail_image }).toEqual({
      image: file.url,
      primary_image_url: file.url,
      thumbnail_image: file.variants.thumb.url,
    });
  });

  it('puts a new image at the end of the gallery, or at its front with primary true', async () => {
    const product = await bareProduct('Chair');
    const a = (await send('POST', `/products/${product.pId}/images`, { media_id: files[0] })).body.data.id;
    const b = (await send('POST', `/products/${product.pId}/images`, { media_id: files[1], primary: false })).body.data.id;
    expect(await gallery(product)).toEqual([
      [a, 0, true],
      [b, 1, false],
    ]);
    const c = await send('POST', `/products/${product.pId}/images`, { media_id: files[2], primary: true });
    expect(c.body.data).toMatchObject({ is_primary: true, position: 0 });
    expect(await gallery(product)).toEqual([
      [c.body.data.id, 0, true],
      [a, 1, false],
      [b, 2, false],
    ]);
  });

  it('downloads a url into the library and shows it', async () => {
    const product = await bareProduct('Shoe');
    const before = await t.database.prisma.mediaFile.count({ where: { storeId: shop.store.id } });
    const res = await send('POST', `/products/${product.pId}/images`, { url: `${server.origin}/shoe.png` });
    expect(res.status, res.raw).toBe(201);
    expect(res.body.data).toMatchObject({ is_primary: true, width: 800, height: 600, url: expect.stringMatching(/^http:\/\/bazaar\.test\/media\//) });
    expect(await t.database.prisma.mediaFile.count({ where: { storeId: shop.store.id } })).toBe(before + 1);
  });

  it('takes an uploaded file part, with primary as a multipart field', async () => {
    const product = await bareProduct('Mug');
    await send('POST', `/products/${product.pId}/images`, { media_id: files[0] });
    const { payload, headers } = await multipartBody({
      file: { filename: 'mug.webp', type: 'image/webp', data: await picture(500, 500, 'webp') },
      primary: 'true',
    });
    const res = await call(t.app, { method: 'POST', url: `${M}/products/${product.pId}/images`, key: shop.privateKey, payload, headers });
    expect(res.status, res.raw).toBe(201);
    expect(res.body.data).toMatchObject({ is_primary: true, position: 0, width: 500, height: 500, url: expect.stringMatching(/original\.webp$/) });
  });

  it('refuses an internal url with 422 on url, and writes neither a file nor an image', async () => {
    const product = await bareProduct('Kettle');
    const files = await t.database.prisma.mediaFile.count({ where: { storeId: shop.store.id } });
    for (const url of ['http://127.0.0.1:9/x.png', 'http://[::ffff:7f00:1]/x.png', 'http://169.254.169.254/latest', 'file:///etc/passwd']) {
      const res = await send('POST', `/products/${product.pId}/images`, { url });
      expectValidation(res, 'url');
    }
    expect(await t.database.prisma.mediaFile.count({ where: { storeId: shop.store.id } })).toBe(files);
    expect(await gallery(product)).toEqual([]);
  });

  it("refuses another store's file as media_id (422), and never attaches it", async () => {
    const product = await bareProduct('Vase');
    const foreign = await libraryFile(other, '#123456');
    const res = await send('POST', `/products/${product.pId}/images`, { media_id: foreign });
    expect(res.body.error.errors).toEqual({ media_id: [`names no file of this store's media library (${foreign})`] });
    expect(await gallery(product)).toEqual([]);
  });

  it('wants exactly one source and a whole media_id', async () => {
    const product = await bareProduct('Rug');
    expectValidation(await send('POST', `/products/${product.pId}/images`, {}), 'media_id');
    expectValidation(await send('POST', `/products/${product.pId}/images`, { media_id: files[0], url: `${server.origin}/shoe.png` }), 'url');
    expectValidation(await send('POST', `/products/${product.pId}/images`, { media_id: 'one' }), 'media_id');
    expectValidation(await send('POST', `/products/${product.pId}/images`, { media_id: files[0], primary: 'maybe' }), 'primary');
  });

  it("answers 404 for another store's product, before downloading anything", async () => {
    const theirs = await createProduct(t.database, other.store, { title: 'Theirs', images: 0 });
    expectFailure(await send('POST', `/products/${theirs.pId}/images`, { media_id: files[0] }), 404, 'not_found', 'Product not found.');
  });

  it('needs merchant-items-update', async () => {
    const product = await bareProduct('Desk');
    const key = await makeKey(t.database, { store: shop.store.slug, kind: 'private', scopes: ['merchant-items-detail', 'merchant-media-create'] });
    const res = await send('POST', `/products/${product.pId}/images`, { media_id: files[0] }, key);
    expectFailure(res, 403, 'insufficient_scope', expect.stringContaining('merchant-items-update'));
  });
});

describe('PATCH and DELETE /api/v1/merchant/products/{product}/images/{image}', () => {
  let product: Product;
  let ids: number[];
  beforeAll(async () => {
    const files = [await libraryFile(shop, '#101010'), await libraryFile(shop, '#202020'), await libraryFile(shop, '#303030')];
    product = await bareProduct('Table');
    ids = [];
    for (const media_id of files) ids.push((await send('POST', `/products/${product.pId}/images`, { media_id })).body.data.id);
    // Merchant spec, Product image: its `id` is the media id, the `{image}` these operations take.
    expect(ids).toEqual(files);
  });

  it('PATCH primary true makes that image the main image; the others keep their order behind it', async () => {
    const res = await send('PATCH', `/products/${product.pId}/images/${ids[2]}`, { primary: true });
    expect(res.status, res.raw).toBe(200);
    expect(res.body.data).toMatchObject({ id: ids[2], is_primary: true, position: 0 });
    expect(await gallery(product)).toEqual([
      [ids[2], 0, true],
      [ids[0], 1, false],
      [ids[1], 2, false],
    ]);
    // Making the main image the main image again changes nothing.
    await send('PATCH', `/products/${product.pId}/images/${ids[2]}`, { primary: true });
    expect((await gallery(product)).map(([id]) => id)).toEqual([ids[2], ids[0], ids[1]]);
  });

  it('PATCH takes only primary true, and only an image of that product', async () => {
    expect((await send('PATCH', `/products/${product.pId}/images/${ids[0]}`, { primary: false })).body.error.errors).toEqual({
      primary: ['must be true: making an image the main image is the one change an image takes'],
    });
    expectValidation(await send('PATCH', `/products/${product.pId}/images/${ids[0]}`, {}), 'primary');
    const elsewhere = await bareProduct('Elsewhere');
    expectFailure(await send('PATCH', `/products/${elsewhere.pId}/images/${ids[0]}`, { primary: true }), 404, 'not_found', 'Product image not found.');
    expectFailure(await send('PATCH', `/products/${product.pId}/images/abc`, { primary: true }), 404, 'not_found', 'Product image not found.');
  });

  it('DELETE of the main image makes the next one the main image, down to no images and no main image', async () => {
    // Gallery now: ids[2] (main), ids[0], ids[1].
    const first = await send('DELETE', `/products/${product.pId}/images/${ids[2]}`);
    expect(first.body).toEqual({ status: 'success', message: 'Product image deleted', data: { id: ids[2], deleted: true } });
    expect(await gallery(product)).toEqual([
      [ids[0], 0, true],
      [ids[1], 1, false],
    ]);
    const byWord = await send('DELETE', `/products/${product.pId}/images/primary`);
    expect(byWord.body.data).toEqual({ id: ids[0], deleted: true });
    expect(await gallery(product)).toEqual([[ids[1], 0, true]]);
    await send('DELETE', `/products/${product.pId}/images/${ids[1]}`);
    expect(await gallery(product)).toEqual([]);
    const detail = (await get(t.app, `${M}/products/${product.pId}`, shop.privateKey)).body.data;
    expect({ image: detail.image, images: detail.images }).toEqual({ image: null, images: [] });
    expectFailure(await send('DELETE', `/products/${product.pId}/images/primary`), 404, 'not_found', 'Product image not found.');
  });

  it('DELETE of another image leaves the main image as it is, and keeps the file in the library', async () => {
    const p = await bareProduct('Bench');
    const file = await libraryFile(shop, '#404040');
    const a = (await send('POST', `/products/${p.pId}/images`, { media_id: file })).body.data.id;
    const b = (await send('POST', `/products/${p.pId}/images`, { media_id: await libraryFile(shop, '#505050') })).body.data.id;
    await send('DELETE', `/products/${p.pId}/images/${b}`);
    expect(await gallery(p)).toEqual([[a, 0, true]]);
    await send('DELETE', `/products/${p.pId}/images/${a}`);
    expect(await t.database.prisma.mediaFile.count({ where: { id: file } })).toBe(1);
  });

  it('take the media id, also when it is the number of another image of the product (the gallery row that shows another file)', async () => {
    // Merchant spec: "`{image}` is a media id or the word `primary`". Gallery rows have ids of their
    // own; here the first image's row has the very number of the file the second image shows.
    const p = await bareProduct('Lantern');
    const template = await t.database.prisma.mediaFile.findUniqueOrThrow({ where: { id: await libraryFile(shop, '#707070') } });
    const { id: _id, uid: _uid, createdAt: _createdAt, ...copy } = template;
    const colliding = 2_000_000_000 + Math.floor(Math.random() * 100_000_000);
    await t.database.prisma.mediaFile.create({ data: { ...copy, sizes: copy.sizes as object, id: colliding } });
    const shown = await libraryFile(shop, '#808080');
    await send('POST', `/products/${p.pId}/images`, { media_id: shown });
    const firstRow = await t.database.prisma.productImage.findFirstOrThrow({ where: { productId: p.id } });
    await t.database.prisma.productImage.update({ where: { id: firstRow.id }, data: { id: colliding } });
    const second = await send('POST', `/products/${p.pId}/images`, { media_id: colliding });
    expect(second.body.data).toMatchObject({ id: colliding, position: 1, is_primary: false });
    expect(await gallery(p)).toEqual([
      [shown, 0, true],
      [colliding, 1, false],
    ]);

    const patched = await send('PATCH', `/products/${p.pId}/images/${colliding}`, { primary: true });
    expect(patched.body.data).toMatchObject({ id: colliding, position: 0, is_primary: true });
    const deleted = await send('DELETE', `/products/${p.pId}/images/${colliding}`);
    expect(deleted.body).toEqual({ status: 'success', message: 'Product image deleted', data: { id: colliding, deleted: true } });
    expect(await gallery(p)).toEqual([[shown, 0, true]]);
    expect(await t.database.prisma.productImage.findMany({ where: { productId: p.id }, select: { id: true, fileId: true } })).toEqual([
      { id: colliding, fileId: shown },
    ]);
  });

  it('answer 404 for a media id the product does not show, and for the gallery row id of an image', async () => {
    const p = await bareProduct('Sconce');
    const media_id = await libraryFile(shop, '#909090');
    await send('POST', `/products/${p.pId}/images`, { media_id });
    const row = await t.database.prisma.productImage.findFirstOrThrow({ where: { productId: p.id } });
    const unshown = await libraryFile(shop, '#a0a0a0');
    expectFailure(await send('DELETE', `/products/${p.pId}/images/${unshown}`), 404, 'not_found', 'Product image not found.');
    if (row.id !== media_id) expectFailure(await send('DELETE', `/products/${p.pId}/images/${row.id}`), 404, 'not_found', 'Product image not found.');
    expect(await gallery(p)).toEqual([[media_id, 0, true]]);
  });

  it('answer an image known by its URL alone (no library file) with id null, and delete it as primary', async () => {
    const p = await createProduct(t.database, shop.store, { title: 'Old print', images: 1 });
    expect(await gallery(p)).toEqual([[null, 0, true]]);
    const deleted = await send('DELETE', `/products/${p.pId}/images/primary`);
    expect(deleted.body.data).toEqual({ id: null, deleted: true });
    expect(await gallery(p)).toEqual([]);
  });

  it("answers 404 for an image of another store's product", async () => {
    const theirs = await createProduct(t.database, other.store, { title: 'Theirs', images: 1 });
    const image = await t.database.prisma.productImage.findFirstOrThrow({ where: { productId: theirs.id } });
    expectFailure(await send('DELETE', `/products/${theirs.pId}/images/${image.id}`), 404, 'not_found', 'Product not found.');
  });

  it('need merchant-items-update', async () => {
    const key = await makeKey(t.database, { store: shop.store.slug, kind: 'private', scopes: ['merchant-items-detail'] });
    expectFailure(
      await send('PATCH', `/products/${product.pId}/images/1`, { primary: true }, key),
      403,
      'insufficient_scope',
      expect.stringContaining('merchant-items-update'),
    );
    expectFailure(
      await send('DELETE', `/products/${product.pId}/images/1`, undefined, key),
      403,
      'insufficient_scope',
      expect.stringContaining('merchant-items-update'),
    );
  });
});

describe('The thumb rendition of an uploaded image', () => {
  // Storefront spec, Product card: "`w`/`h` are null for `thumb`", although the file knows the size of its crop.
  it('has w and h null on the storefront card and detail, and in the merchant image', async () => {
    const product = await bareProduct('Thumbnail lamp');
    const added = await send('POST', `/products/${product.pId}/images`, { media_id: await libraryFile(shop, '#b0b0b0') });
    expect(added.body.data.variants.thumb).toEqual({ url: expect.stringMatching(/\/thumb\.webp$/), w: null, h: null });
    expect(added.body.data.variants.card).toEqual({ url: expect.stringMatching(/\/card\.webp$/), w: 360, h: 270 });
    const detail = await get(t.app, `/v1/store/products/${product.slug}`, shop.publicKey);
    expect(detail.status, detail.raw).toBe(200);
    expect(detail.body.data.media.image_variants.thumb).toEqual({ url: added.body.data.variants.thumb.url, w: null, h: null });
    expect(detail.body.data.images[0].image_variants.thumb).toEqual({ url: added.body.data.variants.thumb.url, w: null, h: null });
    const card = (await get(t.app, `/v1/store/products?keyword=Thumbnail`, shop.publicKey)).body.data[0];
    expect(card.media.images[0].variants.thumb).toEqual({ url: added.body.data.variants.thumb.url, w: null, h: null });
  });
});

describe('GET /api/v1/merchant/products/{product}/images', () => {
  it('walks the gallery in order by limit and starting_after', async () => {
    const product = await bareProduct('Shelf');
    const ids: number[] = [];
    for (const colour of ['#010101', '#020202', '#030303']) {
      ids.push((await send('POST', `/products/${product.pId}/images`, { media_id: await libraryFile(shop, colour) })).body.data.id);
    }
    const first = await get(t.app, `${M}/products/${product.pId}/images?limit=2`, shop.privateKey);
    expect({ ids: first.body.data.map((i: { id: number }) => i.id), has_more: first.body.has_more }).toEqual({ ids: ids.slice(0, 2), has_more: true });
    const rest = await get(t.app, `${M}/products/${product.pId}/images?limit=2&starting_after=${first.body.next_cursor}`, shop.privateKey);
    expect({ ids: rest.body.data.map((i: { id: number }) => i.id), has_more: rest.body.has_more }).toEqual({ ids: ids.slice(2), has_more: false });
  });

  it("answers 404 for another store's product, and needs merchant-items-detail", async () => {
    const theirs = await createProduct(t.database, other.store, { title: 'Theirs', images: 1 });
    expectFailure(await get(t.app, `${M}/products/${theirs.pId}/images`, shop.privateKey), 404, 'not_found', 'Product not found.');
    const key = await makeKey(t.database, { store: shop.store.slug, kind: 'private', scopes: ['merchant-items-read'] });
    const product = await bareProduct('Stool');
    expectFailure(await get(t.app, `${M}/products/${product.pId}/images`, key), 403, 'insufficient_scope', expect.stringContaining('merchant-items-detail'));
  });
});

describe('Image writes and the product', () => {
  it('every image write moves updated_at and leaves one products/update event', async () => {
    const product = await createProduct(t.database, shop.store, { title: 'Clock', images: 0, updatedAt: new Date('2026-01-01T00:00:00Z') });
    const media_id = await libraryFile(shop, '#606060');
    const events = () =>
      t.database.prisma.outboxEvent.count({ where: { storeId: shop.store.id, topic: 'products/update', payload: { path: ['uid'], equals: product.id } } });
    const updatedAt = async () => (await t.database.prisma.product.findUniqueOrThrow({ where: { id: product.id } })).updatedAt.getTime();
    let last = await updatedAt();
    const writes = [
      () => send('POST', `/products/${product.pId}/images`, { media_id }),
      () => send('POST', `/products/${product.pId}/images`, { media_id }),
      () => send('PATCH', `/products/${product.pId}/images/primary`, { primary: true }),
      () => send('DELETE', `/products/${product.pId}/images/primary`),
    ];
    for (const [index, write] of writes.entries()) {
      const res = await write();
      expect(res.status, res.raw).toBeLessThan(300);
      expect(await events()).toBe(index + 1);
      const now = await updatedAt();
      expect(now).toBeGreaterThan(last);
      last = now;
    }
  });

  it('a refused write moves nothing and leaves no event', async () => {
    const product = await createProduct(t.database, shop.store, { title: 'Fan', images: 0, updatedAt: new Date('2026-01-01T00:00:00Z') });
    await send('PATCH', `/products/${product.pId}/images/999999`, { primary: true });
    await send('POST', `/products/${product.pId}/images`, { url: 'http://10.0.0.1/a.png' });
    const row = await t.database.prisma.product.findUniqueOrThrow({ where: { id: product.id } });
    expect(row.updatedAt.toISOString()).toBe('2026-01-01T00:00:00.000Z');
    expect(await t.database.prisma.outboxEvent.count({ where: { storeId: shop.store.id, payload: { path: ['uid'], equals: product.id } } })).toBe(0);
  });
});
