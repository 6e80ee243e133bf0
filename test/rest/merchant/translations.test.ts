import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '../../support/catalog.js';
import { expectFailure, expectValidation } from '../../support/failure.js';
import { call, get } from '../../support/http.js';
import { makeKey, makeStore, type TestStore } from '../../support/stores.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';
import { MERCHANT, outboxOf, send } from '../../support/writes.js';

// GET /translatable-resources (merchant-translations-read), GET /translatable-resources/{type}/{id},
// PUT and DELETE /translations/{type}/{id} (merchant-translations-write): digests, outdated,
// refusals by name, tenancy and idempotency.

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ RATE_LIMIT_MERCHANT: '0', RATE_LIMIT_STOREFRONT: '0' });
});
afterAll(() => t.close());

const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

async function boutique(): Promise<TestStore & { productId: string }> {
  const shop = await makeStore(t.database, { locales: ['en', 'fr', 'de'] });
  await t.database.prisma.storeLocale.updateMany({ where: { storeId: shop.store.id, code: 'de' }, data: { published: false } });
  const product = await createProduct(t.database, shop.store, {
    title: 'Boot',
    options: { Colour: ['Black', 'Tan'], Size: ['40', '41'] },
    variants: [
      { title: 'Black / 40', optionValues: { Colour: 'Black', Size: '40' }, price: '90.00' },
      { title: 'Tan / 41', optionValues: { Colour: 'Tan', Size: '41' }, price: '95.00' },
    ],
  });
  return { ...shop, productId: product.id };
}

describe('GET /translatable-resources/{type}/{id}', () => {
  it("answers each field's source and digest and every other locale's translations, empty at first", async () => {
    const shop = await boutique();
    const res = await get(t.app, `${MERCHANT}/translatable-resources/product/${shop.productId}`, shop.privateKey);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      status: 'success',
      message: 'Translatable resource',
      data: {
        type: 'product',
        id: shop.productId,
        fields: [
          { key: 'title', value: 'Boot', digest: digest('Boot') },
          { key: 'excerpt', value: 'Boot excerpt', digest: digest('Boot excerpt') },
          { key: 'description', value: 'Boot description', digest: digest('Boot description') },
        ],
        translations: [
          { locale: 'fr', published: true, fields: [], updated_at: null },
          { locale: 'de', published: false, fields: [], updated_at: null },
        ],
      },
    });
  });

  it("offers a variant's title and its product's option names and values by position", async () => {
    const shop = await boutique();
    const variant = await t.database.prisma.variant.findFirstOrThrow({ where: { productId: shop.productId, title: 'Tan / 41' } });
    const res = await get(t.app, `${MERCHANT}/translatable-resources/variant/${variant.id}`, shop.privateKey);
    expect(res.body.data.fields.map((f: { key: string; value: string }) => [f.key, f.value])).toEqual([
      ['title', 'Tan / 41'],
      ['option1_name', 'Colour'],
      ['option1_value', 'Tan'],
      ['option2_name', 'Size'],
      ['option2_value', '41'],
    ]);
  });

  it("answers 404 for another store's resource, a missing one or a malformed id, and 422 for an unknown type", async () => {
    const shop = await boutique();
    const other = await boutique();
    expectFailure(await get(t.app, `${MERCHANT}/translatable-resources/product/${other.productId}`, shop.privateKey), 404, 'not_found');
    expectFailure(await get(t.app, `${MERCHANT}/translatable-resources/collection/${shop.productId}`, shop.privateKey), 404, 'not_found');
    expectFailure(await get(t.app, `${MERCHANT}/translatable-resources/product/nope`, shop.privateKey), 404, 'not_found');
    expectValidation(await get(t.app, `${MERCHANT}/translatable-resources/widget/${shop.productId}`, shop.privateKey), 'type');
  });

  it('reads a translation stored without a digest (before digests were kept) as outdated, and a deleted product as 404', async () => {
    const shop = await boutique();
    await t.database.prisma.translation.create({
      data: { storeId: shop.store.id, resourceType: 'product', resourceId: shop.productId, locale: 'fr', fields: { title: 'Botte' } },
    });
    const res = await get(t.app, `${MERCHANT}/translatable-resources/product/${shop.productId}`, shop.privateKey);
    expect(res.body.data.translations[0].fields).toEqual([{ key: 'title', value: 'Botte', digest: null, outdated: true }]);
    await t.database.prisma.product.update({ where: { id: shop.productId }, data: { deletedAt: new Date() } });
    expectFailure(await get(t.app, `${MERCHANT}/translatable-resources/product/${shop.productId}`, shop.privateKey), 404, 'not_found');
  });

  it('needs merchant-translations-read', async () => {
    const shop = await boutique();
    const writeOnly = await makeKey(t.database, { store: shop.store.slug, kind: 'private', scopes: ['merchant-translations-write'] });
    expectFailure(await get(t.app, `${MERCHANT}/translatable-resources/product/${shop.productId}`, writeOnly), 403, 'insufficient_scope');
    expectFailure(await get(t.app, `${MERCHANT}/translatable-resources?type=product`, writeOnly), 403, 'insufficient_scope');
  });
});

describe('GET /translatable-resources', () => {
  it('walks the resources of one type by uuid with a cursor bound to the type', async () => {
    const shop = await boutique();
    for (const title of ['Hat', 'Scarf']) await createProduct(t.database, shop.store, { title });
    const ids = (await t.database.prisma.product.findMany({ where: { storeId: shop.store.id }, select: { id: true } })).map((p) => p.id).sort();
    const first = await get(t.app, `${MERCHANT}/translatable-resources?type=product&limit=2`, shop.privateKey);
    expect(first.status).toBe(200);
    expect(first.body.data.map((r: { id: string }) => r.id)).toEqual(ids.slice(0, 2));
    expect(first.body.has_more).toBe(true);
    const second = await get(t.app, `${MERCHANT}/translatable-resources?type=product&limit=2&starting_after=${first.body.next_cursor}`, shop.privateKey);
    expect(second.body.data.map((r: { id: string }) => r.id)).toEqual(ids.slice(2));
    expect(second.body.has_more).toBe(false);
    expectFailure(
      await get(t.app, `${MERCHANT}/translatable-resources?type=variant&starting_after=${first.body.next_cursor}`, shop.privateKey),
      422,
      'starting_after_invalid',
    );
    expectValidation(await get(t.app, `${MERCHANT}/translatable-resources`, shop.privateKey), 'type');
    expectValidation(await get(t.app, `${MERCHANT}/translatable-resources?type=product&limit=500`, shop.privateKey), 'limit');
  });

  it('lists a type with translations in the same shape as the single read', async () => {
    const shop = await boutique();
    await send(t.app, shop.privateKey, 'PUT', `/translations/product/${shop.productId}`, { locale: 'fr', fields: { title: 'Botte' } });
    const res = await get(t.app, `${MERCHANT}/translatable-resources?type=product`, shop.privateKey);
    const single = await get(t.app, `${MERCHANT}/translatable-resources/product/${shop.productId}`, shop.privateKey);
    expect(res.body.data).toEqual([single.body.data]);
  });
});

describe('PUT /translations/{type}/{id}', () => {
  it('writes the keys sent with their source digests, keeps the others, and records translations/update', async () => {
    const shop = await boutique();
    const url = `/translations/product/${shop.productId}`;
    const res = await send(t.app, shop.privateKey, 'PUT', url, { locale: 'fr', fields: { title: 'Botte', description: 'Une botte' } });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Translations saved');
    expect(res.body.data.translations[0]).toEqual({
      locale: 'fr',
      published: true,
      fields: [
        { key: 'description', value: 'Une botte', digest: digest('Boot description'), outdated: false },
        { key: 'title', value: 'Botte', digest: digest('Boot'), outdated: false },
      ],
      updated_at: expect.any(String),
    });
    await send(t.app, shop.privateKey, 'PUT', url, { locale: 'FR', fields: { title: 'La botte' } });
    const read = await get(t.app, `${MERCHANT}/translatable-resources/product/${shop.productId}`, shop.privateKey);
    expect(read.body.data.translations[0].fields.map((f: { key: string; value: string }) => [f.key, f.value])).toEqual([
      ['description', 'Une botte'],
      ['title', 'La botte'],
    ]);
    expect((await outboxOf(t.database, shop.store)).filter((e) => e.topic.startsWith('translations/'))).toEqual([
      { topic: 'translations/update', payload: { type: 'product', id: shop.productId, locale: 'fr', keys: ['description', 'title'] } },
      { topic: 'translations/update', payload: { type: 'product', id: shop.productId, locale: 'fr', keys: ['title'] } },
    ]);
  });

  it('flags a translation outdated once its source changes, and current again when rewritten', async () => {
    const shop = await boutique();
    const url = `/translations/product/${shop.productId}`;
    await send(t.app, shop.privateKey, 'PUT', url, { locale: 'fr', fields: { title: 'Botte', excerpt: 'Extrait' } });
    const edit = await send(t.app, shop.privateKey, 'PUT', `/products/${shop.productId}`, { title: 'Boot II' });
    expect(edit.status).toBe(200);
    const read = async () => (await get(t.app, `${MERCHANT}/translatable-resources/product/${shop.productId}`, shop.privateKey)).body.data;
    const after = await read();
    expect(after.fields[0]).toEqual({ key: 'title', value: 'Boot II', digest: digest('Boot II') });
    expect(after.translations[0].fields).toEqual([
      { key: 'excerpt', value: 'Extrait', digest: digest('Boot excerpt'), outdated: false },
      { key: 'title', value: 'Botte', digest: digest('Boot'), outdated: true },
    ]);
    await send(t.app, shop.privateKey, 'PUT', url, { locale: 'fr', fields: { title: 'Botte II' } });
    expect((await read()).translations[0].fields[1]).toEqual({ key: 'title', value: 'Botte II', digest: digest('Boot II'), outdated: false });
  });

  it('refuses unknown fields, an unadded or unknown locale and the primary by name with 422, writing nothing', async () => {
    const shop = await boutique();
    const url = `/translations/product/${shop.productId}`;
    const unknownField = await send(t.app, shop.privateKey, 'PUT', url, { locale: 'fr', fields: { title: 'Botte', colour: 'Noir' } });
    expectValidation(unknownField, 'fields.colour');
    expect(unknownField.body.errors['fields.colour'][0]).toBe('is not a translatable field of this product (its fields: title, excerpt, description)');
    const unadded = await send(t.app, shop.privateKey, 'PUT', url, { locale: 'es', fields: { title: 'Bota' } });
    expectValidation(unadded, 'locale');
    expect(unadded.body.errors.locale[0]).toBe('es is not a locale of this store: add it with POST /locales first');
    expectValidation(await send(t.app, shop.privateKey, 'PUT', url, { locale: 'klingon', fields: { title: 'x' } }), 'locale');
    const primary = await send(t.app, shop.privateKey, 'PUT', url, { locale: 'en', fields: { title: 'Boot' } });
    expect(primary.body.errors.locale[0]).toBe("en is the primary locale, whose text is the resource's own: edit the resource instead");
    expectValidation(await send(t.app, shop.privateKey, 'PUT', url, { locale: 'fr', fields: {} }), 'fields');
    expectValidation(await send(t.app, shop.privateKey, 'PUT', url, { locale: 'fr', fields: { title: '  ' } }), 'fields.title');
    expectValidation(await send(t.app, shop.privateKey, 'PUT', url, { locale: 'fr', fields: { title: 'x' }, extra: 1 }), 'extra');
    expectValidation(await send(t.app, shop.privateKey, 'PUT', url, { fields: { title: 'x' } }), 'locale');
    expect(await t.database.prisma.translation.count({ where: { storeId: shop.store.id } })).toBe(0);
    expect((await outboxOf(t.database, shop.store)).filter((e) => e.topic.startsWith('translations/'))).toEqual([]);
  });

  it("answers 404 for another store's resource and needs merchant-translations-write", async () => {
    const shop = await boutique();
    const other = await boutique();
    expectFailure(
      await send(t.app, shop.privateKey, 'PUT', `/translations/product/${other.productId}`, { locale: 'fr', fields: { title: 'x' } }),
      404,
      'not_found',
    );
    const readOnly = await makeKey(t.database, { store: shop.store.slug, kind: 'private', scopes: ['merchant-translations-read'] });
    expectFailure(
      await send(t.app, readOnly, 'PUT', `/translations/product/${shop.productId}`, { locale: 'fr', fields: { title: 'x' } }),
      403,
      'insufficient_scope',
    );
    expect(await t.database.prisma.translation.count({ where: { resourceId: { in: [shop.productId, other.productId] } } })).toBe(0);
  });

  it('is idempotent under Idempotency-Key', async () => {
    const shop = await boutique();
    const put = (title: string) =>
      call(t.app, {
        method: 'PUT',
        url: `${MERCHANT}/translations/product/${shop.productId}`,
        key: shop.privateKey,
        headers: { 'content-type': 'application/json', 'idempotency-key': 'translate-once' },
        payload: JSON.stringify({ locale: 'fr', fields: { title } }),
      });
    const first = await put('Botte');
    const again = await put('Botte');
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.raw).toBe(first.raw);
    expectFailure(await put('Autre'), 409, 'idempotency_key_reuse');
    expect((await outboxOf(t.database, shop.store)).filter((e) => e.topic === 'translations/update')).toHaveLength(1);
  });
});

describe('DELETE /translations/{type}/{id}', () => {
  it('removes the keys named, then the rest of the locale, with translations/delete', async () => {
    const shop = await boutique();
    const url = `/translations/product/${shop.productId}`;
    await send(t.app, shop.privateKey, 'PUT', url, { locale: 'fr', fields: { title: 'Botte', excerpt: 'Extrait', description: 'Une botte' } });
    await send(t.app, shop.privateKey, 'PUT', url, { locale: 'de', fields: { title: 'Stiefel' } });
    const keys = await send(t.app, shop.privateKey, 'DELETE', `${url}?locale=fr&keys=title,description`);
    expect(keys.status).toBe(200);
    expect(keys.body).toEqual({
      status: 'success',
      message: 'Translations removed',
      data: { type: 'product', id: shop.productId, locale: 'fr', removed: ['description', 'title'] },
    });
    const read = async () => (await get(t.app, `${MERCHANT}/translatable-resources/product/${shop.productId}`, shop.privateKey)).body.data.translations;
    expect((await read()).map((l: { fields: { key: string }[] }) => l.fields.map((f) => f.key))).toEqual([['excerpt'], ['title']]);
    const all = await send(t.app, shop.privateKey, 'DELETE', `${url}?locale=fr`);
    expect(all.body.data.removed).toEqual(['excerpt']);
    expect((await read()).map((l: { fields: unknown[] }) => l.fields.length)).toEqual([0, 1]);
    const nothing = await send(t.app, shop.privateKey, 'DELETE', `${url}?locale=fr`);
    expect(nothing.status).toBe(200);
    expect(nothing.body.data.removed).toEqual([]);
    expect((await outboxOf(t.database, shop.store)).filter((e) => e.topic === 'translations/delete')).toEqual([
      { topic: 'translations/delete', payload: { type: 'product', id: shop.productId, locale: 'fr', keys: ['description', 'title'] } },
      { topic: 'translations/delete', payload: { type: 'product', id: shop.productId, locale: 'fr', keys: ['excerpt'] } },
    ]);
  });

  it('refuses unknown keys, an unadded locale and the primary by name; 404 for another store', async () => {
    const shop = await boutique();
    const other = await boutique();
    const url = `/translations/product/${shop.productId}`;
    expectValidation(await send(t.app, shop.privateKey, 'DELETE', `${url}?locale=fr&keys=title,colour`), 'keys.colour');
    expectValidation(await send(t.app, shop.privateKey, 'DELETE', `${url}?locale=es`), 'locale');
    expectValidation(await send(t.app, shop.privateKey, 'DELETE', `${url}?locale=en`), 'locale');
    expectValidation(await send(t.app, shop.privateKey, 'DELETE', url), 'locale');
    expectFailure(await send(t.app, shop.privateKey, 'DELETE', `/translations/product/${other.productId}?locale=fr`), 404, 'not_found');
  });
});

describe('a deleted locale', () => {
  it('takes its translations with it; added again, it starts untranslated', async () => {
    const shop = await boutique();
    await send(t.app, shop.privateKey, 'PUT', `/translations/product/${shop.productId}`, { locale: 'de', fields: { title: 'Stiefel' } });
    expect((await send(t.app, shop.privateKey, 'DELETE', '/locales/de')).status).toBe(200);
    expect((await send(t.app, shop.privateKey, 'POST', '/locales', { code: 'de' })).status).toBe(201);
    const read = await get(t.app, `${MERCHANT}/translatable-resources/product/${shop.productId}`, shop.privateKey);
    expect(read.body.data.translations).toEqual([
      { locale: 'fr', published: true, fields: [], updated_at: null },
      { locale: 'de', published: false, fields: [], updated_at: null },
    ]);
  });
});
