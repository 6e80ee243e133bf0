import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Ctx } from '../../../../src/domain/context.js';
import { loadProductViews } from '../../../../src/domain/catalog/product-view.js';
import { shownProductsJson } from '../../../../src/domain/catalog/shown-json.js';
import { resolveLocale } from '../../../../src/domain/locale/resolve-locale.js';
import type { Product } from '../../../../src/generated/prisma/client.js';
import { productCardSql } from '../../../../src/rest/storefront/products/card-sql.js';
import { presentProductCard } from '../../../../src/rest/storefront/products/presenters.js';
import { seedCatalog } from '../../../../src/seed/seed-catalog.js';
import { createCategory, createLantern, createProduct } from '../../../support/catalog.js';
import { defineMetafield } from '../../../support/custom-data.js';
import { createDiscount } from '../../../support/discounts.js';
import { shopperContext } from '../../../support/shopper-context.js';
import { makeStore, type TestStore } from '../../../support/stores.js';
import { startTestApp, type TestApp } from '../../../support/test-app.js';

// The storefront card has two forms: presenters.ts builds it from loaded views (related products,
// search, promotions, wishlists), card-sql.ts has PostgreSQL write it (the product list and
// collection pages). Both must send the same bytes, on the pricing rule's edge cases too.

const now = new Date();
const HOUR_MS = 3_600_000;
let t: TestApp;
let shop: TestStore;
let products: Product[];

const ctxOf = (): Ctx => shopperContext(t.database, shop.store, now);

/** Both forms of the cards of `ids`, in that order, in `code`'s locale. */
async function bothForms(ids: string[], code: string) {
  const ctx = ctxOf();
  const locale = await resolveLocale(ctx, code);
  const rows = ids.flatMap((id) => products.filter((p) => p.id === id));
  const views = await loadProductViews(ctxOf(), rows, locale);
  return {
    presented: JSON.stringify(views.map((view) => presentProductCard(view, shop.store, now))),
    written: await shownProductsJson(ctx, ids, locale, productCardSql(shop.store)),
  };
}

beforeAll(async () => {
  t = await startTestApp();
  shop = await makeStore(t.database, { locales: ['en', 'fr'] });
  await seedCatalog(t.database.prisma, shop.store, { products: 40, seed: 11, media: t.media });
  const db = t.database.prisma;
  const lamps = await createCategory(t.database, shop.store, 'Lamps');
  await defineMetafield(t.database, shop, 'custom.watts', 'number_integer', { storefrontVisible: true });
  await defineMetafield(t.database, shop, 'custom.specs', 'json', { storefrontVisible: true });
  await defineMetafield(t.database, shop, 'custom.gone', 'json', { storefrontVisible: true });
  await defineMetafield(t.database, shop, 'custom.secret', 'single_line_text_field');
  // The seed defines custom.care and custom.material, visible to shoppers.
  const lantern = await createLantern(t.database, shop.store, {
    category: lamps,
    createdAt: new Date(now.getTime() - HOUR_MS),
    translations: { fr: { title: '', excerpt: 'Une lanterne' } },
  });
  // Sold as itself: no image, no excerpt, stock untracked, a compare-at below the price, a rating, metafields of every visibility, an old product.
  const plain = await createProduct(t.database, shop.store, {
    title: 'Plain $& card',
    price: '10.05',
    compareAtPrice: '9.99',
    trackInventory: false,
    images: 0,
    createdAt: new Date(now.getTime() - 40 * 24 * HOUR_MS),
    translations: { fr: { title: 'Carte simple', description: 'Texte « français »' } },
  });
  await db.product.update({
    where: { id: plain.id },
    data: {
      excerpt: null,
      rating: '4.55',
      reviewCount: 2,
      // JSON the way jsonb writes it differently: nested and top-level nulls, exponents, trailing zeros, keys that look like indexes.
      metafields: {
        'custom.care': 'Dust only.',
        'custom.watts': 40,
        'custom.secret': 'hidden',
        'custom.specs': { temp: null, tiny: 1e-7, huge: 1e21, price: 1.5, b: 1, '10': 2, list: [null, { x: null }] },
        'custom.gone': null,
      },
    },
  });
  await db.translation.create({
    data: {
      storeId: shop.store.id,
      resourceType: 'product_metafields',
      resourceId: plain.id,
      locale: 'fr',
      fields: { 'custom.care': 'Époussetez.', 'custom.watts': '40 W' },
    },
  });
  // Two active variants at the same lowest price (the first in the variants' order sets the compare-at), and one whose variants are all inactive.
  await createProduct(t.database, shop.store, {
    title: 'Twins',
    variants: [
      { title: 'Left', optionValues: {}, price: '15.00', compareAtPrice: '18.00' },
      { title: 'Right', optionValues: {}, price: '15.00', compareAtPrice: '25.00' },
    ],
  });
  await createProduct(t.database, shop.store, {
    title: 'Retired variants',
    price: '9.00',
    variants: [{ title: 'Old', optionValues: {}, price: '5.00', isActive: false }],
  });
  // Tied offers (the same final price: rank by priority, then age), a capped half off, a percentage that rounds half up, and one that takes all.
  await createDiscount(t.database, shop.store, { title: 'Lamps 15', value: '15', categoryIds: [lamps.id], priority: 1 });
  await createDiscount(t.database, shop.store, { title: 'Lantern 15 first', value: '15', productIds: [lantern.id], priority: 3 });
  await createDiscount(t.database, shop.store, { title: 'Half, capped', value: '50', cappedAmount: '4.00', productIds: [lantern.id] });
  await createDiscount(t.database, shop.store, { title: 'Plain 15', value: '15', productIds: [plain.id] });
  await createDiscount(t.database, shop.store, {
    title: 'Too much',
    type: 'fixed',
    value: '500.00',
    productIds: [plain.id],
    imageUrl: 'https://cdn.test/d.png',
  });
  await createDiscount(t.database, shop.store, { title: 'Ended', value: '90', validUntil: new Date(now.getTime() - HOUR_MS) });
  products = await db.product.findMany({ where: { storeId: shop.store.id, published: true, status: 'active', deletedAt: null }, orderBy: { pId: 'desc' } });
});
afterAll(() => t?.close());

describe('the storefront card written by PostgreSQL', () => {
  it.each(['en', 'fr'])('is the presented card, byte for byte, for every product (%s)', async (code) => {
    const { presented, written } = await bothForms(
      products.map((p) => p.id),
      code,
    );
    expect(products.length).toBeGreaterThan(40);
    expect(written).toBe(presented);
  });

  it('keeps the order of the ids it is given', async () => {
    const ids = products
      .slice(0, 5)
      .map((p) => p.id)
      .reverse();
    const { written } = await bothForms(ids, 'en');
    expect((JSON.parse(written) as { id: string }[]).map((card) => card.id)).toEqual(ids);
  });

  it('leaves out a product no longer shopper-visible, and writes [] for none', async () => {
    const [first, second] = products;
    await t.database.prisma.product.update({ where: { id: second!.id }, data: { published: false } });
    try {
      const locale = await resolveLocale(ctxOf(), 'en');
      const written = await shownProductsJson(ctxOf(), [first!.id, second!.id], locale, productCardSql(shop.store));
      expect((JSON.parse(written) as { id: string }[]).map((card) => card.id)).toEqual([first!.id]);
      expect(await shownProductsJson(ctxOf(), [], locale, productCardSql(shop.store))).toBe('[]');
    } finally {
      await t.database.prisma.product.update({ where: { id: second!.id }, data: { published: true } });
    }
  });

  it('writes no product of another store', async () => {
    const other = await makeStore(t.database);
    const foreign = await createProduct(t.database, other.store, { title: 'Foreign' });
    const locale = await resolveLocale(ctxOf(), 'en');
    expect(await shownProductsJson(ctxOf(), [foreign.id], locale, productCardSql(shop.store))).toBe('[]');
  });
});
