import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SECRET_MASK } from '../../src/domain/messages/message-secrets.js';
import { deliveryWorker, expiredUnsent } from '../../src/messaging/delivery-worker.js';
import { recordingTransport, smtpTransport } from '../../src/messaging/transports.js';
import { call } from '../support/http.js';
import { startMailCatcher, type MailCatcher } from '../support/mail-catcher.js';
import { makeStore, type TestStore } from '../support/stores.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

// Issue 18, finding 10: a read of the database must not sign anyone in. A code or reset token is
// masked in the stored message once an SMTP server took it, or once it expired when nobody did.

let t: TestApp;
let shop: TestStore;
let mail: MailCatcher;
// Accounts are shared by every store and PostgreSQL outlives a run: addresses of this run's own.
const run = randomUUID().slice(0, 8);
const at = (name: string) => `${name}-${run}@example.com`;
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined } as never;

beforeAll(async () => {
  t = await startTestApp();
  mail = await startMailCatcher();
});
afterAll(async () => {
  await mail.close();
  await t.close();
});
beforeEach(async () => {
  mail.reset();
  // Each test's worker delivers only its own store's messages.
  shop = await makeStore(t.database, { name: 'Secret Shop' });
});

const options = () => ({ retentionHours: 24, log: silent, storeIds: [shop.store.id] });
const smtpWorker = () => deliveryWorker(t.database.prisma, { email: smtpTransport(mail.url, 'Bazaar <no-reply@bazaar.test>') }, options());
const recordingWorker = () => deliveryWorker(t.database.prisma, { email: recordingTransport(silent) }, options());
const post = (url: string, payload: object) =>
  call(t.app, { method: 'POST', url, key: shop.publicKey, headers: { 'content-type': 'application/json' }, payload: JSON.stringify(payload) });
const stored = (id: string) => t.database.prisma.message.findUniqueOrThrow({ where: { id } });

async function newest(email: string, template: string) {
  return t.database.prisma.message.findFirstOrThrow({ where: { recipient: email, template }, orderBy: { createdAt: 'desc' } });
}

async function requestCode(email: string) {
  expect((await post('/v1/auth/email/request-otp', { email })).status).toBe(200);
  const message = await newest(email, 'otp');
  return { message, code: /code is (\d{6})/.exec(message.text!)![1]! };
}

describe('a secret delivered through SMTP', () => {
  it('is masked in the stored code message in the update that marks it sent, and the emailed code still signs in', async () => {
    const email = at('smtp-code');
    const { message } = await requestCode(email);
    expect(await smtpWorker().runOnce()).toBe(1);

    const emailed = /code is (\d{6})/.exec(mail.received[0]!.data)![1]!;
    const after = await stored(message.id);
    expect(after).toMatchObject({
      status: 'sent',
      secret: null,
      secretExpiresAt: null,
      subject: `${SECRET_MASK} is your Secret Shop sign-in code`,
      text: `Your Secret Shop sign-in code is ${SECRET_MASK}. It expires in 5 minutes. If you did not ask for it, ignore this message.`,
    });
    expect(`${after.subject} ${after.text}`).not.toContain(emailed);

    const signIn = await post('/v1/auth/email/verify-otp', { email, otp_code: emailed });
    expect(signIn.status).toBe(200);
    expect(signIn.body.data.verified_token).toMatch(/^bzv_/);
  });

  it('is masked in the stored reset message, and the emailed token still resets the password', async () => {
    const email = at('smtp-reset');
    expect((await post('/v1/auth/email/register-password', { first_name: 'Ada', last_name: 'B', email, password: 'old password' })).status).toBe(201);
    expect((await post('/v1/auth/email/forgot-password', { email })).status).toBe(200);
    const message = await newest(email, 'password_reset');
    await smtpWorker().runOnce();

    const token = /(bzp_[A-Za-z0-9_-]{43})/.exec(mail.received.find((sent) => sent.data.includes('bzp_'))!.data)![1]!;
    const after = await stored(message.id);
    expect(after).toMatchObject({ status: 'sent', secret: null, secretExpiresAt: null });
    expect(after.text).toContain(`within 60 minutes: ${SECRET_MASK}.`);
    expect(after.text).not.toContain('bzp_');

    const reset = await post('/v1/auth/email/reset-password', { token, email, password: 'new password', password_confirmation: 'new password' });
    expect(reset.status).toBe(200);
  });
});

describe('a secret nobody delivered', () => {
  it('stays readable while the code works and is masked once it expired, and is never kept for the retention period', async () => {
    const { message, code } = await requestCode(at('recorded'));
    await recordingWorker().runOnce(message.createdAt);
    const recorded = await stored(message.id);
    expect(recorded).toMatchObject({ status: 'sent', secret: code });
    expect(recorded.text).toContain(code);

    const expiry = recorded.secretExpiresAt!;
    expect(expiry.getTime() - message.createdAt.getTime()).toBe(300_000);
    await recordingWorker().runOnce(new Date(expiry.getTime() - 1));
    expect((await stored(message.id)).text).toContain(code);

    await recordingWorker().runOnce(expiry);
    const masked = await stored(message.id);
    expect(masked).toMatchObject({ status: 'sent', secret: null, secretExpiresAt: null, subject: `${SECRET_MASK} is your Secret Shop sign-in code` });
    expect(masked.text).toContain(`code is ${SECRET_MASK}.`);
    expect(`${masked.subject} ${masked.text}`).not.toContain(code);
  });

  it('gives up a message still waiting when its secret expires, instead of sending a dead code', async () => {
    const { message } = await requestCode(at('late'));
    expect(await smtpWorker().runOnce(new Date(message.createdAt.getTime() + 300_000))).toBe(0);
    expect(mail.received).toEqual([]);
    const after = await stored(message.id);
    expect(after).toMatchObject({ status: 'failed', lastError: expiredUnsent, secret: null, attempts: 0 });
    expect(after.text).toContain(`code is ${SECRET_MASK}.`);
  });

  it('leaves a message without a secret as it was written', async () => {
    const email = at('welcome');
    expect((await post('/v1/auth/email/register-password', { first_name: 'Ada', last_name: 'B', email, password: 'long enough' })).status).toBe(201);
    const welcome = await newest(email, 'welcome');
    await recordingWorker().runOnce(new Date(welcome.createdAt.getTime() + 3_600_000));
    expect(await stored(welcome.id)).toMatchObject({ status: 'sent', secret: null, text: welcome.text, subject: welcome.subject });
  });
});
