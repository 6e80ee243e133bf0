import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectFailure } from '../../../support/failure.js';
import { call, get } from '../../../support/http.js';
import { uniqueContacts } from '../../../support/merchant-customers.js';
import { makeStore, type TestStore } from '../../../support/stores.js';
import { startTestApp, type TestApp } from '../../../support/test-app.js';

let t: TestApp;
let shop: TestStore;
let other: TestStore;
let now = Date.parse('2026-11-22T08:00:00.000Z');
let n = 0;
// Accounts are platform-wide and a PostgreSQL test database outlives one run: addresses of this run only.
const { email: at } = uniqueContacts();

const post = (url: string, payload: unknown, key = shop.publicKey, app = t, remoteAddress = '127.0.0.1') =>
  call(app.app, { method: 'POST', url, key, remoteAddress, headers: { 'content-type': 'application/json' }, payload: JSON.stringify(payload) });
const forgot = (email: string, app = t, remoteAddress = '127.0.0.1') => post('/v1/auth/email/forgot-password', { email }, shop.publicKey, app, remoteAddress);
const nextHour = () => (now = (Math.floor(now / 3_600_000) + 1) * 3_600_000 + 60_000);

async function registered(key = shop.publicKey) {
  const email = at(`reset${(n += 1)}`);
  const res = await post('/v1/auth/email/register-password', { first_name: 'R', last_name: 'S', email, password: 'old password' }, key);
  return { email, session: res.body.data };
}

async function tokenSentTo(email: string): Promise<string> {
  const message = await t.database.prisma.message.findFirstOrThrow({ where: { recipient: email, template: 'password_reset' }, orderBy: { createdAt: 'desc' } });
  return /(bzp_[A-Za-z0-9_-]{43})/.exec(message.text!)![1]!;
}

beforeAll(async () => {
  t = await startTestApp({}, { clock: () => now });
  shop = await makeStore(t.database, { name: 'Reset Shop' });
  other = await makeStore(t.database);
});
afterAll(() => t.close());

describe('POST /v1/auth/email/forgot-password', () => {
  it('answers the same bytes whether or not the address has an account, and emails each', async () => {
    nextHour();
    const { email } = await registered();
    const known = await post('/v1/auth/email/forgot-password', { email });
    const unknown = await post('/v1/auth/email/forgot-password', { email: at('stranger') });
    expect(known.status).toBe(200);
    expect(known.raw).toBe(unknown.raw);
    expect(known.body).toEqual({ status: 'success', message: 'If an account uses this address, an email with a reset token is on its way.' });
    expect(await tokenSentTo(email)).toMatch(/^bzp_/);
    expect(await t.database.prisma.message.count({ where: { recipient: at('stranger'), template: 'password_reset_no_account' } })).toBe(1);
    const reset = await t.database.prisma.passwordReset.findFirstOrThrow({ where: { account: { email } } });
    expect(reset.tokenHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('caps an address at 5 an hour with 429 verification_limit_exceeded and Retry-After', async () => {
    nextHour();
    for (let i = 0; i < 5; i++) expect((await post('/v1/auth/email/forgot-password', { email: at('capped') })).status).toBe(200);
    const capped = await post('/v1/auth/email/forgot-password', { email: at('capped') });
    expect(capped.status).toBe(429);
    expect(capped.body.error.code).toBe('verification_limit_exceeded');
    expect(Number(capped.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('caps an address at 5 an hour across stores: another store’s key buys no more', async () => {
    nextHour();
    for (let i = 0; i < 5; i++) {
      expect((await post('/v1/auth/email/forgot-password', { email: at('capped-stores') }, i % 2 ? other.publicKey : shop.publicKey)).status).toBe(200);
    }
    expectFailure(await post('/v1/auth/email/forgot-password', { email: at('capped-stores') }, other.publicKey), 429, 'verification_limit_exceeded');
  });
});

describe('the forgot-password caps, shared by two app instances on one KV', () => {
  let second: TestApp;
  beforeAll(async () => {
    second = await startTestApp({}, { database: t.database, kv: t.kv, clock: () => now });
  });
  afterAll(() => second.close());

  it('caps an address at 5 an hour, counted by both instances', async () => {
    nextHour();
    for (let i = 0; i < 5; i++) expect((await forgot(at('capped-shared'), i % 2 ? second : t)).status).toBe(200);
    for (const app of [t, second]) {
      const capped = await forgot(at('capped-shared'), app);
      expectFailure(capped, 429, 'verification_limit_exceeded', 'Too many codes for this address this hour; try again in 3540 s.');
      expect(capped.headers['retry-after']).toBe('3540');
    }
    expect(await t.database.prisma.message.count({ where: { recipient: at('capped-shared') } })).toBe(5);
  });

  it('caps a client IP at 20 an hour across addresses, counted by both instances; another client goes on', async () => {
    nextHour();
    for (let i = 0; i < 20; i++) expect((await forgot(at(`ip-cap${i}`), i % 2 ? second : t, '203.0.113.7')).status).toBe(200);
    const capped = await forgot(at('ip-cap20'), second, '203.0.113.7');
    expectFailure(capped, 429, 'verification_limit_exceeded', 'Too many codes from this client this hour; try again in 3540 s.');
    expect(capped.headers['retry-after']).toBe('3540');
    expect(await t.database.prisma.message.count({ where: { recipient: at('ip-cap20') } })).toBe(0);
    expect((await forgot(at('ip-cap20'), t, '203.0.113.8')).status).toBe(200);
  });
});

describe('POST /v1/auth/email/reset-password', () => {
  it('sets the new password once and signs out every session of the account, at every store', async () => {
    nextHour();
    const { email, session } = await registered();
    const elsewhere = (await post('/v1/auth/email/login', { email, password: 'old password' }, other.publicKey)).body.data;
    await post('/v1/auth/email/forgot-password', { email });
    const token = await tokenSentTo(email);
    const body = { token, email, password: 'new password', password_confirmation: 'new password' };
    const res = await post('/v1/auth/email/reset-password', body);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'success', message: 'Password changed; sign in with the new one.' });

    expect((await get(t.app, '/v1/store/account', shop.publicKey, { authorization: `Bearer ${session.access_token}` })).body.error.code).toBe(
      'customer_token_invalid',
    );
    expect((await get(t.app, '/v1/store/account', other.publicKey, { authorization: `Bearer ${elsewhere.access_token}` })).status).toBe(401);
    expect((await post('/v1/auth/email/login', { email, password: 'old password' })).status).toBe(401);
    expect((await post('/v1/auth/email/login', { email, password: 'new password' })).status).toBe(200);

    const again = await post('/v1/auth/email/reset-password', { ...body, password: 'third password', password_confirmation: 'third password' });
    expect(again.status).toBe(422);
    expect(again.body.error.code).toBe('reset_token_invalid');
  });

  it('refuses a token for another address and one older than an hour', async () => {
    nextHour();
    const { email } = await registered();
    await post('/v1/auth/email/forgot-password', { email });
    const token = await tokenSentTo(email);
    const wrongAddress = await post('/v1/auth/email/reset-password', {
      token,
      email: 'other@example.com',
      password: 'new password',
      password_confirmation: 'new password',
    });
    expect(wrongAddress.body.error.code).toBe('reset_token_invalid');
    now += 3_600_000;
    const late = await post('/v1/auth/email/reset-password', { token, email, password: 'new password', password_confirmation: 'new password' });
    expect(late.body.error.code).toBe('reset_token_invalid');
  });

  it('refuses a confirmation that differs and a short password with 422 naming the field, changing nothing', async () => {
    const mismatch = await post('/v1/auth/email/reset-password', {
      token: 'bzp_x',
      email: 'a@example.com',
      password: 'new password',
      password_confirmation: 'other',
    });
    expect(mismatch.status).toBe(422);
    expect(mismatch.body.error.errors).toEqual({ password_confirmation: ['must match password'] });
    const short = await post('/v1/auth/email/reset-password', { token: 'bzp_x', email: 'a@example.com', password: 'short', password_confirmation: 'short' });
    expect(short.body.error.errors).toEqual({ password: ['must be at least 8 characters'] });
  });
});
