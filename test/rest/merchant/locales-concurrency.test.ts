import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeStore, type TestStore } from '../../support/stores.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';
import { send } from '../../support/writes.js';

// Primary changes sent at once. PGlite runs one transaction at a time, so the race is real only on
// PostgreSQL (TEST_DATABASE_URL); the embedded run checks the same answers one after another.

let t: TestApp;
let shop: TestStore;
const codes = ['en', 'fr', 'de', 'es', 'it', 'nl'];

beforeAll(async () => {
  t = await startTestApp({ RATE_LIMIT_MERCHANT: '0' });
  shop = await makeStore(t.database, { locales: codes });
});
afterAll(() => t.close());

describe('PATCH /locales/{locale} {primary: true}, for every locale at once', () => {
  it('leaves exactly one published primary, while unpublishing races leave it published', async () => {
    const answers = await Promise.all(
      codes.flatMap((code) => [
        send(t.app, shop.privateKey, 'PATCH', `/locales/${code}`, { primary: true }),
        send(t.app, shop.privateKey, 'PATCH', `/locales/${code}`, { published: false }),
      ]),
    );
    expect(answers.filter((a) => !(a.status === 200 || (a.status === 422 && a.body.error.field === 'published'))).map((a) => a.raw)).toEqual([]);
    const primaries = await t.database.prisma.storeLocale.findMany({ where: { storeId: shop.store.id, isPrimary: true } });
    expect(primaries).toHaveLength(1);
    expect(primaries[0]!.published).toBe(true);
  });
});
