import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { call, get } from '../../support/http.js';
import { expectFailure, expectValidation } from '../../support/failure.js';
import { multipartBody, picture, serve, startLocalServer, type LocalServer } from '../../support/media-fixtures.js';
import { makeKey, makeStore, type TestStore } from '../../support/stores.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';

// Issue 6, Images and files: the store's media library (GET and POST /files), uploads by multipart
// file or by URL, the six renditions with their real sizes, and the files served under /media.

let t: TestApp;
let shop: TestStore;
let other: TestStore;
let images: LocalServer;
let landscape: Buffer;

/** Random pixels: a picture PNG cannot compress, so its file is large for its size. */
const noise = () =>
  sharp({ create: { width: 400, height: 400, channels: 3, background: '#000000', noise: { type: 'gaussian', mean: 128, sigma: 60 } } })
    .png()
    .toBuffer();

beforeAll(async () => {
  landscape = await picture(1600, 1000, 'jpeg');
  images = await startLocalServer({
    '/landscape.jpg': serve(landscape, 'image/jpeg'),
    '/text-as-png': serve('this is not a picture', 'image/png'),
    '/mislabelled': serve(await picture(300, 200), 'text/plain'),
    '/noise.png': serve(await noise(), 'image/png'),
  });
  t = await startTestApp({ MEDIA_FETCH_ALLOW: images.hostPort });
  shop = await makeStore(t.database);
  other = await makeStore(t.database);
});
afterAll(async () => {
  await t.close();
  await images.close();
});

const FILES = '/api/v1/merchant/files';

async function upload(key: string, parts: Parameters<typeof multipartBody>[0]) {
  const { payload, headers } = await multipartBody(parts);
  return call(t.app, { method: 'POST', url: FILES, key, payload, headers });
}

function postJson(key: string, body: unknown) {
  return call(t.app, { method: 'POST', url: FILES, key, payload: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
}

/** The served bytes of a file URL, fetched through the app as a browser would. */
async function fetchServed(url: string) {
  const path = new URL(url).pathname + new URL(url).search;
  return t.app.inject({ method: 'GET', url: path });
}

async function decoded(url: string) {
  const res = await fetchServed(url);
  expect(res.statusCode, url).toBe(200);
  const meta = await sharp(res.rawPayload).metadata();
  return { format: meta.format, w: meta.width, h: meta.height, type: res.headers['content-type'], exif: meta.exif !== undefined };
}

describe('POST /api/v1/merchant/files', () => {
  it('stores an uploaded image with its six renditions at their real sizes, and answers 201 with the File and its Location', async () => {
    const res = await upload(shop.privateKey, { file: { filename: 'wide.jpg', type: 'image/jpeg', data: landscape }, alt: 'A blue field' });
    expect(res.status, res.raw).toBe(201);
    const file = res.body.data;
    expect(res.headers.location).toBe(file.url);
    const base = `http://bazaar.test/media/${shop.store.id}/${file.uid}`;
    expect(res.body).toEqual({
      status: 'success',
      message: 'File created',
      data: {
        id: expect.any(Number),
        uid: expect.stringMatching(/^[0-9a-f-]{36}$/),
        url: `${base}/original.jpg`,
        filename: 'wide.jpg',
        mime_type: 'image/jpeg',
        size: expect.any(Number),
        width: 1600,
        height: 1000,
        alt: 'A blue field',
        variants: {
          // Storefront spec: "`w`/`h` are null for `thumb`" (one renditions map on every face); the crop is 200×200.
          thumb: { url: `${base}/thumb.webp`, w: null, h: null },
          card: { url: `${base}/card.webp`, w: 360, h: 225 },
          card2x: { url: `${base}/card2x.webp`, w: 720, h: 450 },
          view: { url: `${base}/view.webp`, w: 1080, h: 675 },
          wa: { url: `${base}/wa.jpg`, w: 600, h: 375 },
          original: { url: `${base}/original.jpg`, w: 1600, h: 1000 },
        },
        created_at: expect.any(String),
      },
    });
    // Every rendition decodes to exactly the size the File states; the thumb, which states none, to its 200×200 crop.
    for (const [name, rendition] of Object.entries(file.variants) as [string, { url: string; w: number | null; h: number | null }][]) {
      const served = await decoded(rendition.url);
      expect({ name, w: served.w, h: served.h }).toEqual({ name, w: rendition.w ?? 200, h: rendition.h ?? 200 });
    }
    expect((await fetchServed(file.url)).rawPayload.length).toBe(file.size);
  });

  it('never scales a small image up: every rendition but the square thumb keeps its size', async () => {
    const res = await upload(shop.privateKey, { file: { filename: 'small.png', type: 'image/png', data: await picture(120, 80) } });
    expect(res.status, res.raw).toBe(201);
    const sizes = Object.fromEntries(Object.entries(res.body.data.variants).map(([name, r]) => [name, [(r as any).w, (r as any).h]]));
    expect(sizes).toEqual({ thumb: [null, null], card: [120, 80], card2x: [120, 80], view: [120, 80], wa: [120, 80], original: [120, 80] });
    expect(await decoded(res.body.data.variants.thumb.url)).toMatchObject({ w: 80, h: 80 });
    expect(await decoded(res.body.data.variants.view.url)).toMatchObject({ w: 120, h: 80, format: 'webp' });
    expect(await decoded(res.body.data.url)).toMatchObject({ w: 120, h: 80, format: 'png' });
  });

  it('turns a photo upright by its EXIF orientation and strips the metadata from what it serves', async () => {
    // Stored 400×300 with orientation 6 (rotate 90° clockwise to view): upright it is 300×400.
    const sideways = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#aa3300' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const res = await upload(shop.privateKey, { file: { filename: 'phone.jpg', type: 'image/jpeg', data: sideways } });
    expect(res.status, res.raw).toBe(201);
    expect({ width: res.body.data.width, height: res.body.data.height }).toEqual({ width: 300, height: 400 });
    const original = await decoded(res.body.data.url);
    expect(original).toMatchObject({ w: 300, h: 400, exif: false });
    expect((await sharp((await fetchServed(res.body.data.url)).rawPayload).metadata()).orientation).toBeUndefined();
  });

  it('downloads an image from a url (JSON body) into the library', async () => {
    const res = await postJson(shop.privateKey, { url: `${images.origin}/landscape.jpg` });
    expect(res.status, res.raw).toBe(201);
    expect(res.body.data).toMatchObject({ filename: 'landscape.jpg', mime_type: 'image/jpeg', width: 1600, height: 1000, alt: null });
  });

  it('takes the url as a multipart text field too, and sniffs the bytes rather than believing the Content-Type', async () => {
    const res = await upload(shop.privateKey, { url: `${images.origin}/mislabelled`, alt: 'labelled text/plain' });
    expect(res.status, res.raw).toBe(201);
    expect(res.body.data).toMatchObject({ mime_type: 'image/png', width: 300, height: 200, alt: 'labelled text/plain' });
  });

  it('refuses bytes that are not an image, whatever Content-Type they came with', async () => {
    const uploaded = await upload(shop.privateKey, { file: { filename: 'fake.png', type: 'image/png', data: Buffer.from('GIF89a but not really') } });
    expectValidation(uploaded, 'file');
    expect(uploaded.body.error.errors).toEqual({ file: ['is not an image (JPEG, PNG, WebP, GIF or AVIF)'] });
    const downloaded = await postJson(shop.privateKey, { url: `${images.origin}/text-as-png` });
    expectValidation(downloaded, 'url');
    expect(downloaded.body.error.errors).toEqual({ url: ['is not an image (JPEG, PNG, WebP, GIF or AVIF)'] });
  });

  it('refuses SVG, which sharp can read but which can carry script', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>');
    const res = await upload(shop.privateKey, { file: { filename: 'x.svg', type: 'image/svg+xml', data: svg } });
    expectValidation(res, 'file');
  });

  it('wants exactly one of file and url', async () => {
    expect((await postJson(shop.privateKey, {})).body.error.errors).toEqual({ file: ['send exactly one of file, url'] });
    const both = await upload(shop.privateKey, {
      file: { filename: 'a.png', type: 'image/png', data: await picture(10, 10) },
      url: `${images.origin}/landscape.jpg`,
    });
    expectValidation(both, 'url');
    const textForFile = await upload(shop.privateKey, { file: 'not a file part' });
    expect(textForFile.body.error.errors).toEqual({ file: ['must be a file part of a multipart/form-data body'] });
    expectValidation(await postJson(shop.privateKey, { url: 42 }), 'url');
  });

  it('answers a malformed multipart body with 400 bad_request and writes nothing', async () => {
    const before = await t.database.prisma.mediaFile.count({ where: { storeId: shop.store.id } });
    for (const [payload, type] of [
      ['--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nunterminated', 'multipart/form-data; boundary=xyz'],
      ['--xyz\r\nContent-Disposition: form-data; name="url"\r\n\r\nhttp://unterminated', 'multipart/form-data; boundary=xyz'],
      ['--xyz\r\n\r\n', 'multipart/form-data'],
    ]) {
      const res = await call(t.app, { method: 'POST', url: FILES, key: shop.privateKey, payload, headers: { 'content-type': type! } });
      expectFailure(res, 400, 'bad_request', expect.stringMatching(/multipart/));
    }
    expect(await t.database.prisma.mediaFile.count({ where: { storeId: shop.store.id } })).toBe(before);
  });

  it('needs merchant-media-create', async () => {
    const key = await makeKey(t.database, { store: shop.store.slug, kind: 'private', scopes: ['merchant-media-read'] });
    const res = await postJson(key, { url: `${images.origin}/landscape.jpg` });
    expectFailure(res, 403, 'insufficient_scope', expect.stringContaining('merchant-media-create'));
  });
});

describe('Size caps of the media library', () => {
  let small: TestApp;
  let smallShop: TestStore;
  beforeAll(async () => {
    small = await startTestApp({ MEDIA_FETCH_ALLOW: images.hostPort, MEDIA_MAX_BYTES: '20000', MEDIA_MAX_PIXELS: '250000' }, { database: t.database });
    smallShop = await makeStore(t.database);
  });
  afterAll(() => small.close());

  it('refuses an upload over MEDIA_MAX_BYTES, and a download over it', async () => {
    const big = await noise();
    expect(big.length).toBeGreaterThan(20000);
    const { payload, headers } = await multipartBody({ file: { filename: 'big.png', type: 'image/png', data: big } });
    const uploaded = await call(small.app, { method: 'POST', url: FILES, key: smallShop.privateKey, payload, headers });
    expect(uploaded.body.error.errors).toEqual({ file: ['is larger than 20000 bytes'] });
    const downloaded = await call(small.app, {
      method: 'POST',
      url: FILES,
      key: smallShop.privateKey,
      payload: JSON.stringify({ url: `${images.origin}/noise.png` }),
      headers: { 'content-type': 'application/json' },
    });
    expect(downloaded.status).toBe(422);
    expect(downloaded.body.error.errors).toEqual({ url: ['is larger than 20000 bytes'] });
  });

  it('refuses an image with more pixels than MEDIA_MAX_PIXELS, small as its file may be', async () => {
    const wide = await picture(1000, 300);
    expect(wide.length).toBeLessThan(20000);
    const { payload, headers } = await multipartBody({ file: { filename: 'wide.png', type: 'image/png', data: wide } });
    const res = await call(small.app, { method: 'POST', url: FILES, key: smallShop.privateKey, payload, headers });
    expect(res.body.error.errors).toEqual({ file: ['has more than 250,000 pixels'] });
  });
});

describe('GET /api/v1/merchant/files', () => {
  let store: TestStore;
  let ids: number[];
  beforeAll(async () => {
    store = await makeStore(t.database);
    ids = [];
    for (const colour of ['#111111', '#222222', '#333333']) {
      const { payload, headers } = await multipartBody({ file: { filename: `${colour}.png`, type: 'image/png', data: await picture(50, 40, 'png', colour) } });
      ids.push((await call(t.app, { method: 'POST', url: FILES, key: store.privateKey, payload, headers })).body.data.id);
    }
  });

  it('lists the store files newest first, walked by starting_after', async () => {
    const first = await get(t.app, `${FILES}?limit=2`, store.privateKey);
    expect(first.status).toBe(200);
    expect({ ids: first.body.data.map((f: { id: number }) => f.id), has_more: first.body.has_more }).toEqual({ ids: [ids[2], ids[1]], has_more: true });
    const second = await get(t.app, `${FILES}?limit=2&starting_after=${first.body.next_cursor}`, store.privateKey);
    expect({ ids: second.body.data.map((f: { id: number }) => f.id), has_more: second.body.has_more, next: second.body.next_cursor }).toEqual({
      ids: [ids[0]],
      has_more: false,
      next: null,
    });
  });

  it("shows no other store's files", async () => {
    const listed = await get(t.app, FILES, other.privateKey);
    expect(listed.body.data).toEqual([]);
    const own = await get(t.app, FILES, store.privateKey);
    expect(own.body.data.map((f: { filename: string }) => f.filename)).toEqual(['#333333.png', '#222222.png', '#111111.png']);
  });

  it('refuses a bad limit and a foreign cursor', async () => {
    expectValidation(await get(t.app, `${FILES}?limit=0`, store.privateKey), 'limit');
    const res = await get(t.app, `${FILES}?starting_after=not-a-cursor`, store.privateKey);
    expect(res.status).toBe(422);
    expect(res.body.error_code).toBe('starting_after_invalid');
  });

  it('needs merchant-media-read', async () => {
    const key = await makeKey(t.database, { store: store.store.slug, kind: 'private', scopes: ['merchant-media-create'] });
    expectFailure(await get(t.app, FILES, key), 403, 'insufficient_scope', expect.stringContaining('merchant-media-read'));
  });
});

describe('GET /media/{store}/{file}/{rendition}', () => {
  let file: { url: string; variants: Record<string, { url: string }> };
  beforeAll(async () => {
    const { payload, headers } = await multipartBody({ file: { filename: 'p.png', type: 'image/png', data: await picture(500, 400) } });
    file = (await call(t.app, { method: 'POST', url: FILES, key: shop.privateKey, payload, headers })).body.data;
  });

  it('serves each rendition without a key, with its type, nosniff and a year of immutable caching', async () => {
    for (const [url, type] of [
      [file.url, 'image/png'],
      [file.variants.card!.url, 'image/webp'],
      [file.variants.wa!.url, 'image/jpeg'],
    ] as const) {
      const res = await fetchServed(url);
      expect({
        status: res.statusCode,
        type: res.headers['content-type'],
        nosniff: res.headers['x-content-type-options'],
        cache: res.headers['cache-control'],
        length: Number(res.headers['content-length']),
      }).toEqual({ status: 200, type, nosniff: 'nosniff', cache: 'public, max-age=31536000, immutable', length: res.rawPayload.length });
    }
  });

  it('answers ?size=<rendition> on the original with that rendition, as addresses known only by URL are written', async () => {
    expect(await decoded(`${file.url}?size=card`)).toMatchObject({ w: 360, h: 288, type: 'image/webp' });
    expect(await decoded(`${file.url}?size=original`)).toMatchObject({ w: 500, h: 400, type: 'image/png' });
  });

  it('answers 404 in the failure envelope for anything else', async () => {
    const [, , store, uid] = new URL(file.url).pathname.split('/');
    for (const path of [
      `/media/${store}/${uid}/view.png`,
      `/media/${store}/00000000-0000-4000-8000-000000000000/original.png`,
      `/media/${store}/${uid}/secret.png`,
      `/media/${store}/${uid}/..%2F..%2Fetc.png`,
      `/media/${store}/${uid}/original.png?size=huge`,
    ]) {
      const res = await get(t.app, path);
      expect({ path, status: res.status, code: res.body.error_code }).toEqual({ path, status: 404, code: 'not_found' });
    }
  });
});
