import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { revokeApiKey } from '../../../src/domain/keys/manage-keys.js';
import { unannouncedClientOf } from '../../../src/platform/database/operator-writes.js';
import { createProduct } from '../../support/catalog.js';
import { failureEnvelope } from '../../support/failure.js';
import { call, get, graphql } from '../../support/http.js';
import { makeStore, type TestStore } from '../../support/stores.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';

let t: TestApp;
let shop: TestStore;

beforeAll(async () => {
  t = await startTestApp({ RATE_LIMIT_STOREFRONT: '100000', RATE_LIMIT_GRAPHQL: '100000' });
  shop = await makeStore(t.database);
  for (const title of ['Kettle', 'Teapot', 'Mug']) await createProduct(t.database, shop.store, { title, slug: title.toLowerCase(), price: '30.00' });
});
afterAll(async () => t.close());

/** SQL statements a request costs. */
async function statementsOf(request: () => Promise<unknown>) {
  const before = t.database.statementCount();
  await request();
  return t.database.statementCount() - before;
}

const productsQuery = '{ products(first: 5) { edges { node { title price { amount } } } } }';

describe('a catalogue read asked again at the same catalogue version', () => {
  it('answers the product list from the cache: the same body and ETag, and no SQL statement', async () => {
    const first = await get(t.app, '/v1/store/products?per_page=2', shop.publicKey);
    expect(first.status, first.raw).toBe(200);
    // The second read of a key keeps its row (the first only learns its store).
    await get(t.app, '/v1/store/products?per_page=2', shop.publicKey);
    let again: Awaited<ReturnType<typeof get>> | undefined;
    expect(await statementsOf(async () => (again = await get(t.app, '/v1/store/products?per_page=2', shop.publicKey)))).toBe(0);
    expect(again!.status).toBe(200);
    expect(again!.raw).toBe(first.raw);
    expect(again!.headers.etag).toBe(first.headers.etag);
    expect(again!.headers['content-type']).toBe(first.headers['content-type']);
    expect(again!.headers['content-language']).toBe(first.headers['content-language']);
    expect(again!.headers['cache-control']).toBe('private, no-cache');
  });

  it('answers a matching If-None-Match with 304 and no SQL statement', async () => {
    const first = await get(t.app, '/v1/store/products/kettle', shop.publicKey);
    expect(first.status, first.raw).toBe(200);
    const etag = String(first.headers.etag);
    let conditional: Awaited<ReturnType<typeof get>> | undefined;
    expect(await statementsOf(async () => (conditional = await get(t.app, '/v1/store/products/kettle', shop.publicKey, { 'if-none-match': etag })))).toBe(0);
    expect(conditional!.status).toBe(304);
    expect(conditional!.raw).toBe('');
    expect(conditional!.headers.etag).toBe(etag);
  });

  it('shares one answer between the same query parameters in another order, or with parameters the route does not take', async () => {
    const first = await get(t.app, '/v1/store/products?per_page=2&page=1', shop.publicKey);
    expect(await statementsOf(() => get(t.app, '/v1/store/products?page=1&per_page=2', shop.publicKey))).toBe(0);
    expect((await get(t.app, '/v1/store/products?page=1&per_page=2', shop.publicKey)).raw).toBe(first.raw);
    expect(await statementsOf(() => get(t.app, '/v1/store/products?page=1&junk=1&per_page=2', shop.publicKey))).toBe(0);
  });

  it('answers the GraphQL products query from the cache with the same body', async () => {
    const first = await graphql(t.app, shop.publicKey, productsQuery);
    expect(first.status, first.raw).toBe(200);
    expect(first.body.data.products.edges).toHaveLength(3);
    let again: Awaited<ReturnType<typeof graphql>> | undefined;
    expect(await statementsOf(async () => (again = await graphql(t.app, shop.publicKey, productsQuery)))).toBe(0);
    expect(again!.raw).toBe(first.raw);
    expect(again!.headers['content-type']).toBe(first.headers['content-type']);
  });

  it('keeps the answers of a public and a private key apart', async () => {
    const url = '/v1/store/products/teapot';
    await get(t.app, url, shop.publicKey);
    await get(t.app, url, shop.privateKey);
    await get(t.app, url, shop.privateKey);
    expect(await statementsOf(() => get(t.app, url, shop.privateKey))).toBe(0);
  });
});

describe('an answer from the cache', () => {
  it('leaves gzip-compressed when asked, decoding to the bytes first sent', async () => {
    const path = '/v1/store/products?per_page=3&sort=latest';
    const plain = await get(t.app, path, shop.publicKey);
    expect(plain.status, plain.raw).toBe(200);
    await get(t.app, path, shop.publicKey);
    const before = t.database.statementCount();
    const zipped = await t.app.inject({ method: 'GET', url: path, headers: { 'x-client-key': shop.publicKey, 'accept-encoding': 'gzip' } });
    expect(t.database.statementCount() - before).toBe(0);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.etag).toBe(plain.headers.etag);
    expect(gunzipSync(zipped.rawPayload).toString('utf8')).toBe(plain.raw);
  });

  it('is counted on /metrics, with the bytes this process keeps', async () => {
    const metrics = (await get(t.app, '/metrics')).raw;
    const value = (name: string) => Number(new RegExp(`^${name} (\\d+)$`, 'm').exec(metrics)?.[1]);
    expect(value('bazaar_response_cache_hits_total')).toBeGreaterThan(0);
    expect(value('bazaar_response_cache_misses_total')).toBeGreaterThan(0);
    expect(value('bazaar_response_cache_entries')).toBeGreaterThan(0);
    expect(value('bazaar_response_cache_bytes')).toBeGreaterThan(1000);
  });
});

describe('reads the cache never answers', () => {
  // A title changed behind the cache's back (no write announced) shows whether a read was built again.
  let renamed = 0;
  const renameSilently = async (slug: string) => {
    renamed += 1;
    const title = `Renamed ${renamed}`;
    await unannouncedClientOf(t.database.prisma).product.updateMany({ where: { storeId: shop.store.id, slug }, data: { title } });
    return title;
  };
  const titlesOf = (res: Awaited<ReturnType<typeof graphql>>) => res.body.data.products.edges.map((e: { node: { title: string } }) => e.node.title);

  it('builds GraphQL reads of a customer token, or reaching past the catalogue, every time', async () => {
    const cases: [string, Record<string, string>][] = [
      ['{ products(first: 5) { edges { node { title } } } }', { authorization: 'Bearer not-a-token' }],
      ['{ products(first: 5) { edges { node { title } } } shop { name isOpen } }', {}],
    ];
    for (const [query, headers] of cases) {
      await graphql(t.app, shop.publicKey, query, {}, headers);
      const title = await renameSilently('mug');
      expect(titlesOf(await graphql(t.app, shop.publicKey, query, {}, headers)), query).toContain(title);
    }
  });

  it('builds a failed REST read every time: a 404 is never kept', async () => {
    await get(t.app, '/v1/store/products/no-such-product', shop.publicKey);
    expect(await statementsOf(() => get(t.app, '/v1/store/products/no-such-product', shop.publicKey))).toBeGreaterThan(0);
  });

  it('answers from the database on every read when RESPONSE_CACHE_MB=0', async () => {
    const uncached = await startTestApp({ RESPONSE_CACHE_MB: '0' }, { database: t.database });
    try {
      await get(uncached.app, '/v1/store/products?per_page=2', shop.publicKey);
      expect(await statementsOf(() => get(uncached.app, '/v1/store/products?per_page=2', shop.publicKey))).toBeGreaterThan(1);
    } finally {
      await uncached.close();
    }
  });
});

describe('a key revoked by an operator', () => {
  it('is refused on the very next read, cached or not', async () => {
    const own = await makeStore(t.database);
    const url = '/v1/store/products';
    for (let i = 0; i < 3; i += 1) expect((await get(t.app, url, own.publicKey)).status).toBe(200);
    const key = await t.database.prisma.apiKey.findFirstOrThrow({ where: { storeId: own.store.id, kind: 'public' } });
    await revokeApiKey({ db: t.database.prisma, now: new Date() }, key.id);
    const res = await call(t.app, { method: 'GET', url, key: own.publicKey });
    expect(res.status).toBe(401);
    expect(res.body).toEqual(failureEnvelope(res, 'invalid_client_key', 'This API key was revoked.'));
  });
});

describe('a write Bazaar never hears of (SQL by hand, a CLI without Redis)', () => {
  it('reaches answers and keys once RESPONSE_CACHE_MAX_AGE_S has passed, and not before', async () => {
    let clock = Date.UTC(2026, 10, 25, 12);
    const bounded = await startTestApp({ RESPONSE_CACHE_MAX_AGE_S: '1' }, { database: t.database, clock: () => clock });
    try {
      const own = await makeStore(t.database);
      await createProduct(t.database, own.store, { title: 'Stool', slug: 'stool' });
      const titleAt = async (instant: number) => {
        clock = instant;
        return (await get(bounded.app, '/v1/store/products/stool', own.publicKey)).body.data.title;
      };
      const built = clock;
      for (let i = 0; i < 3; i += 1) expect(await titleAt(built)).toBe('Stool');
      await unannouncedClientOf(t.database.prisma).product.updateMany({ where: { storeId: own.store.id, slug: 'stool' }, data: { title: 'Bench' } });
      // An answer lasts between four fifths of the maximum age and all of it (spread at random, so answers built together are not built again together).
      expect(await titleAt(built + 799)).toBe('Stool');
      expect(await titleAt(built + 1000)).toBe('Bench');

      // Keys are kept by the wall clock's age.
      const key = await t.database.prisma.apiKey.findFirstOrThrow({ where: { storeId: own.store.id, kind: 'public' } });
      await unannouncedClientOf(t.database.prisma).apiKey.update({ where: { id: key.id }, data: { revokedAt: new Date() } });
      await new Promise((resolve) => setTimeout(resolve, 1100));
      clock = built + 5000;
      expect((await get(bounded.app, '/v1/store/products/stool', own.publicKey)).status).toBe(401);
    } finally {
      await bounded.close();
    }
  });
});
