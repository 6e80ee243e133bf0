import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SECRET_MASK } from '../../src/domain/messages/message-secrets.js';
import { deliveryWorker } from '../../src/messaging/delivery-worker.js';
import { recordingTransport } from '../../src/messaging/transports.js';
import { requestEmailCode } from '../support/customers.js';
import { get } from '../support/http.js';
import { makeStore, type TestStore } from '../support/stores.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

// Issue 19: sign-in codes and emails beside a running server, at GET /dev/mailbox.

let t: TestApp;
let shop: TestStore;
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined } as never;
// PostgreSQL is shared between files and runs: addresses of this run's own.
const run = randomUUID().slice(0, 8);
const ada = `ada-${run}@example.com`;
const bob = `bob-${run}@example.com`;

beforeAll(async () => {
  t = await startTestApp();
  shop = await makeStore(t.database, { name: `<b>Tom & Jerry's</b>` });
  for (const email of [ada, bob]) await requestEmailCode(t, shop.publicKey, email);
});
afterAll(() => t.close());

const codeOf = async (email: string) =>
  /code is (\d{6})/.exec((await t.database.prisma.message.findFirstOrThrow({ where: { recipient: email, template: 'otp' } })).text!)![1]!;
const json = (url: string) => get(t.app, url, undefined, { accept: 'application/json' });

describe('GET /dev/mailbox', () => {
  it('answers one recipient’s messages as JSON, the code readable while it works', async () => {
    const code = await codeOf(ada);
    const res = await json(`/dev/mailbox?to=${encodeURIComponent(ada.toUpperCase())}`);
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toEqual({
      to: ada,
      messages: [
        {
          id: expect.any(String),
          channel: 'email',
          recipient: ada,
          template: 'otp',
          status: 'pending',
          created_at: expect.stringMatching(/Z$/),
          sent_at: null,
          subject: `${code} is your <b>Tom & Jerry's</b> sign-in code`,
          text: `Your <b>Tom & Jerry's</b> sign-in code is ${code}. It expires in 5 minutes. If you did not ask for it, ignore this message.`,
        },
      ],
    });
  });

  it('lists every recipient’s newest messages without a filter', async () => {
    const res = await json('/dev/mailbox');
    expect(res.status).toBe(200);
    expect(res.body.to).toBeNull();
    expect(res.body.messages.length).toBeGreaterThanOrEqual(2);
    expect(res.body.messages.length).toBeLessThanOrEqual(20);
  });

  it('shows an HTML page with everything escaped, filtered by to', async () => {
    const code = await codeOf(bob);
    const res = await get(t.app, `/dev/mailbox?to=${encodeURIComponent(bob)}`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    expect(res.raw).toContain(`${code} is your &lt;b&gt;Tom &amp; Jerry&#39;s&lt;/b&gt; sign-in code`);
    expect(res.raw).toContain(`email to ${bob}`);
    expect(res.raw).not.toContain('<b>Tom');
    expect(res.raw).not.toContain(ada);
    expect(res.raw).toContain(`value="${bob}"`);
  });

  it('escapes the address asked for, and says when nothing was sent to it', async () => {
    const res = await get(t.app, `/dev/mailbox?to=${encodeURIComponent('"><script>x</script>@example.com')}`);
    expect(res.status).toBe(200);
    expect(res.raw).toContain('value="&quot;&gt;&lt;script&gt;x&lt;/script&gt;@example.com"');
    expect(res.raw).toContain('No messages to &quot;&gt;&lt;script&gt;x&lt;/script&gt;@example.com.');
    expect(res.raw).not.toContain('<script>x');
  });

  it('refuses two addresses or an overlong one with 422 naming to', async () => {
    for (const query of [`to=${ada}&to=${bob}`, `to=${'a'.repeat(321)}`]) {
      const res = await json(`/dev/mailbox?${query}`);
      expect(res.status).toBe(422);
      expect(res.body.error).toMatchObject({
        code: 'validation_failed',
        errors: { to: ['must be one email address or phone number of at most 320 characters'] },
      });
    }
  });

  it('shows nothing of a code once it expired', async () => {
    const code = await codeOf(ada);
    const message = await t.database.prisma.message.findFirstOrThrow({ where: { recipient: ada, template: 'otp' } });
    await deliveryWorker(t.database.prisma, { email: recordingTransport(silent) }, { retentionHours: 24, log: silent, storeIds: [shop.store.id] }).runOnce(
      message.secretExpiresAt!,
    );
    const res = await json(`/dev/mailbox?to=${encodeURIComponent(ada)}`);
    expect(res.body.messages[0]).toMatchObject({ subject: `${SECRET_MASK} is your <b>Tom & Jerry's</b> sign-in code` });
    expect(JSON.stringify(res.body)).not.toContain(code);
  });
});

describe('DEV_MAILBOX', () => {
  const answerOf = async (env: Record<string, string>) => {
    const other = await startTestApp(env, { database: t.database, kv: t.kv });
    try {
      const res = await get(other.app, '/dev/mailbox', undefined, { accept: 'application/json' });
      return { status: res.status, code: res.body.error?.code };
    } finally {
      await other.close();
    }
  };

  it('is off in a deployment with BAZAAR_DEMO=0: 404 like any unknown path', async () => {
    expect(await answerOf({ BAZAAR_DEMO: '0' })).toEqual({ status: 404, code: 'route_not_available' });
  });

  it('serves the mailbox without the demo when set to 1, and turns it off with the demo on when set to 0', async () => {
    expect(await answerOf({ BAZAAR_DEMO: '0', DEV_MAILBOX: '1' })).toEqual({ status: 200, code: undefined });
    expect(await answerOf({ DEV_MAILBOX: '0' })).toEqual({ status: 404, code: 'route_not_available' });
  });
});
