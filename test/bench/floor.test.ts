import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compareWithFloor } from '../../bench/floor/compare.js';
import { startFloor, type Floor } from '../../bench/floor/server.js';
import { plan, type Read } from '../../bench/scenarios.js';
import type { Product } from '../../src/generated/prisma/client.js';
import { seedCatalog } from '../../src/seed/seed-catalog.js';
import { createLantern, createProduct } from '../support/catalog.js';
import { createDiscount } from '../support/discounts.js';
import { makeStore, type TestStore } from '../support/stores.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

// Issue 25: npm run bench measures Bazaar's uncached reads against a floor that answers the same
// bytes with one SQL statement each (bench/floor). A presenter or pricing rule that changes what
// Bazaar sends fails here, before it makes the bench stop. The floor reads through node-postgres,
// so only on PostgreSQL.
const postgres = Boolean(process.env.TEST_DATABASE_URL);

const now = Date.now();
const HOUR_MS = 3_600_000;
let t: TestApp;
let shop: TestStore;
let floor: Floor;
let bazaarUrl: string;
let reads: Read[];

const productPage = (slug: string): Read => ({ title: `GET /v1/store/products/${slug}`, method: 'GET', path: `/v1/store/products/${slug}`, floor: true });

/** A product sold as itself with no image, no excerpt, stock untracked, a compare-at price, a rating, and a metafield shoppers may not see. */
async function plainCard(): Promise<Product> {
  const product = await createProduct(t.database, shop.store, {
    title: 'Plain card',
    slug: 'plain-card',
    createdAt: new Date(now - 2 * HOUR_MS),
    price: '12.30',
    compareAtPrice: '19.99',
    trackInventory: false,
    images: 0,
  });
  return t.database.prisma.product.update({
    where: { id: product.id },
    data: { excerpt: null, rating: '4.50', reviewCount: 2, metafields: { 'custom.care': 'Dust only.', 'custom.unlisted': 'hidden' } },
  });
}

describe.runIf(postgres)('the one-statement floor', () => {
  beforeAll(async () => {
    t = await startTestApp({ RESPONSE_CACHE_MB: '0' }, { clock: () => now });
    shop = await makeStore(t.database, { locales: ['en', 'fr'] });
    await seedCatalog(t.database.prisma, shop.store, { products: 120, seed: 7, media: t.media });
    const lit = await createLantern(t.database, shop.store, { slug: 'lantern', createdAt: new Date(now - HOUR_MS) });
    const plain = await plainCard();
    await createProduct(t.database, shop.store, { title: 'Hidden', slug: 'hidden', createdAt: new Date(now), published: false });
    // Half off capped at 4.00 on the lantern; a fixed 500.00 that takes the plain card to zero.
    await createDiscount(t.database, shop.store, { title: 'Lantern half off', value: '50', cappedAmount: '4.00', priority: 2, productIds: [lit.id] });
    await createDiscount(t.database, shop.store, { title: 'Too much', type: 'fixed', value: '500.00', productIds: [plain.id] });
    const seeded = await t.database.prisma.product.findFirstOrThrow({
      where: { storeId: shop.store.id, variants: { some: {} }, collections: { some: {} } },
      orderBy: { pId: 'asc' },
      select: { slug: true },
    });
    reads = [
      ...plan([120])
        .reads(120, seeded.slug)
        .filter((read) => read.floor),
      productPage('lantern'),
      productPage('plain-card'),
    ];
    bazaarUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
    floor = await startFloor({ databaseUrl: process.env.TEST_DATABASE_URL!, keys: [shop.publicKey], clock: () => now });
  });
  afterAll(async () => {
    await floor?.close();
    await t?.close();
  });

  it('answers every read the bench loads it with, and the edge cases of the pricing rule, in Bazaar’s very bytes', async () => {
    expect(reads.map((read) => read.title)).toEqual([
      'GET /v1/store/products?per_page=50',
      'GraphQL products(first: 50)',
      'GET /v1/store/collections/featured/products?per_page=50',
      'GET /v1/store/products/:slug',
      'GET /v1/store/products/lantern',
      'GET /v1/store/products/plain-card',
    ]);
    const compared = await compareWithFloor(bazaarUrl, floor.url, reads, shop.publicKey);
    expect(compared.filter((c) => !c.equal)).toEqual([]);
    expect(compared.every((c) => c.bytes > 1000)).toBe(true);
  });

  it('reads each with one SQL statement', async () => {
    for (const read of reads) {
      const before = floor.statementCount();
      const res = await fetch(`${floor.url}${read.path}`, { method: read.method, headers: { 'x-client-key': shop.publicKey }, body: read.body });
      expect(res.status, read.title).toBe(200);
      expect(floor.statementCount() - before, read.title).toBe(1);
    }
  });

  it('shows no product Bazaar hides', async () => {
    const path = '/v1/store/products/hidden';
    const headers = { 'x-client-key': shop.publicKey };
    expect((await fetch(`${bazaarUrl}${path}`, { headers })).status).toBe(404);
    expect((await fetch(`${floor.url}${path}`, { headers })).status).toBe(404);
  });
});
