import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Store } from '../../src/generated/prisma/client.js';
import { seedCatalog } from '../../src/seed/seed-catalog.js';
import { get } from '../support/http.js';
import { makeStore, type TestStore } from '../support/stores.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

// The seed builds a collection tree: manual collections filled and pinned by the seed, smart ones
// whose rules the database evaluates, nested under parents; the same for the same seed.

let t: TestApp;
let shop: TestStore;

beforeAll(async () => {
  t = await startTestApp();
  shop = await makeStore(t.database);
  await seedCatalog(t.database.prisma, shop.store, { media: t.media, products: 80, seed: 11 });
});
afterAll(() => t.close());

const skusOf = async (store: Store, slug: string) => {
  const collection = await t.database.prisma.collection.findFirstOrThrow({ where: { storeId: store.id, slug } });
  const rows = await t.database.prisma.collectionProduct.findMany({
    where: { collectionId: collection.id },
    orderBy: { position: 'asc' },
    include: { product: true },
  });
  return rows.map((r) => [r.product.sku, r.pinnedAt]);
};

describe('seeded collections', () => {
  it('form a tree of manual and smart collections the storefront shows', async () => {
    const res = await get(t.app, '/v1/store/collections?include_empty=true', shop.publicKey);
    expect(res.status).toBe(200);
    const tree = res.body.data.map((c: { slug: string; mode: string; children: { slug: string; mode: string }[] }) => ({
      slug: c.slug,
      mode: c.mode,
      children: c.children.map((child) => ({ slug: child.slug, mode: child.mode })),
    }));
    expect(tree).toEqual(
      expect.arrayContaining([
        { slug: 'featured', mode: 'manual', children: [{ slug: 'staff-picks', mode: 'manual' }] },
        { slug: 'deals', mode: 'smart', children: [{ slug: 'under-25', mode: 'smart' }] },
        { slug: 'new-this-month', mode: 'smart', children: [] },
        { slug: 'blue-or-navy', mode: 'smart', children: [] },
      ]),
    );
  });

  it('fill the manual ones with the pinned products first, and 60 products to Featured', async () => {
    const featured = await get(t.app, '/v1/store/collections/featured/products?per_page=50', shop.publicKey);
    expect(featured.status).toBe(200);
    expect(featured.body.data).toHaveLength(50);
    expect(featured.body.has_more).toBe(true);
    const members = await skusOf(shop.store, 'featured');
    expect(members).toHaveLength(60);
    expect(members.slice(0, 3).map(([, pinned]) => pinned)).toEqual([0, 1, 2]);
  });

  it('put in Deals exactly the products whose cards show a discount, not every product', async () => {
    const all = await get(t.app, '/v1/store/products?per_page=100', shop.publicKey);
    expect(all.status).toBe(200);
    expect(all.body.data).toHaveLength(80);
    const discounted = all.body.data.filter((c: { discount: unknown }) => c.discount !== null).map((c: { id: string }) => c.id);
    const deals = await get(t.app, '/v1/store/collections/deals/products?per_page=50', shop.publicKey);
    expect(deals.status).toBe(200);
    expect(deals.body.has_more).toBe(false);
    expect(deals.body.data.map((c: { id: string }) => c.id).sort()).toEqual(discounted.sort());
    expect(discounted.length).toBeGreaterThan(0);
    expect(discounted.length).toBeLessThan(80);
    for (const card of deals.body.data) expect(card.discount_price).toBeLessThan(card.price);
  });

  it('give option values swatch colours that facets show', async () => {
    const colour = await t.database.prisma.productOption.findFirstOrThrow({ where: { storeId: shop.store.id, name: 'Colour' } });
    expect(Object.keys(colour.colorCodes as object).sort()).toEqual([...colour.values].sort());
    expect(Object.values(colour.colorCodes as object).every((c) => /^#[0-9a-f]{6}$/.test(c as string))).toBe(true);
  });

  it('are the same for the same seed, and written once per store', async () => {
    const other = (await makeStore(t.database)).store;
    await seedCatalog(t.database.prisma, other, { media: t.media, products: 80, seed: 11 });
    expect(await skusOf(other, 'featured')).toEqual(await skusOf(shop.store, 'featured'));
    const again = await seedCatalog(t.database.prisma, other, { media: t.media, products: 5, seed: 11 });
    expect(again.collections).toBe(0);
  });
});

describe('seeded collection translations', () => {
  it('are French in a store with fr, current against their source, and served to French shoppers', async () => {
    const french = await makeStore(t.database, { locales: ['en', 'fr'] });
    await seedCatalog(t.database.prisma, french.store, { media: t.media, products: 10, seed: 5 });
    const listed = await get(t.app, '/api/v1/merchant/translatable-resources?type=collection&limit=100', french.privateKey);
    expect(listed.status).toBe(200);
    const fr = listed.body.data.map((r: { translations: { locale: string; fields: { key: string; outdated: boolean }[] }[] }) => r.translations[0]!);
    expect(fr).toHaveLength(6);
    for (const locale of fr) {
      expect(locale.locale).toBe('fr');
      expect(locale.fields.map((f: { key: string; outdated: boolean }) => [f.key, f.outdated])).toEqual([
        ['description', false],
        ['name', false],
      ]);
    }
    const products = await get(t.app, '/api/v1/merchant/translatable-resources?type=product&limit=100', french.privateKey);
    for (const resource of products.body.data) expect(resource.translations[0].fields.every((f: { outdated: boolean }) => !f.outdated)).toBe(true);
    const shown = await get(t.app, '/v1/store/collections?include_empty=true&locale=fr', french.publicKey);
    expect(shown.headers['content-language']).toBe('fr');
    expect(shown.body.data.map((c: { name: string }) => c.name)).toEqual(
      expect.arrayContaining(['À la une', 'Bonnes affaires', 'Nouveautés du mois', 'Bleu et marine']),
    );
  });
});
