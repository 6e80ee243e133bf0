import { randomBytes } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CachedAnswers, type CachedAnswer } from '../../../src/http/response-cache/cached-answers.js';
import { compressedForm, textOf } from '../../../src/http/response-cache/compressed-forms.js';
import { createProduct } from '../../support/catalog.js';
import { makeStore, type TestStore } from '../../support/stores.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';

// A cached answer keeps its brotli and gzip forms, so a hit under Accept-Encoding sends bytes
// compressed once instead of compressing a 250 KB page again.

let t: TestApp;
let shop: TestStore;

beforeAll(async () => {
  t = await startTestApp({ RATE_LIMIT_STOREFRONT: '100000', RATE_LIMIT_GRAPHQL: '100000' });
  shop = await makeStore(t.database);
  for (let n = 0; n < 12; n += 1) await createProduct(t.database, shop.store, { title: `Packed lamp ${n}`, images: 2 });
});
afterAll(() => t.close());

const PRODUCTS = '/v1/store/products?per_page=50';

function fetchRaw(url: string, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'GET', url, headers: { 'x-client-key': shop.publicKey, ...headers } });
}

function decoded(res: LightMyRequestResponse): string {
  const encoding = res.headers['content-encoding'];
  const bytes = encoding === 'gzip' ? gunzipSync(res.rawPayload) : encoding === 'br' ? brotliDecompressSync(res.rawPayload) : res.rawPayload;
  return bytes.toString('utf8');
}

function answerOf(body: Buffer): CachedAnswer {
  return { body, textBytes: body.length, contentType: 'application/json; charset=utf-8', builtAt: 0, expiresAt: null, stock: { sales: 'sold', products: [] } };
}

/** A figure of this process's /metrics: the line that starts with `name`. */
async function metric(name: string): Promise<number> {
  const res = await t.app.inject({ method: 'GET', url: '/metrics' });
  const line = res.body.split('\n').find((l) => l.startsWith(`${name} `));
  return line ? Number(line.split(' ').pop()) : 0;
}

/** How many kept answers this process has compressed into `encoding`. */
const compressions = (encoding: string) => metric(`bazaar_response_cache_compressions_total{encoding="${encoding}"}`);

describe('a catalogue hit under Accept-Encoding', () => {
  it.each(['br', 'gzip'])('keeps the %s form as it is built, and sends it: the same text, ETag and Vary as the answer that was built', async (encoding) => {
    const url = `${PRODUCTS}&sort=${encoding === 'br' ? 'price_low' : 'price_high'}`;
    const before = await compressions(encoding);
    const built = await fetchRaw(url, { 'accept-encoding': encoding });
    const plain = await fetchRaw(url);
    for (let n = 0; n < 3; n += 1) {
      const hit = await fetchRaw(url, { 'accept-encoding': encoding });
      expect(hit.statusCode).toBe(200);
      expect(hit.headers['content-encoding']).toBe(encoding);
      expect(hit.headers.vary).toBe(built.headers.vary);
      expect(hit.headers.etag).toBe(built.headers.etag);
      expect(decoded(hit)).toBe(plain.body);
      expect(hit.rawPayload.length).toBeLessThan(plain.rawPayload.length / 8);
    }
    // One compression for the build and its hits: the form made as the answer was kept (or, by the first hit, when a key's first request kept nothing) is what the others send.
    expect((await compressions(encoding)) - before).toBe(1);
  });

  it('answers a matching If-None-Match with an empty 304 that names no encoding', async () => {
    const first = await fetchRaw(PRODUCTS, { 'accept-encoding': 'br' });
    const again = await fetchRaw(PRODUCTS, { 'accept-encoding': 'br', 'if-none-match': String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers['content-encoding']).toBeUndefined();
  });

  it('keeps the form in place of the text: the cache holds a twentieth of the bytes, and a hit that asks for no encoding or another still gets the same text', async () => {
    const url = '/v1/store/products?per_page=40';
    // Read twice: a key's first request in a process keeps nothing, so the second is kept (as text: it asks for no encoding) either way.
    await fetchRaw(url);
    const plain = await fetchRaw(url);
    const heldAsText = await metric('bazaar_response_cache_bytes');
    const packed = await fetchRaw(url, { 'accept-encoding': 'br' });
    const heldPacked = await metric('bazaar_response_cache_bytes');
    expect(heldAsText - heldPacked).toBe(plain.rawPayload.length - packed.rawPayload.length);
    const gzipped = await fetchRaw(url, { 'accept-encoding': 'gzip' });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(decoded(gzipped)).toBe(plain.body);
    const heldForms = await metric('bazaar_response_cache_bytes');
    expect(heldForms - heldPacked).toBe(gzipped.rawPayload.length);
    // A HEAD asking for no encoding inflates nothing: the entry holds what it held.
    const head = await t.app.inject({ method: 'HEAD', url, headers: { 'x-client-key': shop.publicKey } });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String(plain.rawPayload.length));
    expect(head.headers.etag).toBe(plain.headers.etag);
    expect(await metric('bazaar_response_cache_bytes')).toBe(heldForms);
    // A GET asking for none inflates the text once and keeps it beside the forms (counted), so the next one inflates nothing.
    for (let n = 0; n < 2; n += 1) {
      const again = await fetchRaw(url);
      expect(again.headers['content-encoding']).toBeUndefined();
      expect(again.body).toBe(plain.body);
      expect(again.headers.etag).toBe(plain.headers.etag);
      expect(await metric('bazaar_response_cache_bytes')).toBe(heldForms + plain.rawPayload.length);
    }
  });

  it('names Accept-Encoding in Vary once, beside what the answer already varies on', async () => {
    const hit = await fetchRaw(PRODUCTS, { 'accept-encoding': 'gzip', origin: 'https://shop.example' });
    const names = String(hit.headers.vary)
      .split(',')
      .map((name) => name.trim().toLowerCase());
    expect(names.filter((name) => name === 'accept-encoding')).toHaveLength(1);
    expect(names).toContain('origin');
  });

  it('sends the text itself under identity, x-no-compression, or to a client that names no encoding', async () => {
    const plain = await fetchRaw(PRODUCTS);
    const variants: Record<string, string>[] = [{ 'accept-encoding': 'identity' }, { 'accept-encoding': 'br', 'x-no-compression': '1' }, {}];
    for (const headers of variants) {
      const res = await fetchRaw(PRODUCTS, headers);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.body).toBe(plain.body);
    }
  });
});

describe('a GraphQL catalogue query under Accept-Encoding', () => {
  const postQuery = (headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { 'x-client-key': shop.publicKey, 'content-type': 'application/json', ...headers },
      payload: JSON.stringify({
        query: '{ products(first: 12) { edges { node { id title description createdAt price { amount currencyCode } images { url } } } } }',
      }),
    });

  it('is kept in the form its miss asked for and sent in it, compressed once for the miss and every hit after', async () => {
    // The key's first request in a process keeps nothing: learn the key on another read first.
    await fetchRaw(PRODUCTS);
    const before = await compressions('br');
    const miss = await postQuery({ 'accept-encoding': 'br' });
    expect(miss.statusCode).toBe(200);
    expect(miss.headers['content-encoding']).toBe('br');
    // The miss itself made the kept form: its bytes left as kept, not compressed again by the plugin.
    expect((await compressions('br')) - before).toBe(1);
    const plain = await postQuery();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(decoded(miss)).toBe(plain.body);
    for (let n = 0; n < 2; n += 1) {
      const hit = await postQuery({ 'accept-encoding': 'br' });
      expect(hit.headers['content-encoding']).toBe('br');
      expect(hit.rawPayload.equals(miss.rawPayload)).toBe(true);
      expect(
        String(hit.headers.vary)
          .toLowerCase()
          .split(',')
          .filter((name) => name.trim() === 'accept-encoding'),
      ).toHaveLength(1);
    }
    expect((await compressions('br')) - before).toBe(1);
  });
});

describe('the compressed forms an answer keeps', () => {
  const text = Buffer.from(JSON.stringify({ data: Array.from({ length: 200 }, (_, n) => ({ title: `Lamp ${n}`, price: '30.00' })) }));

  it.each(['br', 'gzip'] as const)('are made once: a second %s hit gets the very bytes of the first', (encoding) => {
    const answer = answerOf(text);
    const first = compressedForm(answer, encoding);
    expect(first).not.toBeNull();
    expect(compressedForm(answer, encoding)).toBe(first);
    const back = encoding === 'br' ? brotliDecompressSync(first!) : gunzipSync(first!);
    expect(back.equals(text)).toBe(true);
  });

  it('are not kept when they would be more than an eighth of the text', () => {
    const answer = answerOf(randomBytes(8192));
    expect(compressedForm(answer, 'gzip')).toBeNull();
    expect(compressedForm(answer, 'br')).toBeNull();
  });

  it('take the place of the text in the cache and its bound: an entry counts what it holds', async () => {
    const answers = new CachedAnswers({ maxBytes: 10_000_000, maxAgeMs: 60_000 });
    const answer = answerOf(text);
    await answers.set('k', answer, 0);
    expect(answers.size).toEqual({ entries: 1, bytes: text.length + 'k'.length + 256 });
    const { form, made } = answers.compressedForm('k', answer, 'br');
    expect(made).toBe(true);
    expect(answer.body).toBeNull();
    expect(answers.size).toEqual({ entries: 1, bytes: form!.length + 'k'.length + 256 });
    expect(textOf(answer).equals(text)).toBe(true);
    expect(answers.compressedForm('k', answer, 'br')).toEqual({ form, made: false });
  });

  it('leave the text in place when none is kept', () => {
    const answer = answerOf(randomBytes(8192));
    compressedForm(answer, 'gzip');
    expect(answer.body).not.toBeNull();
  });
});
