import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Ctx } from '../../../../src/domain/context.js';
import type { Product } from '../../../../src/generated/prisma/client.js';
import { bodyText } from '../../../../src/rest/kit/json-text.js';
import { shownProductStatement } from '../../../../src/domain/catalog/shown-json.js';
import { productDetailJson, productDetailSql } from '../../../../src/rest/storefront/products/detail-sql.js';
import { seedCatalog } from '../../../../src/seed/seed-catalog.js';
import { createCategory, createLantern, createProduct } from '../../../support/catalog.js';
import { createDiscount } from '../../../support/discounts.js';
import { presentedProductPage } from '../../../support/product-page-form.js';
import { shopperContext } from '../../../support/shopper-context.js';
import { makeStore, type TestStore } from '../../../support/stores.js';
import { startTestApp, type TestApp } from '../../../support/test-app.js';

// The product page is written by PostgreSQL (detail-sql.ts); its TypeScript form, built from the
// loaded view as the page once was (test/support/product-page-form.ts), is the reference both must
// agree with byte for byte, translations of variants, options, category and collections included.

const now = new Date();
let t: TestApp;
let shop: TestStore;
let products: Product[];

const ctxOf = (): Ctx => shopperContext(t.database, shop.store, now);

async function bothForms(slug: string, code: string) {
  const written = await productDetailJson(ctxOf(), { slug, locale: code });
  return { presented: await presentedProductPage(ctxOf(), slug, code), written: bodyText(written.body), language: written.contentLanguage };
}

async function translate(resourceType: string, resourceId: string, fields: Record<string, unknown>) {
  await t.database.prisma.translation.create({ data: { storeId: shop.store.id, resourceType, resourceId, locale: 'fr', fields: fields as object } });
}

beforeAll(async () => {
  t = await startTestApp();
  shop = await makeStore(t.database, { locales: ['en', 'fr'] });
  await seedCatalog(t.database.prisma, shop.store, { products: 12, seed: 7, media: t.media });
  const db = t.database.prisma;
  const lamps = await createCategory(t.database, shop.store, 'Lamps');
  await translate('category', lamps.id, { name: 'Lampes' });
  const lantern = await createLantern(t.database, shop.store, { slug: 'lantern', category: lamps });
  // Options named and valued in French by some variants only, the first variant's translation of a
  // name or value winning; one named like an array index, which JavaScript puts first in an object
  // (so it is option1, and first in every variant's values, where jsonb keeps shorter keys first),
  // and keeps that place once named in French.
  const shirt = await createProduct(t.database, shop.store, {
    title: 'Shirt',
    slug: 'shirt',
    options: { Size: ['S', 'M', 'L'], Colour: ['Red', 'Blue'], '123456': ['x'] },
    variants: [
      { title: 'S red', optionValues: { Size: 'S', Colour: 'Red', '123456': 'x' }, price: '12.00' },
      { title: 'M red', optionValues: { Size: 'M', Colour: 'Red', '123456': 'x' }, price: '12.00' },
      { title: 'L blue', optionValues: { Size: 'L', Colour: 'Blue', '123456': 'x' }, price: '14.00', isActive: false },
    ],
  });
  const shirtVariants = await db.variant.findMany({ where: { productId: shirt.id }, orderBy: { position: 'asc' } });
  await translate('variant', shirtVariants[0]!.id, { option3_value: 'Rouge vif' });
  await translate('variant', shirtVariants[1]!.id, {
    title: 'M rouge',
    option1_name: 'Numéro',
    option2_name: 'Taille',
    option2_value: 'Moyen',
    option3_name: '',
    option3_value: 'Rouge',
  });
  await translate('variant', shirtVariants[2]!.id, {
    option2_name: 'Pointure',
    option3_name: 'Couleur',
    option3_value: 'Bleu',
    option2_value: 'Grand',
    title: '',
  });
  // Two options the translation names alike: the object keeps the name once, where the first stood.
  const twin = await createProduct(t.database, shop.store, {
    title: 'Twin names',
    slug: 'twin-names',
    options: { Finish: ['Matt'], Surface: ['Rough'] },
    variants: [{ title: 'One', optionValues: { Finish: 'Matt', Surface: 'Rough' }, price: '5.00' }],
  });
  const [twinVariant] = await db.variant.findMany({ where: { productId: twin.id } });
  await translate('variant', twinVariant!.id, { option1_name: 'Fini', option2_name: 'Fini', option1_value: 'Mat', option2_value: 'Rugueux' });
  // Collections: two storefront manual ones (one named in French), a hidden one and a smart one, which the page leaves out.
  const collection = (slug: string, position: number, extra: object = {}) =>
    db.collection.create({ data: { storeId: shop.store.id, slug, name: slug, position, ...extra } });
  const shown = [await collection('evening', 2), await collection('bright', 1)];
  const hidden = [await collection('internal', 0, { storefront: false }), await collection('rules', 0, { mode: 'smart', rules: [] })];
  for (const c of [...shown, ...hidden]) {
    await db.collectionProduct.create({ data: { storeId: shop.store.id, collectionId: c.id, productId: lantern.id } });
  }
  await translate('collection', shown[0]!.id, { name: 'Soirée' });
  await createDiscount(t.database, shop.store, { title: 'Lamps 15', value: '15', categoryIds: [lamps.id] });
  await createDiscount(t.database, shop.store, { title: 'Shirts 2 off', type: 'fixed', value: '2.00', productIds: [shirt.id] });
  products = await db.product.findMany({ where: { storeId: shop.store.id, published: true, status: 'active', deletedAt: null }, orderBy: { pId: 'asc' } });
});
afterAll(() => t?.close());

describe('the product page written by PostgreSQL', () => {
  it.each(['en', 'fr'])('is the presented page, byte for byte, for every product (%s)', async (code) => {
    expect(products.length).toBeGreaterThan(12);
    for (const product of products) {
      const { presented, written, language } = await bothForms(product.slug, code);
      expect(written, product.slug).toBe(presented);
      expect(language).toBe(code);
    }
  });

  it('names options and values in the locale as the variants translate them', async () => {
    const { written } = await bothForms('shirt', 'fr');
    const page = JSON.parse(written) as { data: { options: unknown[]; variants: { title: string; option_values: Record<string, string> }[] } };
    expect(page.data.options).toEqual([
      { name: 'Numéro', position: 0, values: ['x'] },
      { name: 'Taille', position: 1, values: ['S', 'Moyen', 'Grand'] },
      { name: 'Couleur', position: 2, values: ['Rouge vif', 'Bleu'] },
    ]);
    expect(page.data.variants.map((v) => [v.title, JSON.stringify(v.option_values)])).toEqual([
      ['S red', '{"Numéro":"x","Taille":"S","Couleur":"Rouge vif"}'],
      ['M rouge', '{"Numéro":"x","Taille":"Moyen","Couleur":"Rouge"}'],
    ]);
  });

  it('writes a name two options share in the locale once, with the last value', async () => {
    const { written } = await bothForms('twin-names', 'fr');
    expect(written).toContain('"option_values":{"Fini":"Rugueux"}');
  });

  it('names the category and collections in the locale, storefront manual collections only, in the merchant’s order', async () => {
    const { written } = await bothForms('lantern', 'fr');
    const page = JSON.parse(written) as { data: { category: { name: string }; collections: { name: string }[] } };
    expect(page.data.category.name).toBe('Lampes');
    expect(page.data.collections.map((c) => c.name)).toEqual(['bright', 'Soirée']);
  });
});

describe('the product page statement', () => {
  // Nothing translates into the primary locale: its statement joins no translation, so PostgreSQL never
  // opens the table on a page in it (translation-sql.ts). The test above holds both texts to the same bytes.
  const namesOf = async (isPrimary: boolean) =>
    (await shownProductStatement(ctxOf(), 'lantern', { code: isPrimary ? 'en' : 'fr', isPrimary }, productDetailSql(shop.store, !isPrimary))).shape.names;

  it('names no translation in the primary locale', async () => {
    expect((await namesOf(true)).has('Translation')).toBe(false);
    expect((await namesOf(true)).has('Variant')).toBe(true);
  });

  it('joins the translations in any other locale', async () => {
    expect((await namesOf(false)).has('Translation')).toBe(true);
  });
});
