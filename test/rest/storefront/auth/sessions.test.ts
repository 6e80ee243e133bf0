import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectFailure } from '../../../support/failure.js';
import { call, get } from '../../../support/http.js';
import { uniqueContacts } from '../../../support/merchant-customers.js';
import { makeStore, type TestStore } from '../../../support/stores.js';
import { startTestApp, type TestApp } from '../../../support/test-app.js';

let t: TestApp;
let shop: TestStore;
let other: TestStore;
let now = Date.parse('2026-11-22T12:00:00.000Z');
let n = 0;
// Accounts are platform-wide and a PostgreSQL test database outlives one run: addresses of this run only.
const { email } = uniqueContacts();

const post = (url: string, payload: unknown = {}, headers: Record<string, string> = {}, key = shop.publicKey) =>
  call(t.app, { method: 'POST', url, key, headers: { 'content-type': 'application/json', ...headers }, payload: JSON.stringify(payload) });
const bearer = (session: { access_token: string }) => ({ authorization: `Bearer ${session.access_token}` });
const account = (session: { access_token: string }) => get(t.app, '/v1/store/account', shop.publicKey, bearer(session));

async function signUp(key = shop.publicKey) {
  n += 1;
  const res = await post(
    '/v1/auth/email/register-password',
    { first_name: 'Grace', last_name: 'Hopper', email: email(`grace${n}`), password: 'cobol rules' },
    {},
    key,
  );
  expect(res.status).toBe(201);
  return res.body.data;
}

beforeAll(async () => {
  t = await startTestApp({}, { clock: () => now });
  shop = await makeStore(t.database);
  other = await makeStore(t.database);
});
afterAll(() => t.close());

describe('POST /v1/auth/refresh', () => {
  it('exchanges the refresh token for a new session of the same shopper; the old tokens stop working', async () => {
    const first = await signUp();
    now += 10 * 60_000;
    const res = await post('/v1/auth/refresh', { refresh_token: first.refresh_token });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Session refreshed');
    const second = res.body.data;
    expect(second.user).toEqual(first.user);
    expect(second.access_token).not.toBe(first.access_token);
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(second.expires_at).toBe(new Date(now + 3600_000).toISOString().replace('.000Z', '+00:00'));
    expect(second).not.toHaveProperty('is_new_user');
    expect((await account(second)).status).toBe(200);
    expect((await account(first)).body.error.code).toBe('customer_token_invalid');
  });

  it('signs out the whole family when a spent refresh token comes back (reuse detection)', async () => {
    const first = await signUp();
    const second = (await post('/v1/auth/refresh', { refresh_token: first.refresh_token })).body.data;
    const third = (await post('/v1/auth/refresh', { refresh_token: second.refresh_token })).body.data;
    expect((await account(third)).status).toBe(200);

    const reused = await post('/v1/auth/refresh', { refresh_token: first.refresh_token });
    expect(reused.status).toBe(401);
    expect(reused.body.error.code).toBe('refresh_token_invalid');
    expect((await account(third)).body.error.code).toBe('customer_token_invalid');
    expect((await post('/v1/auth/refresh', { refresh_token: third.refresh_token })).status).toBe(401);
  });

  it('leaves other sign-ins of the same shopper alone when one family is revoked', async () => {
    const first = await signUp();
    const login = await post('/v1/auth/email/login', { email: first.user.email, password: 'cobol rules' });
    await post('/v1/auth/refresh', { refresh_token: first.refresh_token });
    await post('/v1/auth/refresh', { refresh_token: first.refresh_token });
    expect((await account(login.body.data)).status).toBe(200);
  });

  it('lets only one of two concurrent exchanges of one token succeed', async () => {
    const first = await signUp();
    const answers = await Promise.all([1, 2, 3].map(() => post('/v1/auth/refresh', { refresh_token: first.refresh_token })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 401, 401]);
  });

  it('refuses a refresh token after 30 days and an unknown one with 401 refresh_token_invalid', async () => {
    const first = await signUp();
    expectFailure(await post('/v1/auth/refresh', { refresh_token: 'bzr_unknown' }), 401, 'refresh_token_invalid');
    now += 2592000_000;
    expectFailure(await post('/v1/auth/refresh', { refresh_token: first.refresh_token }), 401, 'refresh_token_invalid');
    now -= 2592000_000;
  });

  it('answers 403 token_store_mismatch for another store’s live refresh token, and leaves it working there', async () => {
    const stranger = await signUp(other.publicKey);
    expectFailure(
      await post('/v1/auth/refresh', { refresh_token: stranger.refresh_token }),
      403,
      'token_store_mismatch',
      `This refresh token was issued by another store; sign in at ${shop.store.name}.`,
    );
    const there = await post('/v1/auth/refresh', { refresh_token: stranger.refresh_token }, {}, other.publicKey);
    expect(there.status).toBe(200);
    // Spent at its own store, the token is dead everywhere: elsewhere it is a plain 401, as a dead access token is.
    expectFailure(await post('/v1/auth/refresh', { refresh_token: stranger.refresh_token }), 401, 'refresh_token_invalid');
  });

  it('refuses a missing or malformed refresh_token with 422 naming it', async () => {
    const res = await post('/v1/auth/refresh', { refresh_token: 12 });
    expect(res.status).toBe(422);
    expect(res.body.error.errors).toEqual({ refresh_token: ['must be the refresh_token of a session answer'] });
  });
});

describe('POST /v1/auth/logout', () => {
  it('signs out this session only: its tokens stop working, another session of the shopper keeps going', async () => {
    const first = await signUp();
    const second = (await post('/v1/auth/email/login', { email: first.user.email, password: 'cobol rules' })).body.data;
    const res = await post('/v1/auth/logout', {}, bearer(first));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'success', message: 'Signed out' });
    expect((await account(first)).body.error.code).toBe('customer_token_invalid');
    expect((await post('/v1/auth/refresh', { refresh_token: first.refresh_token })).status).toBe(401);
    expect((await account(second)).status).toBe(200);
  });

  it('needs a signed-in customer', async () => {
    const res = await post('/v1/auth/logout');
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('customer_token_required');
  });
});

describe('POST /v1/auth/logout-all', () => {
  it('signs out every session of the shopper at this store and none at another store', async () => {
    const first = await signUp();
    const second = (await post('/v1/auth/email/login', { email: first.user.email, password: 'cobol rules' })).body.data;
    const elsewhere = (await post('/v1/auth/email/login', { email: first.user.email, password: 'cobol rules' }, {}, other.publicKey)).body.data;
    const res = await post('/v1/auth/logout-all', {}, bearer(second));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'success', message: 'Signed out everywhere', data: { signed_out: 2 } });
    expect((await account(first)).status).toBe(401);
    expect((await account(second)).status).toBe(401);
    expect((await get(t.app, '/v1/store/account', other.publicKey, bearer(elsewhere))).status).toBe(200);
  });
});
