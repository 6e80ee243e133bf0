import { randomBytes } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CachedAnswers, type CachedAnswer } from '../../../src/http/response-cache/cached-answers.js';
import { compressedForm } from '../../../src/http/response-cache/compressed-forms.js';
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
  return { body, contentType: 'application/json; charset=utf-8', builtAt: 0, expiresAt: null, stock: { sales: 'sold', products: [] } };
}

/** How many kept answers this process has compressed into `encoding`, from /metrics. */
async function compressions(encoding: string): Promise<number> {
  const res = await t.app.inject({ method: 'GET', url: '/metrics' });
  const line = res.body.split('\n').find((l) => l.startsWith(`bazaar_response_cache_compressions_total{encoding="${encoding}"}`));
  return line ? Number(line.split(' ').pop()) : 0;
}

describe('a catalogue hit under Accept-Encoding', () => {
  it.each(['br', 'gzip'])('sends the kept %s form: the same text, ETag and Vary as the answer that was built', async (encoding) => {
    const url = `${PRODUCTS}&sort=${encoding === 'br' ? 'price_low' : 'price_high'}`;
    const built = await fetchRaw(url, { 'accept-encoding': encoding });
    const plain = await fetchRaw(url);
    const before = await compressions(encoding);
    for (let n = 0; n < 3; n += 1) {
      const hit = await fetchRaw(url, { 'accept-encoding': encoding });
      expect(hit.statusCode).toBe(200);
      expect(hit.headers['content-encoding']).toBe(encoding);
      expect(hit.headers.vary).toBe(built.headers.vary);
      expect(hit.headers.etag).toBe(built.headers.etag);
      expect(decoded(hit)).toBe(plain.body);
      expect(hit.rawPayload.length).toBeLessThan(plain.rawPayload.length / 8);
    }
    // Three hits, one compression: the form made by the first is what the others send.
    expect((await compressions(encoding)) - before).toBe(1);
  });

  it('answers a matching If-None-Match with an empty 304 that names no encoding', async () => {
    const first = await fetchRaw(PRODUCTS, { 'accept-encoding': 'br' });
    const again = await fetchRaw(PRODUCTS, { 'accept-encoding': 'br', 'if-none-match': String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers['content-encoding']).toBeUndefined();
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

  it('are counted in the cache from the start: a quarter of the text beside it', async () => {
    const answers = new CachedAnswers({ maxBytes: 10_000_000, maxAgeMs: 60_000 });
    await answers.set('k', answerOf(text), 0);
    expect(answers.size).toEqual({ entries: 1, bytes: text.length + Math.ceil(text.length / 4) + 'k'.length + 256 });
  });
});
