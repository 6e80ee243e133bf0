import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { deliveryRules, deliveryWorker, retryDelayMs } from '../../src/messaging/delivery-worker.js';
import { smtpTransport, type MessageTransport } from '../../src/messaging/transports.js';
import { requestEmailCode } from '../support/customers.js';
import { call } from '../support/http.js';
import { startMailCatcher, type MailCatcher } from '../support/mail-catcher.js';
import { makeStore, type TestStore } from '../support/stores.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

// The messages outbox delivered for real: a local SMTP server receives what the worker sends.

let t: TestApp;
let shop: TestStore;
let mail: MailCatcher;
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
  // Each test delivers only what it enqueued; other files share the database and deliver their own.
  shop = await makeStore(t.database, { name: 'Mail Shop' });
});

const worker = () =>
  deliveryWorker(
    t.database.prisma,
    { email: smtpTransport(mail.url, 'Bazaar <no-reply@bazaar.test>') },
    { retentionHours: 24, log: silent, storeIds: [shop.store.id] },
  );

async function requestCode(email: string) {
  return (await requestEmailCode(t, shop.publicKey, email)).message;
}

async function requestWelcome(email: string) {
  const res = await call(t.app, {
    method: 'POST',
    url: '/v1/auth/email/register-password',
    key: shop.publicKey,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ first_name: 'Ada', last_name: 'B', email, password: 'long enough' }),
  });
  expect(res.status).toBe(201);
  return t.database.prisma.message.findFirstOrThrow({ where: { recipient: email, template: 'welcome' } });
}

describe('the delivery worker', () => {
  it('sends a sign-in code as a real email through SMTP and marks it sent', async () => {
    const message = await requestCode('mail@example.com');
    expect(await worker().runOnce()).toBe(1);
    expect(mail.received).toHaveLength(1);
    expect(mail.received[0]!.to).toEqual(['mail@example.com']);
    const code = /code is (\d{6})/.exec(message.text!)![1]!;
    expect(mail.received[0]!.data).toContain(`Subject: ${code} is your Mail Shop sign-in code`);
    expect(mail.received[0]!.data).toContain('From: Bazaar <no-reply@bazaar.test>');
    expect(await t.database.prisma.message.findUniqueOrThrow({ where: { id: message.id } })).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
  });

  it('retries with backoff when the server refuses, and sends on a later pass', async () => {
    const message = await requestCode('busy@example.com');
    mail.refuseNext = 1;
    const now = new Date();
    expect(await worker().runOnce(now)).toBe(0);
    const waiting = await t.database.prisma.message.findUniqueOrThrow({ where: { id: message.id } });
    expect(waiting).toMatchObject({ status: 'pending', attempts: 1 });
    expect(waiting.lastError).toContain('Mailbox busy');
    const delay = waiting.nextAttemptAt.getTime() - now.getTime();
    expect(delay).toBeGreaterThanOrEqual(0.8 * deliveryRules.firstRetryMs);
    expect(delay).toBeLessThanOrEqual(1.2 * deliveryRules.firstRetryMs);

    expect(await worker().runOnce(now)).toBe(0);
    expect(mail.received).toHaveLength(0);
    expect(await worker().runOnce(new Date(now.getTime() + 2 * deliveryRules.firstRetryMs))).toBe(1);
    expect(mail.received.map((r) => r.to)).toEqual([['busy@example.com']]);
  });

  it('never sends one message twice when two workers run at once', async () => {
    for (let i = 0; i < 6; i++) await requestCode(`pair${i}@example.com`);
    const sent = await Promise.all([worker().runOnce(), worker().runOnce()]);
    expect(sent[0]! + sent[1]!).toBe(6);
    expect(mail.received.map((r) => r.to[0]).sort()).toEqual([0, 1, 2, 3, 4, 5].map((i) => `pair${i}@example.com`));
  });

  // A welcome, not a code: a code would expire (and be given up) long before the last attempt.
  it('gives a message up as failed after the last attempt, and keeps it', async () => {
    const message = await requestWelcome(`never-${randomUUID().slice(0, 8)}@example.com`);
    const broken: MessageTransport = {
      delivers: true,
      send: async () => {
        throw new Error('provider down');
      },
    };
    const failing = deliveryWorker(t.database.prisma, { email: broken }, { retentionHours: 24, log: silent, storeIds: [shop.store.id] });
    let now = Date.now();
    for (let attempt = 1; attempt <= deliveryRules.maxAttempts; attempt++) {
      await failing.runOnce(new Date(now));
      now += deliveryRules.maxRetryMs * 2;
    }
    expect(await t.database.prisma.message.findUniqueOrThrow({ where: { id: message.id } })).toMatchObject({
      status: 'failed',
      attempts: deliveryRules.maxAttempts,
      lastError: 'provider down',
    });
  });

  it('clears the text of messages older than the retention period', async () => {
    const message = await requestCode('old@example.com');
    await worker().runOnce();
    expect(await t.database.prisma.message.findUniqueOrThrow({ where: { id: message.id } })).toMatchObject({ status: 'sent' });
    await worker().runOnce(new Date(message.createdAt.getTime() + 25 * 3_600_000));
    expect((await t.database.prisma.message.findUniqueOrThrow({ where: { id: message.id } })).text).toBeNull();
  });
});

describe('a started worker at rest', () => {
  it('sends a message queued in its process as soon as the queuing write commits, whatever its pause', async () => {
    const started = worker();
    // An hour between passes: only the commit of the queued message can bring the next pass forward.
    started.start({ busyMs: 3_600_000, idleMaxMs: 3_600_000 });
    try {
      await requestCode('woken@example.com');
      await vi.waitFor(() => expect(mail.received.map((received) => received.to)).toEqual([['woken@example.com']]), { timeout: 10_000, interval: 20 });
    } finally {
      await started.stop();
    }
  });
});

describe('the retry schedule', () => {
  it('doubles from 30 s to at most an hour, within ±20%', () => {
    expect(retryDelayMs(1, () => 0.5)).toBe(30_000);
    expect(retryDelayMs(2, () => 0.5)).toBe(60_000);
    expect(retryDelayMs(5, () => 0.5)).toBe(480_000);
    expect(retryDelayMs(12, () => 0.5)).toBe(3_600_000);
    expect(retryDelayMs(1, () => 0)).toBe(24_000);
    expect(retryDelayMs(1, () => 1)).toBe(36_000);
  });
});
