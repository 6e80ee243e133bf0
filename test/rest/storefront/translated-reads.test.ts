import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCategory, createProduct } from '../../support/catalog.js';
import { defineMetafield } from '../../support/custom-data.js';
import { get, graphql } from '../../support/http.js';
import { makeStore, type TestStore } from '../../support/stores.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';
import { send } from '../../support/writes.js';

// Every localized storefront read serves what PUT /translations wrote, field by field over the
// source, with Content-Language; in every locale state; and the catalogue cache keeps one answer
// per language and drops them when a translation is written.

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ RATE_LIMIT_MERCHANT: '0', RATE_LIMIT_STOREFRONT: '100000', RATE_LIMIT_GRAPHQL: '100000' });
});
afterAll(() => t.close());

interface Translated extends TestStore {
  slug: string;
}

/** A store in en (primary), fr (published) and de (unpublished), with one product translated into fr and de through the API. */
async function translatedShop(): Promise<Translated> {
  const shop = await makeStore(t.database, { locales: ['en', 'fr', 'de'] });
  await t.database.prisma.storeLocale.updateMany({ where: { storeId: shop.store.id, code: 'de' }, data: { published: false } });
  await defineMetafield(t.database, shop, 'care.instructions', 'text', { storefrontVisible: true });
  const category = await createCategory(t.database, shop.store, 'Footwear');
  const product = await createProduct(t.database, shop.store, {
    title: 'Boot',
    slug: 'boot',
    category,
    options: { Colour: ['Black', 'Tan'] },
    variants: [
      { title: 'Black', optionValues: { Colour: 'Black' }, price: '90.00' },
      { title: 'Tan', optionValues: { Colour: 'Tan' }, price: '95.00' },
    ],
  });
  await t.database.prisma.product.update({ where: { id: product.id }, data: { metafields: { 'care.instructions': 'Wipe clean' } } });
  const collection = await t.database.prisma.collection.create({
    data: { storeId: shop.store.id, name: 'Winter', slug: 'winter', description: 'Cold days', storefront: true },
  });
  await t.database.prisma.collectionProduct.create({ data: { storeId: shop.store.id, collectionId: collection.id, productId: product.id, position: 0 } });
  const variants = await t.database.prisma.variant.findMany({ where: { productId: product.id }, orderBy: { position: 'asc' } });
  const put = async (type: string, id: string, locale: string, fields: Record<string, string>) =>
    expect((await send(t.app, shop.privateKey, 'PUT', `/translations/${type}/${id}`, { locale, fields })).status).toBe(200);
  await put('product', product.id, 'fr', { title: 'Botte', description: 'Une botte' });
  await put('product', product.id, 'de', { title: 'Stiefel' });
  await put('variant', variants[0]!.id, 'fr', { title: 'Noir', option1_name: 'Couleur', option1_value: 'Noir' });
  await put('variant', variants[1]!.id, 'fr', { option1_value: 'Fauve' });
  await put('category', category.id, 'fr', { name: 'Chaussures' });
  await put('collection', collection.id, 'fr', { name: 'Hiver' });
  await put('product_metafields', product.id, 'fr', { 'care.instructions': 'Essuyer' });
  return { ...shop, slug: 'boot' };
}

const productIn = async (shop: TestStore, query = '') => {
  const res = await get(t.app, `/v1/store/products/boot${query}`, shop.publicKey);
  expect(res.status, res.raw).toBe(200);
  const d = res.body.data;
  return {
    language: res.headers['content-language'],
    title: d.title,
    excerpt: d.excerpt,
    description: d.description,
    category: d.category.name,
    collections: d.collections.map((c: { name: string }) => c.name),
    options: d.options.map((o: { name: string; values: string[] }) => [o.name, o.values]),
    variants: d.variants.map((v: { title: string; option_values: Record<string, string> }) => [v.title, v.option_values]),
    metafields: d.metafields,
  };
};

const source = {
  title: 'Boot',
  excerpt: 'Boot excerpt',
  description: 'Boot description',
  category: 'Footwear',
  collections: ['Winter'],
  options: [['Colour', ['Black', 'Tan']]],
  variants: [
    ['Black', { Colour: 'Black' }],
    ['Tan', { Colour: 'Tan' }],
  ],
  metafields: { 'care.instructions': 'Wipe clean' },
};

describe('GET /v1/store/products/{slug} in a translated locale', () => {
  it('serves every translated field, falling back field by field to the source, with Content-Language', async () => {
    const shop = await translatedShop();
    expect(await productIn(shop, '?locale=fr')).toEqual({
      language: 'fr',
      title: 'Botte',
      excerpt: 'Boot excerpt',
      description: 'Une botte',
      category: 'Chaussures',
      collections: ['Hiver'],
      options: [['Couleur', ['Noir', 'Fauve']]],
      variants: [
        ['Noir', { Couleur: 'Noir' }],
        ['Tan', { Couleur: 'Fauve' }],
      ],
      metafields: { 'care.instructions': 'Essuyer' },
    });
    expect(await productIn(shop)).toEqual({ language: 'en', ...source });
  });

  it('answers the primary for an unpublished or unknown locale, and follows a primary change', async () => {
    const shop = await translatedShop();
    expect(await productIn(shop, '?locale=de')).toEqual({ language: 'en', ...source });
    expect(await productIn(shop, '?locale=xx')).toEqual({ language: 'en', ...source });
    expect((await send(t.app, shop.privateKey, 'PATCH', '/locales/de', { published: true })).status).toBe(200);
    expect(await productIn(shop, '?locale=DE')).toMatchObject({ language: 'de', title: 'Stiefel', description: 'Boot description', category: 'Footwear' });
    // The source text is the primary locale's: made primary, fr reads the source and its translations rest.
    expect((await send(t.app, shop.privateKey, 'PATCH', '/locales/fr', { primary: true })).status).toBe(200);
    expect(await productIn(shop)).toEqual({ language: 'fr', ...source });
    expect(await productIn(shop, '?locale=fr')).toEqual({ language: 'fr', ...source });
    expect(await productIn(shop, '?locale=en')).toEqual({ language: 'en', ...source });
  });

  it('serves the product cards and collection names of lists in the locale', async () => {
    const shop = await translatedShop();
    const cards = await get(t.app, '/v1/store/products?locale=fr', shop.publicKey);
    expect(cards.headers['content-language']).toBe('fr');
    expect(cards.body.data.map((p: { title: string }) => p.title)).toEqual(['Botte']);
    const collections = await get(t.app, '/v1/store/collections?locale=fr', shop.publicKey);
    expect(collections.headers['content-language']).toBe('fr');
    expect(collections.body.data.map((c: { name: string; description: string }) => [c.name, c.description])).toEqual([['Hiver', 'Cold days']]);
  });
});

describe('posts and metaobjects', () => {
  it('serves their translations in the locale', async () => {
    const shop = await translatedShop();
    const post = await t.database.prisma.post.create({
      data: {
        storeId: shop.store.id,
        slug: 'news',
        title: 'News',
        excerpt: 'Short',
        markdown: 'Body',
        status: 'published',
        publishedAt: new Date('2020-01-01T00:00:00Z'),
      },
    });
    await send(t.app, shop.privateKey, 'PUT', `/translations/post/${post.id}`, { locale: 'fr', fields: { title: 'Nouvelles', markdown: 'Corps' } });
    const read = await get(t.app, '/v1/store/posts/news?locale=fr', shop.publicKey);
    expect(read.headers['content-language']).toBe('fr');
    expect([read.body.data.title, read.body.data.excerpt, read.body.data.content]).toEqual([
      'Nouvelles',
      'Short',
      [{ type: 'markdown', data: { markdown: 'Corps' } }],
    ]);

    const definition = {
      type: 'fabric',
      name: 'Fabric',
      storefront_visible: true,
      fields: [
        { key: 'title', name: 'Title', type: 'text' },
        { key: 'weight', name: 'Weight', type: 'number' },
      ],
    };
    expect((await send(t.app, shop.privateKey, 'POST', '/metaobject-definitions', definition)).status).toBe(201);
    const entry = await send(t.app, shop.privateKey, 'POST', '/metaobjects', { type: 'fabric', handle: 'wool', fields: { title: 'Wool', weight: 300 } });
    expect(entry.status, entry.raw).toBe(201);
    const resource = await get(t.app, `/api/v1/merchant/translatable-resources/metaobject/${entry.body.data.id}`, shop.privateKey);
    expect(resource.body.data.fields.map((f: { key: string }) => f.key)).toEqual(['title']);
    await send(t.app, shop.privateKey, 'PUT', `/translations/metaobject/${entry.body.data.id}`, { locale: 'fr', fields: { title: 'Laine' } });
    const fabric = await get(t.app, '/v1/store/metaobjects/fabric/wool?locale=fr', shop.publicKey);
    expect(fabric.headers['content-language']).toBe('fr');
    expect(fabric.body.data.fields).toMatchObject({ title: 'Laine', weight: 300 });
  });
});

describe('the catalogue read cache', () => {
  it('keeps one answer per language and serves a translation write at once', async () => {
    const shop = await translatedShop();
    const titles = async () => [(await productIn(shop)).title, (await productIn(shop, '?locale=fr')).title, (await productIn(shop, '?locale=de')).title];
    expect(await titles()).toEqual(['Boot', 'Botte', 'Boot']);
    expect(await titles()).toEqual(['Boot', 'Botte', 'Boot']);
    const product = await t.database.prisma.product.findFirstOrThrow({ where: { storeId: shop.store.id } });
    await send(t.app, shop.privateKey, 'PUT', `/translations/product/${product.id}`, { locale: 'fr', fields: { title: 'Grande botte' } });
    expect(await titles()).toEqual(['Boot', 'Grande botte', 'Boot']);
    await send(t.app, shop.privateKey, 'DELETE', `/translations/product/${product.id}?locale=fr&keys=title`);
    expect(await titles()).toEqual(['Boot', 'Boot', 'Boot']);
    expect((await productIn(shop, '?locale=fr')).description).toBe('Une botte');
  });

  it('keeps GraphQL answers per locale argument too', async () => {
    const shop = await translatedShop();
    const query = (locale: string) => `{ product(slug: "boot", locale: "${locale}") { title options { name values } variants { title optionValues } } }`;
    const read = async (locale: string) => (await graphql(t.app, shop.publicKey, query(locale))).body.data.product;
    const fr = {
      title: 'Botte',
      options: [{ name: 'Couleur', values: ['Noir', 'Fauve'] }],
      variants: [
        { title: 'Noir', optionValues: { Couleur: 'Noir' } },
        { title: 'Tan', optionValues: { Couleur: 'Fauve' } },
      ],
    };
    const en = {
      title: 'Boot',
      options: [{ name: 'Colour', values: ['Black', 'Tan'] }],
      variants: [
        { title: 'Black', optionValues: { Colour: 'Black' } },
        { title: 'Tan', optionValues: { Colour: 'Tan' } },
      ],
    };
    expect(await read('fr')).toEqual(fr);
    expect(await read('en')).toEqual(en);
    expect(await read('fr')).toEqual(fr);
  });
});
