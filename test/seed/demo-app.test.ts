import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAppSlug, seedDemoApp } from '../../src/seed/demo-app.js';
import { graphql } from '../support/http.js';
import { makeStore } from '../support/stores.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

// Issue 20: the demo store gets one installed app with a setup sheet, which GraphiQL shows the merchant.

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('seedDemoApp', () => {
  it('installs the demo app with a setup sheet and an alert, visible to the merchant through GraphQL', async () => {
    const shop = await makeStore(t.database);
    await seedDemoApp({ db: t.database.prisma, now: new Date() }, shop.store);
    const res = await graphql(t.app, shop.privateKey, '{ merchant { appInstallations { appSlug setupSheet { status items { key value } } alerts { title } } } }');
    expect(res.body).toEqual({
      data: {
        merchant: {
          appInstallations: [
            {
              appSlug: demoAppSlug,
              setupSheet: {
                status: 'connected',
                items: [
                  { key: 'carrier_account', value: 'ACME-204-55' },
                  { key: 'tracking_page', value: 'https://track.example/demo' },
                ],
              },
              alerts: [{ title: 'Rates synced' }],
            },
          ],
        },
      },
    });
  });
});
