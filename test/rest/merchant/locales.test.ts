import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectFailure, expectValidation } from '../../support/failure.js';
import { call, get } from '../../support/http.js';
import { makeKey, makeStore, type TestStore } from '../../support/stores.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';
import { MERCHANT, outboxOf, send } from '../../support/writes.js';

// GET|POST /locales (merchant-locales-read / -write), PATCH|DELETE /locales/{locale}, and how
// every localized storefront read follows them: published, unpublished, unknown, primary changed.

let t: TestApp;
let other: TestStore;

beforeAll(async () => {
  t = await startTestApp({ RATE_LIMIT_MERCHANT: '0', RATE_LIMIT_STOREFRONT: '0' });
  other = await makeStore(t.database, { locales: ['en', 'fr'] });
});
afterAll(() => t.close());

const codesOf = (res: { body: { data: { locale: string }[] } }) => res.body.data.map((l) => l.locale);

describe('GET /locales', () => {
  it('lists every locale, published or not, primary first', async () => {
    const shop = await makeStore(t.database, { locales: ['en', 'fr', 'de'] });
    await t.database.prisma.storeLocale.updateMany({ where: { storeId: shop.store.id, code: 'de' }, data: { published: false } });
    const res = await get(t.app, `${MERCHANT}/locales`, shop.privateKey);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      status: 'success',
      message: 'Locales',
      data: [
        {
          locale: 'en',
          name: 'English',
          native_name: 'English',
          is_primary: true,
          path_prefix: '',
          hreflang: 'en',
          html_lang: 'en',
          dir: 'ltr',
          published: true,
          position: 0,
        },
        {
          locale: 'fr',
          name: 'French',
          native_name: 'français',
          is_primary: false,
          path_prefix: '/fr',
          hreflang: 'fr',
          html_lang: 'fr',
          dir: 'ltr',
          published: true,
          position: 1,
        },
        {
          locale: 'de',
          name: 'German',
          native_name: 'Deutsch',
          is_primary: false,
          path_prefix: '/de',
          hreflang: 'de',
          html_lang: 'de',
          dir: 'ltr',
          published: false,
          position: 2,
        },
      ],
    });
    const readOnly = await makeKey(t.database, { store: shop.store.slug, kind: 'private', scopes: ['merchant-locales-write'] });
    expectFailure(await get(t.app, `${MERCHANT}/locales`, readOnly), 403, 'insufficient_scope');
  });
});

describe('POST /locales', () => {
  it('adds a known locale unpublished by default, spelled as the list spells it, with Location and an event', async () => {
    const shop = await makeStore(t.database);
    const res = await send(t.app, shop.privateKey, 'POST', '/locales', { code: 'PT-br' });
    expect(res.status).toBe(201);
    expect(res.headers.location).toBe(`${MERCHANT}/locales/pt-BR`);
    expect(res.body.data).toMatchObject({ locale: 'pt-BR', name: 'Brazilian Portuguese', is_primary: false, published: false, position: 1 });
    expect((await send(t.app, shop.privateKey, 'POST', '/locales', { code: 'ar', published: true })).body.data).toMatchObject({ dir: 'rtl', published: true });
    expect((await outboxOf(t.database, shop.store)).filter((e) => e.topic.startsWith('locales/'))).toEqual([
      { topic: 'locales/create', payload: { code: 'pt-BR' } },
      { topic: 'locales/create', payload: { code: 'ar' } },
    ]);
    expect(codesOf(await get(t.app, '/v1/store/locales', shop.publicKey))).toEqual(['en', 'ar']);
  });

  it('answers 409 for a locale the store has, 422 for an unknown code or field', async () => {
    const shop = await makeStore(t.database, { locales: ['en', 'fr'] });
    expectFailure(await send(t.app, shop.privateKey, 'POST', '/locales', { code: 'FR' }), 409, 'conflict', 'The store has the locale fr already.');
    expectValidation(await send(t.app, shop.privateKey, 'POST', '/locales', { code: 'klingon' }), 'code');
    expectValidation(await send(t.app, shop.privateKey, 'POST', '/locales', {}), 'code');
    expectValidation(await send(t.app, shop.privateKey, 'POST', '/locales', { code: 'de', primary: true }), 'primary');
    expectValidation(await send(t.app, shop.privateKey, 'POST', '/locales', { code: 'de', published: 'yes' }), 'published');
    expect(await t.database.prisma.storeLocale.count({ where: { storeId: shop.store.id } })).toBe(2);
  });

  it('is idempotent under Idempotency-Key', async () => {
    const shop = await makeStore(t.database);
    const add = () =>
      call(t.app, {
        method: 'POST',
        url: `${MERCHANT}/locales`,
        key: shop.privateKey,
        headers: { 'content-type': 'application/json', 'idempotency-key': 'locale-once' },
        payload: JSON.stringify({ code: 'fr' }),
      });
    const first = await add();
    const again = await add();
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.raw).toBe(first.raw);
  });
});

describe('PATCH /locales/{locale} and the localized reads', () => {
  it('publishes, unpublishes and changes the primary; every localized read follows', async () => {
    const shop = await makeStore(t.database, { locales: ['en'] });
    const post = await t.database.prisma.post.create({
      data: { storeId: shop.store.id, slug: 'hello', title: 'Hello', markdown: 'x', status: 'published', publishedAt: new Date('2020-01-01T00:00:00Z') },
    });
    await send(t.app, shop.privateKey, 'POST', '/locales', { code: 'fr' });
    await t.database.prisma.translation.create({
      data: { storeId: shop.store.id, resourceType: 'post', resourceId: post.id, locale: 'fr', fields: { title: 'Bonjour' } },
    });
    const read = async (locale?: string) => {
      const res = await get(t.app, `/v1/store/posts/hello${locale ? `?locale=${locale}` : ''}`, shop.publicKey);
      return [res.headers['content-language'], res.body.data.title];
    };

    expect(await read('fr')).toEqual(['en', 'Hello']);
    expect(await read('xx')).toEqual(['en', 'Hello']);

    const published = await send(t.app, shop.privateKey, 'PATCH', '/locales/FR', { published: true });
    expect(published.status).toBe(200);
    expect(published.body.data).toMatchObject({ locale: 'fr', published: true, is_primary: false });
    expect(await read('fr')).toEqual(['fr', 'Bonjour']);
    expect(codesOf(await get(t.app, '/v1/store/locales', shop.publicKey))).toEqual(['en', 'fr']);

    const primary = await send(t.app, shop.privateKey, 'PATCH', '/locales/fr', { primary: true });
    expect(primary.body.data).toMatchObject({ locale: 'fr', is_primary: true, published: true, path_prefix: '' });
    // The primary locale is the language of the source text: the store's own text is served as fr
    // now, fr's translations rest unused while fr is primary, and en reads the source field by field.
    expect(await read()).toEqual(['fr', 'Hello']);
    expect(await read('en')).toEqual(['en', 'Hello']);
    expect(codesOf(await get(t.app, '/v1/store/locales', shop.publicKey))).toEqual(['fr', 'en']);

    await send(t.app, shop.privateKey, 'PATCH', '/locales/en', { published: false });
    expect(await read('en')).toEqual(['fr', 'Hello']);
    expect(codesOf(await get(t.app, '/v1/store/locales', shop.publicKey))).toEqual(['fr']);
    await send(t.app, shop.privateKey, 'PATCH', '/locales/en', { primary: true });
    expect(await read('fr')).toEqual(['fr', 'Bonjour']);
    expect((await outboxOf(t.database, shop.store)).filter((e) => e.topic === 'locales/update')).toHaveLength(4);
  });

  it('refuses to unpublish the primary or to set primary false, by field, with 422', async () => {
    const shop = await makeStore(t.database, { locales: ['en', 'fr'] });
    expectValidation(await send(t.app, shop.privateKey, 'PATCH', '/locales/en', { published: false }), 'published');
    expectValidation(await send(t.app, shop.privateKey, 'PATCH', '/locales/en', { primary: false }), 'primary');
    expectValidation(await send(t.app, shop.privateKey, 'PATCH', '/locales/fr', { published: 'maybe' }), 'published');
    expect(await t.database.prisma.storeLocale.findFirstOrThrow({ where: { storeId: shop.store.id, code: 'en' } })).toMatchObject({
      isPrimary: true,
      published: true,
    });
  });

  it("answers 404 for a locale the store does not have and for another store's", async () => {
    const shop = await makeStore(t.database, { locales: ['en'] });
    expectFailure(await send(t.app, shop.privateKey, 'PATCH', '/locales/fr', { published: true }), 404, 'not_found', 'Locale not found.');
    expectFailure(await send(t.app, shop.privateKey, 'DELETE', '/locales/fr'), 404, 'not_found', 'Locale not found.');
    expect(await t.database.prisma.storeLocale.findFirstOrThrow({ where: { storeId: other.store.id, code: 'fr' } })).toMatchObject({ published: true });
  });
});

describe('DELETE /locales/{locale}', () => {
  it('removes the locale and its translations; the primary cannot be deleted', async () => {
    const shop = await makeStore(t.database, { locales: ['en', 'fr', 'de'] });
    await t.database.prisma.translation.createMany({
      data: [
        { storeId: shop.store.id, resourceType: 'post', resourceId: crypto.randomUUID(), locale: 'fr', fields: { title: 'x' } },
        { storeId: shop.store.id, resourceType: 'post', resourceId: crypto.randomUUID(), locale: 'de', fields: { title: 'y' } },
      ],
    });
    const res = await send(t.app, shop.privateKey, 'DELETE', '/locales/fr');
    expect(res.body).toEqual({ status: 'success', message: 'Locale deleted', data: { locale: 'fr', deleted: true, translations_deleted: true } });
    expect(await t.database.prisma.translation.findMany({ where: { storeId: shop.store.id }, select: { locale: true } })).toEqual([{ locale: 'de' }]);
    expect(codesOf(await get(t.app, `${MERCHANT}/locales`, shop.privateKey))).toEqual(['en', 'de']);
    expectValidation(await send(t.app, shop.privateKey, 'DELETE', '/locales/en'), 'locale');
    expect((await outboxOf(t.database, shop.store)).filter((e) => e.topic === 'locales/delete')).toEqual([
      { topic: 'locales/delete', payload: { code: 'fr' } },
    ]);
  });
});
