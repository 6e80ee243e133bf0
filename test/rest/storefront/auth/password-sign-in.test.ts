import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectFailure } from '../../../support/failure.js';
import { call, get } from '../../../support/http.js';
import { uniqueContacts } from '../../../support/merchant-customers.js';
import { makeStore, type TestStore } from '../../../support/stores.js';
import { startTestApp, startTwoApps, type TestApp } from '../../../support/test-app.js';
import type { Call } from '../../../support/http.js';
import { decoyPasswordHash, passwordHashing } from '../../../../src/platform/crypto/passwords.js';

let t: TestApp;
let shop: TestStore;
let other: TestStore;
let now = Date.parse('2026-11-22T12:00:00.000Z');
// Accounts are platform-wide and a PostgreSQL test database outlives one run: addresses of this run only.
const { email } = uniqueContacts();

const post = (url: string, payload: unknown, key = shop.publicKey, headers: Record<string, string> = {}, app = t) =>
  call(app.app, { method: 'POST', url, key, headers: { 'content-type': 'application/json', ...headers }, payload: JSON.stringify(payload) });
const register = (email: string, password = 'correct horse', key = shop.publicKey) =>
  post('/v1/auth/email/register-password', { first_name: 'Ada', last_name: 'Lovelace', email, password }, key);

/** How many answers of each status and code (`200 signed in` for a session). */
function tally(answers: Call[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const a of answers) {
    const label = a.status === 200 ? '200 signed in' : `${a.status} ${a.body.error.code}`;
    counts[label] = (counts[label] ?? 0) + 1;
  }
  return counts;
}

beforeAll(async () => {
  t = await startTestApp({}, { clock: () => now });
  shop = await makeStore(t.database, { name: 'Corner Shop' });
  other = await makeStore(t.database, { name: 'Other Shop' });
});
afterAll(() => t.close());

const sessionShape = (address: string, extra: Record<string, unknown> = {}) => ({
  token: expect.stringMatching(/^bzc_[A-Za-z0-9_-]{43}$/),
  access_token: expect.stringMatching(/^bzc_/),
  refresh_token: expect.stringMatching(/^bzr_[A-Za-z0-9_-]{43}$/),
  token_type: 'Bearer',
  expires_in: 3600,
  expires_at: new Date(now + 3600_000).toISOString().replace('.000Z', '+00:00'),
  refresh_expires_in: 2592000,
  refresh_expires_at: new Date(now + 2592000_000).toISOString().replace('.000Z', '+00:00'),
  platform: 'client_web',
  user: {
    id: expect.stringMatching(/^[0-9a-f-]{36}$/),
    name: 'Ada Lovelace',
    email: address,
    phone: null,
    avatar: null,
    country: null,
    state: null,
    region: null,
    city: null,
    address: null,
    map_lat: null,
    map_lng: null,
    is_rider: false,
    rider_approved: false,
    profile_complete: false,
  },
  ...extra,
});

describe('POST /v1/auth/email/register-password', () => {
  it('registers the account and answers a customer session with is_new_user', async () => {
    const res = await register(email('Ada'));
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ status: 'success', message: 'Registered and signed in', data: sessionShape(email('ada'), { is_new_user: true }) });
    expect(res.body.data.token).toBe(res.body.data.access_token);
  });

  it('makes the store’s customer record and its customers/create event in the same transaction', async () => {
    const res = await register(email('events'));
    const account = await t.database.prisma.customerAccount.findUniqueOrThrow({ where: { email: email('events') } });
    const customers = await t.database.prisma.customer.findMany({ where: { accountId: account.id } });
    expect(customers.map((c) => c.storeId)).toEqual([shop.store.id]);
    const events = await t.database.prisma.outboxEvent.findMany({ where: { storeId: shop.store.id, topic: 'customers/create' } });
    expect(events.map((e) => e.payload)).toContainEqual(expect.objectContaining({ id: customers[0]!.id, uid: customers[0]!.uid }));
    expect(res.status).toBe(201);
  });

  it('stores the password only as a salted scrypt hash', async () => {
    await register(email('hash'), 'a secret password');
    const account = await t.database.prisma.customerAccount.findUniqueOrThrow({ where: { email: email('hash') } });
    expect(account.passwordHash).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(account.passwordHash).not.toContain('a secret password');
  });

  it('answers 409 account_exists for an address that has an account, whatever its case, and writes nothing', async () => {
    await register(email('taken'));
    const before = await t.database.prisma.customerSession.count();
    const res = await register(email('TAKEN'));
    expect(res.status).toBe(409);
    expect(res.body.error).toMatchObject({ code: 'account_exists', message: 'An account already uses this email address; sign in with it instead.' });
    expect(await t.database.prisma.customerSession.count()).toBe(before);
    expect(await t.database.prisma.message.count({ where: { recipient: email('taken'), template: 'welcome' } })).toBe(1);
  });

  it('welcomes the new account by email, as the code registrations do', async () => {
    expect((await register(email('welcome'))).status).toBe(201);
    const messages = await t.database.prisma.message.findMany({ where: { recipient: email('welcome') } });
    expect(messages.map(({ storeId, channel, template, subject, text }) => ({ storeId, channel, template, subject, text }))).toEqual([
      {
        storeId: shop.store.id,
        channel: 'email',
        template: 'welcome',
        subject: 'Welcome to Corner Shop',
        text: 'Welcome, Ada. Your account is ready: sign in to Corner Shop with this address.',
      },
    ]);
  });

  it('refuses bad input with 422 naming each field, and writes nothing', async () => {
    const before = await t.database.prisma.customerAccount.count();
    const res = await post('/v1/auth/email/register-password', { first_name: '', last_name: 7, email: 'not-an-email', password: 'short' });
    expect(res.status).toBe(422);
    expect(res.body.error).toMatchObject({
      code: 'validation_failed',
      errors: {
        first_name: ['must not be empty'],
        last_name: ['must be text'],
        email: ['must be an email address'],
        password: ['must be at least 8 characters'],
      },
    });
    const missing = await post('/v1/auth/email/register-password', {});
    expect(missing.status).toBe(422);
    expect(Object.keys(missing.body.error.errors).sort()).toEqual(['email', 'first_name', 'last_name', 'password']);
    expect(await t.database.prisma.customerAccount.count()).toBe(before);
  });

  it('refuses a body field it does not know, by name', async () => {
    const res = await post('/v1/auth/email/register-password', {
      first_name: 'A',
      last_name: 'B',
      email: email('x'),
      password: 'long enough',
      admin: true,
    });
    expect(res.status).toBe(422);
    expect(res.body.error.errors).toHaveProperty('admin');
  });
});

describe('POST /v1/auth/email/login', () => {
  it('signs in with the password and answers a session without is_new_user', async () => {
    await register(email('login'), 'open sesame!');
    const res = await post('/v1/auth/email/login', { email: email('LOGIN'), password: 'open sesame!' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'success', message: 'Signed in', data: sessionShape(email('login')) });
  });

  it('answers the same 401 for a wrong password and for an unknown address', async () => {
    await register(email('wrong'), 'open sesame!');
    const wrong = await post('/v1/auth/email/login', { email: email('wrong'), password: 'open sesame?' });
    const unknown = await post('/v1/auth/email/login', { email: email('nobody'), password: 'open sesame?' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body.error.code).toBe('invalid_credentials');
    expect({ ...wrong.body.error, request_id: null }).toEqual({ ...unknown.body.error, request_id: null });
  });

  it('makes the customer record of another store at the first sign-in there: one account, one record per store', async () => {
    await register(email('two-stores'), 'open sesame!');
    const res = await post('/v1/auth/email/login', { email: email('two-stores'), password: 'open sesame!' }, other.publicKey);
    expect(res.status).toBe(200);
    const account = await t.database.prisma.customerAccount.findUniqueOrThrow({ where: { email: email('two-stores') } });
    const stores = (await t.database.prisma.customer.findMany({ where: { accountId: account.id } })).map((c) => c.storeId).sort();
    expect(stores).toEqual([shop.store.id, other.store.id].sort());
    await post('/v1/auth/email/login', { email: email('two-stores'), password: 'open sesame!' }, other.publicKey);
    expect(await t.database.prisma.customer.count({ where: { accountId: account.id } })).toBe(2);
  });

  it('throttles an account after 5 failures in 15 minutes with 429 login_throttled and Retry-After, even for the right password', async () => {
    now = Date.parse('2026-11-22T13:00:00.000Z');
    await register(email('throttle'), 'open sesame!');
    for (let i = 0; i < 5; i++) expect((await post('/v1/auth/email/login', { email: email('throttle'), password: `nope ${i}!!` })).status).toBe(401);
    const refused = await post('/v1/auth/email/login', { email: email('throttle'), password: 'open sesame!' });
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe('login_throttled');
    expect(refused.headers['retry-after']).toBe('900');
    now += 15 * 60_000;
    expect((await post('/v1/auth/email/login', { email: email('throttle'), password: 'open sesame!' })).status).toBe(200);
  });

  it('counts the failures of two app instances on one KV towards one throttle', async () => {
    now = Date.parse('2026-11-22T14:00:00.000Z');
    await register(email('shared-throttle'), 'open sesame!');
    const second = await startTestApp({}, { database: t.database, kv: t.kv, clock: () => now });
    try {
      for (let i = 0; i < 5; i++) {
        const failed = await post('/v1/auth/email/login', { email: email('shared-throttle'), password: `nope ${i}!!` }, shop.publicKey, {}, i % 2 ? second : t);
        expectFailure(failed, 401, 'invalid_credentials');
      }
      for (const app of [t, second]) {
        const refused = await post('/v1/auth/email/login', { email: email('shared-throttle'), password: 'open sesame!' }, shop.publicKey, {}, app);
        expectFailure(refused, 429, 'login_throttled', 'Too many failed sign-ins for this account; try again in 900 s or reset the password.');
        expect(refused.headers['retry-after']).toBe('900');
      }
    } finally {
      await second.close();
    }
  });

  it('counts each attempt before its password is checked: of 30 wrong passwords sent together, 5 are checked and 25 throttled', async () => {
    now = Date.parse('2026-11-22T16:00:00.000Z');
    await register(email('burst'), 'open sesame!');
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => post('/v1/auth/email/login', { email: email('burst'), password: `guess ${i}!!` })));
    expect(tally(answers)).toEqual({ '401 invalid_credentials': 5, '429 login_throttled': 25 });
    for (const refused of answers.filter((a) => a.status === 429)) expect(refused.headers['retry-after']).toBe('900');
  });

  it('lets the right password through a burst only as one of the 5 attempts checked', async () => {
    now = Date.parse('2026-11-22T16:20:00.000Z');
    await register(email('burst-right'), 'open sesame!');
    const passwords = [...Array.from({ length: 29 }, (_, i) => `guess ${i}!!`), 'open sesame!'];
    const answers = await Promise.all(passwords.map((password) => post('/v1/auth/email/login', { email: email('burst-right'), password })));
    const counts = tally(answers);
    const signedIn = counts['200 signed in'] ?? 0;
    // A success gives its attempt back (only failures use up the throttle), so the right password counts only wrong ones.
    const failures = counts['401 invalid_credentials'] ?? 0;
    expect(failures).toBeLessThanOrEqual(5);
    if (!signedIn) expect(failures).toBe(5);
    expect(signedIn).toBeLessThanOrEqual(1);
    expect(failures + signedIn + (counts['429 login_throttled'] ?? 0)).toBe(30);
  });

  it('does not count a sign-in that succeeds: the owner signs in more than 5 times in a window', async () => {
    now = Date.parse('2026-11-22T16:40:00.000Z');
    await register(email('often'), 'open sesame!');
    for (let i = 0; i < 4; i++)
      expectFailure(await post('/v1/auth/email/login', { email: email('often'), password: `nope ${i}!!` }), 401, 'invalid_credentials');
    for (let i = 0; i < 6; i++) expect((await post('/v1/auth/email/login', { email: email('often'), password: 'open sesame!' })).status).toBe(200);
    expectFailure(await post('/v1/auth/email/login', { email: email('often'), password: 'nope 5!!' }), 401, 'invalid_credentials');
    expectFailure(await post('/v1/auth/email/login', { email: email('often'), password: 'open sesame!' }), 429, 'login_throttled');
  });

  it('refuses bad input with 422 naming the field', async () => {
    const res = await post('/v1/auth/email/login', { email: 42, password: '' });
    expect(res.status).toBe(422);
    expect(res.body.error.errors).toEqual({ email: ['must be an email address'], password: ['is required'] });
  });
});

describe('POST /v1/auth/email/login on two app instances sharing a KV (Redis when REDIS_URL is set)', () => {
  it('checks no more than 5 passwords of a burst split between them', async () => {
    now = Date.parse('2026-11-22T17:00:00.000Z');
    const two = await startTwoApps({}, () => now);
    try {
      const { publicKey } = await makeStore(two.a.database);
      const registered = await post(
        '/v1/auth/email/register-password',
        { first_name: 'Ada', last_name: 'Lovelace', email: email('two-burst'), password: 'open sesame!' },
        publicKey,
        {},
        two.a,
      );
      expect(registered.status).toBe(201);
      const answers = await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          post('/v1/auth/email/login', { email: email('two-burst'), password: `guess ${i}!!` }, publicKey, {}, i % 2 ? two.b : two.a),
        ),
      );
      expect(tally(answers)).toEqual({ '401 invalid_credentials': 5, '429 login_throttled': 25 });
    } finally {
      await two.close();
    }
  });
});

describe('password hashing while this process is saturated', () => {
  it('answers 503 service_unavailable with Retry-After once every hashing slot and queue place is taken, and counts no guess', async () => {
    now = Date.parse('2026-11-22T17:20:00.000Z');
    await register(email('saturated'), 'open sesame!');
    await decoyPasswordHash;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const { concurrency, queue } = passwordHashing.limits;
    const holders = Array.from({ length: concurrency + queue }, () => passwordHashing.run(() => held));
    try {
      const login = await post('/v1/auth/email/login', { email: email('saturated'), password: 'nope!!!!' });
      expectFailure(login, 503, 'service_unavailable', 'Too many passwords are being checked right now; retry in 1 s.');
      expect(login.headers['retry-after']).toBe('1');
      expectFailure(await register(email('saturated-new')), 503, 'service_unavailable');
    } finally {
      release();
      await Promise.all(holders);
    }
    for (let i = 0; i < 5; i++)
      expectFailure(await post('/v1/auth/email/login', { email: email('saturated'), password: `nope ${i}!!` }), 401, 'invalid_credentials');
    expectFailure(await post('/v1/auth/email/login', { email: email('saturated'), password: 'open sesame!' }), 429, 'login_throttled');
  });
});

describe('the customer requirement of (C) and account operations (GET /v1/store/account)', () => {
  it('answers the signed-in shopper with this store’s customer record', async () => {
    const session = (await register(email('account'))).body.data;
    const res = await get(t.app, '/v1/store/account', shop.publicKey, { authorization: `Bearer ${session.access_token}` });
    expect(res.status).toBe(200);
    const record = await t.database.prisma.customer.findFirstOrThrow({ where: { storeId: shop.store.id, accountId: session.user.id } });
    expect(res.body.data).toEqual({
      ...session.user,
      first_name: 'Ada',
      last_name: 'Lovelace',
      customer: { id: record.id, uid: record.uid, created_at: record.createdAt.toISOString() },
    });
  });

  it('answers 401 customer_token_required without a token', async () => {
    const res = await get(t.app, '/v1/store/account', shop.publicKey);
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('customer_token_required');
  });

  it('answers 401 customer_token_invalid for an unknown token and 401 unauthenticated for a malformed header', async () => {
    const unknown = await get(t.app, '/v1/store/account', shop.publicKey, { authorization: 'Bearer bzc_nothing' });
    expect(unknown.status).toBe(401);
    expect(unknown.body.error.code).toBe('customer_token_invalid');
    const malformed = await get(t.app, '/v1/store/account', shop.publicKey, { authorization: 'Token abc' });
    expect(malformed.status).toBe(401);
    expect(malformed.body.error.code).toBe('unauthenticated');
  });

  it('answers 403 token_store_mismatch for a token another store issued', async () => {
    const session = (await register(email('mismatch'), 'correct horse', other.publicKey)).body.data;
    const res = await get(t.app, '/v1/store/account', shop.publicKey, { authorization: `Bearer ${session.access_token}` });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('token_store_mismatch');
  });

  it('answers 401 customer_token_invalid once the access token is an hour old', async () => {
    now = Date.parse('2026-11-22T15:00:00.000Z');
    const session = (await register(email('expiry'))).body.data;
    const auth = { authorization: `Bearer ${session.access_token}` };
    now += 3599_000;
    expect((await get(t.app, '/v1/store/account', shop.publicKey, auth)).status).toBe(200);
    now += 1000;
    const expired = await get(t.app, '/v1/store/account', shop.publicKey, auth);
    expect(expired.status).toBe(401);
    expect(expired.body.error.code).toBe('customer_token_invalid');
  });
});
