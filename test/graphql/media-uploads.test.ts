import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '../support/catalog.js';
import { call, get, graphql, graphqlUpload, graphqlUploadBody } from '../support/http.js';
import { picture } from '../support/media-fixtures.js';
import { makeKey, makeStore, type TestStore } from '../support/stores.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { MERCHANT, outboxOf } from '../support/writes.js';

// Issue 17, part 3: "file uploads follow the GraphQL multipart request convention (Yoga supports
// it), not only URLs". productImageAdd and fileCreate take a `File`, read by the REST upload
// reader under the same limits and ingested by the same media pipeline as POST /products/{product}/images.

const FILE_CAP = 64 * 1024;
const BODY_CAP = 256 * 1024;
const PIXEL_CAP = 1_000_000;

let t: TestApp;
let shop: TestStore;

beforeAll(async () => {
  t = await startTestApp({ MEDIA_MAX_BYTES: String(FILE_CAP), MULTIPART_MAX_BYTES: String(BODY_CAP), MEDIA_MAX_PIXELS: String(PIXEL_CAP) });
  shop = await makeStore(t.database);
});
afterAll(() => t.close());

const imageAdd = `mutation Add($input: ProductImageAddInput!) { productImageAdd(input: $input) {
  image { mediaId position isPrimary width height url } userErrors { field code message } } }`;
const fileCreate = `mutation($input: FileCreateInput!) { fileCreate(input: $input) { file { pId filename mimeType width height alt } userErrors { field code message } } }`;

const png = async (width = 120, height = 90, colour = '#3366cc') => ({
  filename: 'photo.png',
  type: 'image/png',
  data: await picture(width, height, 'png', colour),
});
const upload = (productId: string, file: { filename: string; type: string; data: Buffer }, key = shop.privateKey, headers: Record<string, string> = {}) =>
  graphqlUpload(t.app, key, imageAdd, { input: { productId, file: null } }, { 'variables.input.file': file }, headers);
const bareProduct = (title: string) => createProduct(t.database, shop.store, { title, images: 0 });
const mediaFiles = () => t.database.prisma.mediaFile.count({ where: { storeId: shop.store.id } });

describe('productImageAdd with an uploaded file', () => {
  it('adds the image through the media library, seen by REST and GraphQL, with its product event', async () => {
    const product = await bareProduct('Upload Lamp');
    const outboxBefore = (await outboxOf(t.database, shop.store)).length;
    const res = await upload(product.id, await png());
    expect(res.status, res.raw).toBe(200);
    const { image, userErrors } = res.body.data.productImageAdd;
    expect(userErrors).toEqual([]);
    expect(image).toEqual({ mediaId: expect.any(Number), position: 0, isPrimary: true, width: 120, height: 90, url: expect.stringMatching(/original\.png$/) });
    const file = await t.database.prisma.mediaFile.findFirstOrThrow({ where: { id: image.mediaId } });
    expect(file).toMatchObject({ storeId: shop.store.id, filename: 'photo.png', mimeType: 'image/png', width: 120, height: 90 });

    const rest = await get(t.app, `${MERCHANT}/products/${product.id}/images`, shop.privateKey);
    expect(rest.body.data.map((i: { id: number; is_primary: boolean }) => [i.id, i.is_primary])).toEqual([[image.mediaId, true]]);
    const read = await graphql(t.app, shop.privateKey, 'query($id: String!) { merchant { product(id: $id) { images { mediaId isPrimary } } } }', {
      id: product.id,
    });
    expect(read.body.data.merchant.product.images).toEqual([{ mediaId: image.mediaId, isPrimary: true }]);
    const events = (await outboxOf(t.database, shop.store)).slice(outboxBefore);
    expect(events.map((e) => [e.topic, (e.payload as { id: number }).id])).toEqual([['products/update', product.pId]]);
  });

  it('is idempotent: the same upload under one Idempotency-Key replays, other bytes are idempotency_key_reuse', async () => {
    const product = await bareProduct('Upload Replay');
    const headers = { 'idempotency-key': 'gql-upload-1' };
    const first = await upload(product.id, await png(), shop.privateKey, headers);
    const again = await upload(product.id, await png(), shop.privateKey, headers);
    expect(first.body.data.productImageAdd.userErrors).toEqual([]);
    expect(again.raw).toBe(first.raw);
    expect(again.headers['idempotent-replayed']).toBe('true');
    const other = await upload(product.id, await png(120, 90, '#ff8800'), shop.privateKey, headers);
    expect(other.status).toBe(409);
    expect(other.body.errors[0].extensions.code).toBe('idempotency_key_reuse');
    expect(await t.database.prisma.productImage.count({ where: { productId: product.id } })).toBe(1);
  });

  it('answers a file that is not an image, or has too many pixels, as a userError on input.file, writing nothing', async () => {
    const product = await bareProduct('Upload Text');
    const before = await mediaFiles();
    const text = await upload(product.id, { filename: 'notes.png', type: 'image/png', data: Buffer.from('plain words, no picture') });
    expect(text.body.data.productImageAdd).toEqual({
      image: null,
      userErrors: [{ field: 'input.file', code: 'validation_failed', message: 'is not an image (JPEG, PNG, WebP, GIF or AVIF)' }],
    });
    const huge = await upload(product.id, await png(1100, 1000));
    expect(huge.body.data.productImageAdd.userErrors).toEqual([{ field: 'input.file', code: 'validation_failed', message: 'has more than 1,000,000 pixels' }]);
    expect(await mediaFiles()).toBe(before);
    expect(await t.database.prisma.productImage.count({ where: { productId: product.id } })).toBe(0);
  });

  it('refuses a file over MEDIA_MAX_BYTES with 422 naming input.file, before the mutation runs', async () => {
    const product = await bareProduct('Upload Big');
    const res = await upload(product.id, { filename: 'big.png', type: 'image/png', data: Buffer.alloc(FILE_CAP + 1, 1) });
    expect(res.status, res.raw).toBe(422);
    expect(res.body).toEqual({
      errors: [
        {
          message: expect.any(String),
          extensions: { code: 'validation_failed', request_id: expect.any(String), errors: { 'input.file': [`is larger than ${FILE_CAP} bytes`] } },
        },
      ],
    });
    expect(res.headers.connection).toBe('close');
    expect(await t.database.prisma.productImage.count({ where: { productId: product.id } })).toBe(0);
  });

  it('refuses a body over MULTIPART_MAX_BYTES with 413 payload_too_large', async () => {
    const part = { filename: 'a.png', type: 'image/png', data: Buffer.alloc(FILE_CAP - 1024, 1) };
    const files = Object.fromEntries(Array.from({ length: 5 }, (_, i) => [`variables.files.${i}`, part]));
    const res = await graphqlUpload(t.app, shop.privateKey, 'mutation($files: [File!]!) { __typename }', { files: [null, null, null, null, null] }, files);
    expect(res.status, res.raw).toBe(413);
    expect(res.body.errors[0]).toMatchObject({ message: `A multipart body is at most ${BODY_CAP} bytes.`, extensions: { code: 'payload_too_large' } });
  });

  it('needs merchant-items-update', async () => {
    const product = await bareProduct('Upload Scope');
    const key = await makeKey(t.database, { store: shop.store.slug, kind: 'private', scopes: ['merchant-items-detail'] });
    const res = await upload(product.id, await png(), key);
    expect(res.body.errors[0]).toMatchObject({ path: ['productImageAdd'], extensions: { code: 'insufficient_scope' } });
    expect(res.body.errors[0].message).toContain('merchant-items-update');
    expect(await t.database.prisma.productImage.count({ where: { productId: product.id } })).toBe(0);
  });

  it("answers another store's product as not_found, uploading nothing", async () => {
    const stranger = await makeStore(t.database);
    const theirs = await createProduct(t.database, stranger.store, { title: 'Their Lamp', images: 0 });
    const before = await mediaFiles();
    const res = await upload(theirs.id, await png());
    expect(res.body.data.productImageAdd).toEqual({ image: null, userErrors: [{ field: null, code: 'not_found', message: 'Product not found.' }] });
    expect(await mediaFiles()).toBe(before);
    expect(await t.database.prisma.productImage.count({ where: { productId: theirs.id } })).toBe(0);
  });

  it('wants exactly one source', async () => {
    const product = await bareProduct('Upload Two');
    const res = await graphqlUpload(
      t.app,
      shop.privateKey,
      imageAdd,
      { input: { productId: product.id, mediaId: 1, file: null } },
      { 'variables.input.file': await png() },
    );
    expect(res.body.data.productImageAdd.userErrors).toEqual([
      { field: 'input.mediaId', code: 'validation_failed', message: 'send exactly one of mediaId, url, file' },
    ]);
  });
});

describe('fileCreate with an uploaded file', () => {
  it('adds it to the media library', async () => {
    const res = await graphqlUpload(t.app, shop.privateKey, fileCreate, { input: { file: null, alt: 'Blue' } }, { 'variables.input.file': await png(60, 40) });
    expect(res.body.data.fileCreate).toEqual({
      file: { pId: expect.any(Number), filename: 'photo.png', mimeType: 'image/png', width: 60, height: 40, alt: 'Blue' },
      userErrors: [],
    });
  });
});

describe('A GraphQL multipart request', () => {
  it('is refused without X-Client-Key before its body is read (a cross-site form cannot send one)', async () => {
    const res = await graphqlUpload(t.app, undefined, imageAdd, { input: { productId: '1', file: null } }, { 'variables.input.file': await png() });
    expect(res.status, res.raw).toBe(401);
    expect(res.body.errors[0].extensions.code).toBe('client_key_required');
  });

  it.each([
    ['no operations part', (body: string) => body.replace('name="operations"', 'name="ops"'), expect.stringContaining('one text part named "operations"')],
    ['operations that are not JSON', (body: string) => body.replace('{"query"', '{query'), 'The "operations" part is not valid JSON.'],
    ['a map path outside variables', (body: string) => body.replace('variables.input.file', 'query.input.file'), expect.stringContaining('must name a null')],
    ['a file part the map does not name', (body: string) => body.replace('{"0":', '{"7":'), 'The part "0" is named in no entry of map.'],
  ])('with %s answers 400 bad_request', async (_case, edit, message) => {
    const { payload, contentType } = await graphqlUploadBody(imageAdd, { input: { productId: '1', file: null } }, { 'variables.input.file': await png() });
    const body = Buffer.from(edit(payload.toString('latin1')), 'latin1');
    const res = await call(t.app, { method: 'POST', url: '/graphql', key: shop.privateKey, headers: { 'content-type': contentType }, payload: body });
    expect(res.status, res.raw).toBe(400);
    expect(res.body.errors[0]).toMatchObject({ message, extensions: { code: 'bad_request' } });
  });

  it('refuses a File written in the query or sent in a JSON body', async () => {
    const res = await graphql(t.app, shop.privateKey, imageAdd, { input: { productId: '1', file: 'photo.png' } });
    expect(res.body.errors[0].message).toContain('A File is a file part of a multipart request');
  });
});
