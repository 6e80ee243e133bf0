import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, get } from '../../../support/http.js';
import { makeStore, type TestStore } from '../../../support/stores.js';
import { startTestApp, type TestApp } from '../../../support/test-app.js';

let t: TestApp;
let shop: TestStore;
let other: TestStore;
let now = Date.parse('2026-11-22T08:00:00.000Z');
let n = 0;

const post = (url: string, payload: unknown, key = shop.publicKey) =>
  call(t.app, { method: 'POST', url, key, headers: { 'content-type': 'application/json' }, payload: JSON.stringify(payload) });
const nextHour = () => (now = (Math.floor(now / 3_600_000) + 1) * 3_600_000 + 60_000);

async function registered(key = shop.publicKey) {
  const email = `reset${(n += 1)}@example.com`;
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
    const unknown = await post('/v1/auth/email/forgot-password', { email: 'stranger@example.com' });
    expect(known.status).toBe(200);
    expect(known.raw).toBe(unknown.raw);
    expect(known.body).toEqual({ status: 'success', message: 'If an account uses this address, an email with a reset token is on its way.' });
    expect(await tokenSentTo(email)).toMatch(/^bzp_/);
    expect(await t.database.prisma.message.count({ where: { recipient: 'stranger@example.com', template: 'password_reset_no_account' } })).toBe(1);
    const reset = await t.database.prisma.passwordReset.findFirstOrThrow({ where: { account: { email } } });
    expect(reset.tokenHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('caps an address at 5 an hour with 429 verification_limit_exceeded and Retry-After', async () => {
    nextHour();
    for (let i = 0; i < 5; i++) expect((await post('/v1/auth/email/forgot-password', { email: 'capped@example.com' })).status).toBe(200);
    const capped = await post('/v1/auth/email/forgot-password', { email: 'capped@example.com' });
    expect(capped.status).toBe(429);
    expect(capped.body.error.code).toBe('verification_limit_exceeded');
    expect(Number(capped.headers['retry-after'])).toBeGreaterThan(0);
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
