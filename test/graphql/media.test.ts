import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '../support/catalog.js';
import { graphql } from '../support/http.js';
import { picture, serve, startLocalServer, type LocalServer } from '../support/media-fixtures.js';
import { makeKey, makeStore, type TestStore } from '../support/stores.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

// Issue 6, GraphQL: the media library and product images as mutations behind the REST scopes,
// answering userErrors { field code message } for the caller's mistakes.

let t: TestApp;
let shop: TestStore;
let server: LocalServer;

beforeAll(async () => {
  server = await startLocalServer({ '/a.png': serve(await picture(640, 480)), '/b.png': serve(await picture(300, 300, 'png', '#ff8800')) });
  t = await startTestApp({ MEDIA_FETCH_ALLOW: server.hostPort });
  shop = await makeStore(t.database);
});
afterAll(async () => {
  await t.close();
  await server.close();
});

const fileCreate = `mutation($input: FileCreateInput!) { fileCreate(input: $input) {
  file { id pId url mimeType width height alt renditions { name width height } } userErrors { field code message } } }`;
const imageAdd = `mutation($input: ProductImageAddInput!) { productImageAdd(input: $input) {
  image { id mediaId position isPrimary width height } userErrors { field code message } } }`;
const setPrimary = `mutation($input: ProductImageRefInput!) { productImageSetPrimary(input: $input) { image { id position isPrimary } userErrors { field code message } } }`;
const remove = `mutation($input: ProductImageRefInput!) { productImageDelete(input: $input) { deletedImageId deletedMediaId userErrors { field code message } } }`;

describe('fileCreate and merchant.files', () => {
  it('downloads a URL into the library with its renditions, and lists it', async () => {
    const res = await graphql(t.app, shop.privateKey, fileCreate, { input: { url: `${server.origin}/a.png`, alt: 'Blue' } });
    expect(res.body.errors).toBeUndefined();
    const { file, userErrors } = res.body.data.fileCreate;
    expect(userErrors).toEqual([]);
    expect(file).toMatchObject({ mimeType: 'image/png', width: 640, height: 480, alt: 'Blue' });
    // Storefront spec, Product card: "`w`/`h` are null for `thumb`"; one renditions rule on every face.
    expect(file.renditions).toEqual([
      { name: 'thumb', width: null, height: null },
      { name: 'card', width: 360, height: 270 },
      { name: 'card2x', width: 640, height: 480 },
      { name: 'view', width: 640, height: 480 },
      { name: 'wa', width: 600, height: 450 },
      { name: 'original', width: 640, height: 480 },
    ]);
    const listed = await graphql(t.app, shop.privateKey, '{ merchant { files(first: 5) { edges { node { id } } } } }');
    expect(listed.body.data.merchant.files.edges.map((e: { node: { id: number } }) => e.node.id)).toContain(file.id);
  });

  it('answers a refused URL as a userError on input.url', async () => {
    const res = await graphql(t.app, shop.privateKey, fileCreate, { input: { url: 'http://[::1]/a.png' } });
    expect(res.body.data.fileCreate).toEqual({
      file: null,
      userErrors: [{ field: 'input.url', code: 'validation_failed', message: 'resolves to a private, loopback or otherwise internal address' }],
    });
  });

  it('needs merchant-media-create and merchant-media-read', async () => {
    const key = await makeKey(t.database, { store: shop.store.slug, kind: 'private', scopes: ['merchant-items-read'] });
    const created = await graphql(t.app, key, fileCreate, { input: { url: `${server.origin}/a.png` } });
    expect(created.body.errors[0].extensions.code).toBe('insufficient_scope');
    expect(created.body.errors[0].message).toContain('merchant-media-create');
    const listed = await graphql(t.app, key, '{ merchant { files(first: 1) { edges { node { id } } } } }');
    expect(listed.body.errors[0].message).toContain('merchant-media-read');
  });
});

describe('productImageAdd, productImageSetPrimary, productImageDelete', () => {
  // Merchant spec: "`{image}` is a media id or the word `primary`": the `image` these mutations
  // take is the image's mediaId, as in REST; ProductImage.id stays the image's own id.
  it('move the main image as the REST operations do', async () => {
    const product = await createProduct(t.database, shop.store, { title: 'Poster', images: 0 });
    const media = (await graphql(t.app, shop.privateKey, fileCreate, { input: { url: `${server.origin}/b.png` } })).body.data.fileCreate.file;
    const first = (await graphql(t.app, shop.privateKey, imageAdd, { input: { productId: String(product.pId), mediaId: media.pId } })).body.data
      .productImageAdd;
    expect(first).toEqual({ image: { id: expect.any(Number), mediaId: media.pId, position: 0, isPrimary: true, width: 300, height: 300 }, userErrors: [] });
    const second = (await graphql(t.app, shop.privateKey, imageAdd, { input: { productId: product.id, url: `${server.origin}/a.png` } })).body.data
      .productImageAdd;
    expect(second.image).toMatchObject({ mediaId: expect.any(Number), position: 1, isPrimary: false });
    expect(second.image.mediaId).not.toBe(media.pId);
    const moved = await graphql(t.app, shop.privateKey, setPrimary, { input: { productId: product.id, image: String(second.image.mediaId) } });
    expect(moved.body.data.productImageSetPrimary).toEqual({ image: { id: second.image.id, position: 0, isPrimary: true }, userErrors: [] });
    const deleted = await graphql(t.app, shop.privateKey, remove, { input: { productId: product.id, image: 'primary' } });
    expect(deleted.body.data.productImageDelete).toEqual({ deletedImageId: second.image.id, deletedMediaId: second.image.mediaId, userErrors: [] });
    const images = await t.database.prisma.productImage.findMany({ where: { productId: product.id } });
    expect(images.map((i) => [i.id, i.position, i.isPrimary])).toEqual([[first.image.id, 0, true]]);
  });

  it('answer mistakes as userErrors: two sources, a missing image, another store’s file', async () => {
    const product = await createProduct(t.database, shop.store, { title: 'Frame', images: 0 });
    const both = await graphql(t.app, shop.privateKey, imageAdd, { input: { productId: product.id, mediaId: 1, url: `${server.origin}/a.png` } });
    expect(both.body.data.productImageAdd.userErrors).toEqual([
      // The input gained `file` (issue 17, part 3: uploads follow the GraphQL multipart request convention).
      { field: 'input.mediaId', code: 'validation_failed', message: 'send exactly one of mediaId, url, file' },
    ]);
    const missing = await graphql(t.app, shop.privateKey, remove, { input: { productId: product.id, image: '999999' } });
    expect(missing.body.data.productImageDelete).toEqual({
      deletedImageId: null,
      deletedMediaId: null,
      userErrors: [{ field: null, code: 'not_found', message: 'Product image not found.' }],
    });
    const stranger = await makeStore(t.database);
    const theirs = (await graphql(t.app, stranger.privateKey, fileCreate, { input: { url: `${server.origin}/a.png` } })).body.data.fileCreate.file;
    const foreign = await graphql(t.app, shop.privateKey, imageAdd, { input: { productId: product.id, mediaId: theirs.pId } });
    expect(foreign.body.data.productImageAdd.userErrors).toEqual([
      { field: 'input.mediaId', code: 'validation_failed', message: `names no file of this store's media library (${theirs.pId})` },
    ]);
    expect(await t.database.prisma.productImage.count({ where: { productId: product.id } })).toBe(0);
  });

  it('need merchant-items-update', async () => {
    const key = await makeKey(t.database, { store: shop.store.slug, kind: 'private', scopes: ['merchant-items-detail'] });
    const res = await graphql(t.app, key, remove, { input: { productId: '1', image: 'primary' } });
    expect(res.body.errors[0]).toMatchObject({ path: ['productImageDelete'], extensions: { code: 'insufficient_scope' } });
  });
});
