import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '../support/catalog.js';
import { graphql } from '../support/http.js';
import { makeKey, makeStore, type TestStore } from '../support/stores.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

// merchant.translatableResources / translatableResource and translationsRegister /
// translationsRemove: REST's rules, a caller's mistakes as userErrors, the same scopes.

let t: TestApp;
let shop: TestStore;
let productId: string;

beforeAll(async () => {
  t = await startTestApp({ RATE_LIMIT_GRAPHQL: '0' });
  shop = await makeStore(t.database, { locales: ['en', 'fr'] });
  productId = (await createProduct(t.database, shop.store, { title: 'Boot' })).id;
});
afterAll(() => t.close());

const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const userErrors = 'userErrors { field code message }';
const resource = 'resourceType resourceId translatableContent { key value digest } locales { locale published translations { key value digest outdated } }';
const run = async (query: string, variables: Record<string, unknown> = {}, key = shop.privateKey) => {
  const res = await graphql(t.app, key, query, variables);
  expect(res.body.errors, res.raw).toBeUndefined();
  return res.body.data;
};

const REGISTER = `mutation ($id: String!, $locale: String!, $translations: [TranslationInput!]!) {
  translationsRegister(resourceType: PRODUCT, resourceId: $id, locale: $locale, translations: $translations) { translatableResource { ${resource} } ${userErrors} }
}`;
const REMOVE = `mutation ($id: String!, $keys: [String!]) {
  translationsRemove(resourceType: PRODUCT, resourceId: $id, locale: "fr", keys: $keys) { removedKeys ${userErrors} }
}`;

describe('merchant translations in GraphQL', () => {
  it('register, read with digests and outdated flags, list, and remove', async () => {
    const registered = await run(REGISTER, { id: productId, locale: 'fr', translations: [{ key: 'title', value: 'Botte' }] });
    expect(registered.translationsRegister).toEqual({
      translatableResource: {
        resourceType: 'PRODUCT',
        resourceId: productId,
        translatableContent: [
          { key: 'title', value: 'Boot', digest: digest('Boot') },
          { key: 'excerpt', value: 'Boot excerpt', digest: digest('Boot excerpt') },
          { key: 'description', value: 'Boot description', digest: digest('Boot description') },
        ],
        locales: [{ locale: 'fr', published: true, translations: [{ key: 'title', value: 'Botte', digest: digest('Boot'), outdated: false }] }],
      },
      userErrors: [],
    });
    await t.database.prisma.product.update({ where: { id: productId }, data: { title: 'Boot II' } });
    const read = await run(`{ merchant { translatableResource(resourceType: PRODUCT, resourceId: "${productId}") { ${resource} } } }`);
    expect(read.merchant.translatableResource.locales[0].translations[0].outdated).toBe(true);
    const list = await run(
      `{ merchant { translatableResources(resourceType: PRODUCT, first: 5) { edges { node { resourceId } } pageInfo { hasNextPage } } } }`,
    );
    expect(list.merchant.translatableResources).toEqual({ edges: [{ node: { resourceId: productId } }], pageInfo: { hasNextPage: false } });
    expect((await run(REMOVE, { id: productId, keys: ['title'] })).translationsRemove).toEqual({ removedKeys: ['title'], userErrors: [] });
    expect((await run(REMOVE, { id: productId })).translationsRemove).toEqual({ removedKeys: [], userErrors: [] });
  });

  it('answers mistakes as userErrors naming the argument, and null for another store', async () => {
    const other = await makeStore(t.database, { locales: ['en', 'fr'] });
    const foreign = (await createProduct(t.database, other.store, { title: 'Theirs' })).id;
    const bad = await run(REGISTER, { id: productId, locale: 'fr', translations: [{ key: 'colour', value: 'Noir' }] });
    expect(bad.translationsRegister.translatableResource).toBeNull();
    expect(bad.translationsRegister.userErrors).toEqual([
      {
        field: 'translations.colour',
        code: 'validation_failed',
        message: 'is not a translatable field of this product (its fields: title, excerpt, description)',
      },
    ]);
    expect((await run(REGISTER, { id: productId, locale: 'en', translations: [{ key: 'title', value: 'x' }] })).translationsRegister.userErrors[0].field).toBe(
      'locale',
    );
    expect((await run(REGISTER, { id: productId, locale: 'fr', translations: [] })).translationsRegister.userErrors[0].field).toBe('translations');
    expect((await run(REGISTER, { id: foreign, locale: 'fr', translations: [{ key: 'title', value: 'x' }] })).translationsRegister.userErrors[0].code).toBe(
      'not_found',
    );
    expect((await run(REMOVE, { id: productId, keys: ['colour'] })).translationsRemove.userErrors[0].field).toBe('keys.colour');
    expect(
      (await run(`{ merchant { translatableResource(resourceType: PRODUCT, resourceId: "${foreign}") { resourceId } } }`)).merchant.translatableResource,
    ).toBeNull();
  });

  it('need their scopes', async () => {
    const readOnly = await makeKey(t.database, { store: shop.store.slug, kind: 'private', scopes: ['merchant-translations-read'] });
    const write = await graphql(t.app, readOnly, REGISTER, { id: productId, locale: 'fr', translations: [{ key: 'title', value: 'x' }] });
    expect(write.body.errors[0].extensions.code).toBe('insufficient_scope');
    const writeOnly = await makeKey(t.database, { store: shop.store.slug, kind: 'private', scopes: ['merchant-translations-write'] });
    const read = await graphql(
      t.app,
      writeOnly,
      `
        {
          merchant {
            translatableResources(resourceType: PRODUCT) {
              edges {
                cursor
              }
            }
          }
        }
      `,
    );
    expect(read.body.errors[0].extensions.code).toBe('insufficient_scope');
  });
});
