import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../support/http.js';
import { expectFailure, expectValidation } from '../../support/failure.js';
import { picture } from '../../support/media-fixtures.js';
import { createProduct } from '../../support/catalog.js';
import { makeStore, type TestStore } from '../../support/stores.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';
import { MERCHANT, multipartBody, type FormPart } from '../../support/writes.js';

// Issue 18, finding 2: multipart/form-data only on the routes that take files, read part by part
// under per-file, per-field, count and total limits, a refused body never read whole.

const FILE_CAP = 64 * 1024;
const FIELD_CAP = 4096;
const BODY_CAP = 256 * 1024;
/** What the server may pull past a limit before it stops: the stream buffers between the socket and the parser. */
const READ_AHEAD = 256 * 1024;
const FILES = `${MERCHANT}/files`;

let t: TestApp;
let shop: TestStore;

beforeAll(async () => {
  t = await startTestApp({
    MEDIA_MAX_BYTES: String(FILE_CAP),
    BODY_LIMIT_BYTES: String(FIELD_CAP),
    MULTIPART_MAX_BYTES: String(BODY_CAP),
    RATE_LIMIT_MERCHANT: '0',
    RATE_LIMIT_STOREFRONT: '0',
  });
  shop = await makeStore(t.database);
});
afterAll(() => t.close());

function sendForm(url: string, key: string, parts: FormPart[], method: 'POST' | 'PUT' = 'POST') {
  const form = multipartBody(parts);
  return call(t.app, { method, url, key, headers: { 'content-type': form.contentType }, payload: form.payload });
}

const BOUNDARY = 'streamed-boundary';

/**
 * A multipart body with one file part of `fileBytes`, made on demand as the server reads it, with no
 * Content-Length (chunked): `pulled()` is what the server took from it (made, less what is still buffered).
 */
function streamedUpload(fileBytes: number) {
  const head = Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
  const chunk = Buffer.alloc(16 * 1024, 0x61);
  let made = 0;
  let filled = 0;
  const stream = new Readable({
    read() {
      if (made === 0) {
        made += head.length;
        this.push(head);
      } else if (filled < fileBytes) {
        const piece = chunk.subarray(0, Math.min(chunk.length, fileBytes - filled));
        filled += piece.length;
        made += piece.length;
        this.push(piece);
      } else if (filled === fileBytes) {
        filled += 1;
        made += tail.length;
        this.push(tail);
        this.push(null);
      }
    },
  });
  return { stream, total: head.length + fileBytes + tail.length, pulled: () => made - stream.readableLength };
}

function sendStreamed(body: ReturnType<typeof streamedUpload>) {
  return call(t.app, {
    method: 'POST',
    url: FILES,
    key: shop.privateKey,
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    payload: body.stream,
  });
}

describe('A multipart body on a route that takes no files', () => {
  const form: FormPart[] = [
    { name: 'email', value: 'someone@example.com' },
    { name: 'password', value: 'not read at all' },
    { name: 'file', value: Buffer.alloc(1024), filename: 'a.png', type: 'image/png' },
  ];

  it('answers 415 unsupported_media_type on the storefront (sign-in, cart)', async () => {
    for (const url of ['/v1/auth/email/login', '/v1/store/cart']) {
      const res = await sendForm(url, shop.publicKey, form);
      expectFailure(res, 415, 'unsupported_media_type', 'Send the body as JSON with Content-Type: application/json.');
    }
  });

  it('answers 415 unsupported_media_type on a merchant JSON write (PUT /products/{product})', async () => {
    const product = await createProduct(t.database, shop.store, { title: 'Form Patch' });
    const res = await sendForm(`${MERCHANT}/products/${product.id}`, shop.privateKey, [{ name: 'title', value: 'Changed' }], 'PUT');
    expectFailure(res, 415, 'unsupported_media_type', 'Send the body as JSON with Content-Type: application/json.');
  });

  it('reads none of the body', async () => {
    const body = streamedUpload(8 * 1024 * 1024);
    const res = await call(t.app, {
      method: 'POST',
      url: '/v1/auth/email/login',
      key: shop.publicKey,
      headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      payload: body.stream,
    });
    expectFailure(res, 415, 'unsupported_media_type');
    expect(body.pulled()).toBeLessThan(READ_AHEAD);
  });
});

describe('Multipart limits on an upload route (POST /files)', () => {
  it('still takes a valid upload', async () => {
    const png = await picture(40, 30);
    const res = await sendForm(FILES, shop.privateKey, [
      { name: 'file', value: png, filename: 'small.png', type: 'image/png' },
      { name: 'alt', value: 'Small' },
    ]);
    expect(res.status, res.raw).toBe(201);
    expect(res.body.data).toMatchObject({ filename: 'small.png', size: png.length, width: 40, height: 30, alt: 'Small' });
  });

  it('refuses a part named after an Object.prototype property with 400 bad_request, before it reaches the body', async () => {
    for (const name of ['__proto__', 'constructor', 'toString']) {
      const png = await picture(40, 30);
      const res = await sendForm(FILES, shop.privateKey, [{ name, value: png, filename: 'sneaky.png', type: 'image/png' }]);
      expectFailure(res, 400, 'bad_request', 'prototype property is not allowed as field name');
    }
    expect(await t.database.prisma.mediaFile.count({ where: { storeId: shop.store.id, filename: 'sneaky.png' } })).toBe(0);
  });

  it('answers a file over MEDIA_MAX_BYTES with 422 on its field', async () => {
    const res = await sendForm(FILES, shop.privateKey, [{ name: 'file', value: Buffer.alloc(FILE_CAP + 1), filename: 'big.png', type: 'image/png' }]);
    expectValidation(res, 'file');
    expect(res.body.error.errors).toEqual({ file: [`is larger than ${FILE_CAP} bytes`] });
  });

  it('stops reading a file at MEDIA_MAX_BYTES: the rest of a far larger body is never read', async () => {
    const body = streamedUpload(8 * 1024 * 1024);
    const res = await sendStreamed(body);
    expectValidation(res, 'file');
    expect(res.headers.connection).toBe('close');
    expect(body.pulled()).toBeLessThan(FILE_CAP + READ_AHEAD);
    expect(body.total).toBeGreaterThan(20 * (FILE_CAP + READ_AHEAD));
  });

  it('answers a text part over BODY_LIMIT_BYTES with 422 on its field', async () => {
    const res = await sendForm(FILES, shop.privateKey, [{ name: 'alt', value: 'x'.repeat(FIELD_CAP + 1) }]);
    expectValidation(res, 'alt');
    expect(res.body.error.errors).toEqual({ alt: [`is longer than ${FIELD_CAP} bytes`] });
  });

  it('answers more than 20 file parts with 413 payload_too_large', async () => {
    const parts = Array.from({ length: 21 }, (_, i) => ({ name: 'file', value: Buffer.alloc(10), filename: `${i}.png`, type: 'image/png' }));
    expectFailure(await sendForm(FILES, shop.privateKey, parts), 413, 'payload_too_large', 'A multipart body holds at most 20 file parts.');
  });

  it('answers more than 200 text parts with 413 payload_too_large', async () => {
    const parts = Array.from({ length: 201 }, () => ({ name: 'alt', value: 'x' }));
    expectFailure(await sendForm(FILES, shop.privateKey, parts), 413, 'payload_too_large', 'A multipart body holds at most 200 text parts.');
  });

  it('answers a body over MULTIPART_MAX_BYTES with 413 before reading it, by its Content-Length', async () => {
    const parts = Array.from({ length: 5 }, (_, i) => ({ name: 'file', value: Buffer.alloc(FILE_CAP - 100), filename: `${i}.png`, type: 'image/png' }));
    const res = await sendForm(FILES, shop.privateKey, parts);
    expectFailure(res, 413, 'payload_too_large', `A multipart body is at most ${BODY_CAP} bytes.`);
    expect(res.headers.connection).toBe('close');
  });

  it('stops reading a chunked body at MULTIPART_MAX_BYTES, every part under its own cap', async () => {
    const head = (i: number) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${i}.png"\r\nContent-Type: image/png\r\n\r\n`;
    const file = Buffer.alloc(FILE_CAP - 100, 0x61);
    const parts = Array.from({ length: 20 }, (_, i) => Buffer.concat([Buffer.from(head(i)), file, Buffer.from('\r\n')]));
    let next = 0;
    let made = 0;
    const stream = new Readable({
      read() {
        if (next < parts.length) {
          made += parts[next].length;
          this.push(parts[next++]);
        } else {
          this.push(`--${BOUNDARY}--\r\n`);
          this.push(null);
        }
      },
    });
    const res = await call(t.app, {
      method: 'POST',
      url: FILES,
      key: shop.privateKey,
      headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      payload: stream,
    });
    expectFailure(res, 413, 'payload_too_large', `A multipart body is at most ${BODY_CAP} bytes.`);
    expect(made - stream.readableLength).toBeLessThan(BODY_CAP + READ_AHEAD);
    expect(parts.length * file.length).toBeGreaterThan(4 * BODY_CAP);
  });
});

describe('A GraphQL multipart request on /graphql', () => {
  // Issue 17, part 3: /graphql takes uploads (the GraphQL multipart request convention), read by the same reader under the same limits.
  it('stops reading a file at MEDIA_MAX_BYTES, naming the variable it fills: the rest of a far larger body is never read', async () => {
    const operations = JSON.stringify({
      query: 'mutation($input: FileCreateInput!) { fileCreate(input: $input) { userErrors { field } } }',
      variables: { input: { file: null } },
    });
    const text = (name: string, value: string) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
    const head = Buffer.from(text('operations', operations) + text('map', '{"0": ["variables.input.file"]}'));
    const body = streamedUpload(8 * 1024 * 1024);
    const res = await call(t.app, {
      method: 'POST',
      url: '/graphql',
      key: shop.privateKey,
      headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      payload: Readable.from(
        (async function* () {
          yield head;
          for await (const chunk of body.stream) yield (chunk as Buffer).toString('latin1').replace('name="file"', 'name="0"');
        })(),
      ),
    });
    expect(res.status, res.raw).toBe(422);
    expect(res.body.errors[0].extensions).toMatchObject({ code: 'validation_failed', errors: { 'input.file': [`is larger than ${FILE_CAP} bytes`] } });
    expect(res.headers.connection).toBe('close');
    expect(body.pulled()).toBeLessThan(FILE_CAP + 2 * READ_AHEAD);
  });
});
