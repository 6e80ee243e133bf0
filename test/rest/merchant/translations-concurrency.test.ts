import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '../../support/catalog.js';
import { get } from '../../support/http.js';
import { makeStore, type TestStore } from '../../support/stores.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';
import { MERCHANT, outboxOf, send } from '../../support/writes.js';

// Translation writes to one resource and locale sent at once. PGlite runs one transaction at a
// time, so the race is real only on PostgreSQL (TEST_DATABASE_URL); the embedded run checks the
// same end state one write after another.

let t: TestApp;
let shop: TestStore;

beforeAll(async () => {
  t = await startTestApp({ RATE_LIMIT_MERCHANT: '0' });
  shop = await makeStore(t.database, { locales: ['en', 'fr'] });
});
afterAll(() => t.close());

describe('PUT /translations/{type}/{id}, one key each, all at once', () => {
  it('keeps every key: the writes merge one after another on the locked row', async () => {
    const product = await createProduct(t.database, shop.store, { title: 'Boot' });
    const keys = { title: 'Botte', excerpt: 'Extrait', description: 'Une botte' };
    const answers = await Promise.all(
      Object.entries(keys).flatMap(([key, text]) =>
        [1, 2].map(() => send(t.app, shop.privateKey, 'PUT', `/translations/product/${product.id}`, { locale: 'fr', fields: { [key]: text } })),
      ),
    );
    expect(answers.filter((a) => a.status !== 200).map((a) => a.raw)).toEqual([]);
    const read = await get(t.app, `${MERCHANT}/translatable-resources/product/${product.id}`, shop.privateKey);
    expect(Object.fromEntries(read.body.data.translations[0].fields.map((f: { key: string; value: string }) => [f.key, f.value]))).toEqual(keys);
    expect(await t.database.prisma.translation.count({ where: { resourceId: product.id } })).toBe(1);
    expect((await outboxOf(t.database, shop.store)).filter((e) => e.topic === 'translations/update')).toHaveLength(6);
  });
});
