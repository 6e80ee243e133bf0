import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphql } from '../support/http.js';
import { makeKey, makeStore, type TestStore } from '../support/stores.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

// merchant.locales and the locale mutations: REST's rules, a caller's mistakes as userErrors.

let t: TestApp;
let shop: TestStore;

beforeAll(async () => {
  t = await startTestApp({ RATE_LIMIT_GRAPHQL: '0' });
  shop = await makeStore(t.database, { locales: ['en'] });
});
afterAll(() => t.close());

const userErrors = 'userErrors { field code message }';
const run = async (query: string, variables: Record<string, unknown> = {}, key = shop.privateKey) => {
  const res = await graphql(t.app, key, query, variables);
  expect(res.body.errors, res.raw).toBeUndefined();
  return res.body.data;
};

describe('merchant locales in GraphQL', () => {
  it('add, publish, make primary, delete, and list; shop.locales follows', async () => {
    const added = await run(`mutation { localeAdd(code: "fr") { locale { code published isPrimary } ${userErrors} } }`);
    expect(added.localeAdd).toEqual({ locale: { code: 'fr', published: false, isPrimary: false }, userErrors: [] });
    expect((await run(`{ shop { locales { code } } }`, {}, shop.publicKey)).shop.locales).toEqual([{ code: 'en' }]);

    const primary = await run(`mutation { localeUpdate(code: "fr", primary: true) { locale { code published isPrimary } ${userErrors} } }`);
    expect(primary.localeUpdate.locale).toEqual({ code: 'fr', published: true, isPrimary: true });
    expect((await run(`{ shop { locales { code isPrimary } } }`, {}, shop.publicKey)).shop.locales).toEqual([
      { code: 'fr', isPrimary: true },
      { code: 'en', isPrimary: false },
    ]);

    expect((await run(`mutation { localeUpdate(code: "fr", published: false) { locale { code } ${userErrors} } }`)).localeUpdate).toEqual({
      locale: null,
      userErrors: [{ field: 'published', code: 'validation_failed', message: 'cannot be false on the primary locale' }],
    });
    expect((await run(`mutation { localeAdd(code: "xx-nowhere") { locale { code } ${userErrors} } }`)).localeAdd.userErrors[0].field).toBe('code');
    expect((await run(`mutation { localeDelete(code: "fr") { deletedCode ${userErrors} } }`)).localeDelete.userErrors[0]).toMatchObject({ field: 'code' });
    expect((await run(`mutation { localeDelete(code: "en") { deletedCode ${userErrors} } }`)).localeDelete).toEqual({ deletedCode: 'en', userErrors: [] });
    expect((await run(`{ merchant { locales { code isPrimary published } } }`)).merchant.locales).toEqual([{ code: 'fr', isPrimary: true, published: true }]);
  });

  it('need their scopes', async () => {
    const key = await makeKey(t.database, { store: shop.store.slug, kind: 'private', scopes: ['merchant-locales-read'] });
    const res = await graphql(
      t.app,
      key,
      `
        mutation {
          localeAdd(code: "de") {
            locale {
              code
            }
          }
        }
      `,
    );
    expect(res.body.errors[0].extensions.code).toBe('insufficient_scope');
  });
});
