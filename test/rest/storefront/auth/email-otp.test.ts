import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectFailure } from '../../../support/failure.js';
import { call, get } from '../../../support/http.js';
import { uniqueContacts } from '../../../support/merchant-customers.js';
import type { Kv } from '../../../../src/platform/kv/kv.js';
import { makeStore, type TestStore } from '../../../support/stores.js';
import { startTestApp, type TestApp } from '../../../support/test-app.js';

let t: TestApp;
let shop: TestStore;
let other: TestStore;
let now = Date.parse('2026-11-22T08:00:00.000Z');
let n = 0;
// Accounts are platform-wide and a PostgreSQL test database outlives one run: addresses of this run only.
const { email: at } = uniqueContacts();

const post = (url: string, payload: unknown, headers: Record<string, string> = {}, key = shop.publicKey, app = t) =>
  call(app.app, { method: 'POST', url, key, headers: { 'content-type': 'application/json', ...headers }, payload: JSON.stringify(payload) });
const requestOtp = (email: string, headers: Record<string, string> = {}, app = t) =>
  post('/v1/auth/email/request-otp', { email }, headers, shop.publicKey, app);
const verify = (email: string, otp_code: string) => post('/v1/auth/email/verify-otp', { email, otp_code });
const fresh = () => at(`otp${(n += 1)}`);
/** Each test moves past the last one's hour, so per-address and per-IP caps start afresh. */
const nextHour = () => (now = (Math.floor(now / 3_600_000) + 1) * 3_600_000 + 60_000);

/** The code of the newest message to an address, as a shopper would read it in the email. */
async function codeSentTo(email: string): Promise<string> {
  const message = await t.database.prisma.message.findFirstOrThrow({ where: { recipient: email, template: 'otp' }, orderBy: { createdAt: 'desc' } });
  return /code is (\d{6})/.exec(message.text!)![1]!;
}

beforeAll(async () => {
  t = await startTestApp({}, { clock: () => now });
  shop = await makeStore(t.database, { name: 'Corner Shop' });
  other = await makeStore(t.database, { name: 'Other Shop' });
});
afterAll(() => t.close());

describe('POST /v1/auth/email/request-otp', () => {
  it('answers the spec’s shape and puts the code in a message to the address, with the challenge in one transaction', async () => {
    nextHour();
    const email = fresh();
    const res = await requestOtp(email.toUpperCase());
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      status: 'success',
      message: 'Code sent',
      data: { email, next_action: 'verify_otp', user_exists: false, expires_in: 300, resend_in: 60 },
    });
    const message = await t.database.prisma.message.findFirstOrThrow({ where: { recipient: email } });
    expect(message).toMatchObject({ storeId: shop.store.id, channel: 'email', template: 'otp', status: 'pending' });
    expect(message.subject).toMatch(/^\d{6} is your Corner Shop sign-in code$/);
    const challenge = await t.database.prisma.otpChallenge.findFirstOrThrow({ where: { destination: email } });
    expect(challenge.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(challenge.codeHash).not.toContain(await codeSentTo(email));
  });

  it('says user_exists for an address with an account', async () => {
    nextHour();
    const email = fresh();
    await post('/v1/auth/email/register-password', { first_name: 'A', last_name: 'B', email, password: 'long enough' });
    expect((await requestOtp(email)).body.data.user_exists).toBe(true);
  });

  it('refuses another code within 60 s with 429 otp_resend_too_soon and Retry-After, then sends one', async () => {
    nextHour();
    const email = fresh();
    await requestOtp(email);
    now += 45_000;
    const early = await requestOtp(email);
    expect(early.status).toBe(429);
    expect(early.body.error.code).toBe('otp_resend_too_soon');
    expect(early.headers['retry-after']).toBe('15');
    now += 15_000;
    expect((await requestOtp(email)).status).toBe(200);
  });

  it('caps an address at 5 codes an hour with 429 verification_limit_exceeded', async () => {
    nextHour();
    const email = fresh();
    for (let i = 0; i < 5; i++) {
      expect((await requestOtp(email)).status).toBe(200);
      now += 61_000;
    }
    const capped = await requestOtp(email);
    expect(capped.status).toBe(429);
    expect(capped.body.error.code).toBe('verification_limit_exceeded');
    expect(Number(capped.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('holds the 60 s resend wait of an address across stores: a second store sends no fresh code', async () => {
    nextHour();
    const email = fresh();
    expect((await requestOtp(email)).status).toBe(200);
    now += 1000;
    const elsewhere = await post('/v1/auth/email/request-otp', { email }, {}, other.publicKey);
    expectFailure(elsewhere, 429, 'otp_resend_too_soon', 'A code was sent moments ago; request another in 59 s.');
    expect(elsewhere.headers['retry-after']).toBe('59');
    expect(await t.database.prisma.otpChallenge.count({ where: { destination: email } })).toBe(1);
  });

  it('caps an address at 5 codes an hour across stores', async () => {
    nextHour();
    const email = fresh();
    for (let i = 0; i < 5; i++) {
      expect((await post('/v1/auth/email/request-otp', { email }, {}, i % 2 ? other.publicKey : shop.publicKey)).status).toBe(200);
      now += 61_000;
    }
    expectFailure(await post('/v1/auth/email/request-otp', { email }, {}, other.publicKey), 429, 'verification_limit_exceeded');
  });

  it('caps one client at 20 codes an hour across addresses, shared by two app instances on one KV', async () => {
    nextHour();
    const second = await startTestApp({}, { database: t.database, kv: t.kv, clock: () => now });
    try {
      for (let i = 0; i < 20; i++) {
        const app = i % 2 ? second : t;
        expect((await post('/v1/auth/email/request-otp', { email: fresh() }, {}, shop.publicKey, app)).status).toBe(200);
      }
      const capped = await post('/v1/auth/email/request-otp', { email: fresh() }, {}, shop.publicKey, second);
      expect(capped.status).toBe(429);
      expect(capped.body.error.code).toBe('verification_limit_exceeded');
    } finally {
      await second.close();
    }
  });

  it('holds the 60 s resend wait across two app instances on one KV', async () => {
    nextHour();
    const email = fresh();
    const second = await startTestApp({}, { database: t.database, kv: t.kv, clock: () => now });
    try {
      expect((await requestOtp(email)).status).toBe(200);
      now += 45_000;
      const early = await requestOtp(email, {}, second);
      expectFailure(early, 429, 'otp_resend_too_soon', 'A code was sent moments ago; request another in 15 s.');
      expect(early.headers['retry-after']).toBe('15');
      now += 15_000;
      expect((await requestOtp(email, {}, second)).status).toBe(200);
    } finally {
      await second.close();
    }
  });

  it('caps an address at 5 codes an hour across two app instances on one KV', async () => {
    nextHour();
    const email = fresh();
    const second = await startTestApp({}, { database: t.database, kv: t.kv, clock: () => now });
    try {
      for (let i = 0; i < 5; i++) {
        expect((await requestOtp(email, {}, i % 2 ? second : t)).status).toBe(200);
        now += 61_000;
      }
      const capped = await requestOtp(email, {}, second);
      expectFailure(capped, 429, 'verification_limit_exceeded', expect.stringMatching(/^Too many codes for this address this hour; try again in \d+ s\.$/));
      expect(Number(capped.headers['retry-after'])).toBe(3600 - 60 - 5 * 61);
    } finally {
      await second.close();
    }
  });

  it('sends one code to two concurrent requests for one address, and refuses the other with 429 otp_resend_too_soon', async () => {
    nextHour();
    const email = fresh();
    // Both requests read the resend marker before either goes on: the interleaving a read-then-write check lets through.
    let reads = 0;
    let release!: () => void;
    const bothRead = new Promise<void>((resolve) => (release = resolve));
    const kv: Kv = {
      increment: (key, ttlMs) => t.kv.increment(key, ttlMs),
      decrement: (key) => t.kv.decrement(key),
      set: (key, value, options) => t.kv.set(key, value, options),
      delete: (key) => t.kv.delete(key),
      getMany: (keys) => t.kv.getMany(keys),
      setMany: (entries) => t.kv.setMany(entries),
      addToTally: (index, key, counts) => t.kv.addToTally(index, key, counts),
      takeTallies: (index) => t.kv.takeTallies(index),
      addToSketch: (key, members, ttlMs) => t.kv.addToSketch(key, members, ttlMs),
      sketchCount: (key) => t.kv.sketchCount(key),
      close: async () => undefined,
      get: async (key) => {
        const value = await t.kv.get(key);
        if (key.startsWith('otp-sent:') && reads < 2) {
          if ((reads += 1) === 2) release();
          await bothRead;
        }
        return value;
      },
    };
    const [one, two] = await Promise.all([1, 2].map(() => startTestApp({}, { database: t.database, kv, clock: () => now })));
    try {
      const answers = await Promise.all([requestOtp(email, {}, one!), requestOtp(email, {}, two!)]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 429]);
      const refused = answers.find((a) => a.status === 429)!;
      expectFailure(refused, 429, 'otp_resend_too_soon', 'A code was sent moments ago; request another in 60 s.');
      expect(refused.headers['retry-after']).toBe('60');
      expect(await t.database.prisma.message.count({ where: { recipient: email, template: 'otp' } })).toBe(1);
      expect(await t.database.prisma.otpChallenge.count({ where: { destination: email } })).toBe(1);
    } finally {
      await Promise.all([one!.close(), two!.close()]);
    }
  });

  it('refuses a malformed address with 422 naming email', async () => {
    const res = await requestOtp('not-an-address');
    expect(res.status).toBe(422);
    expect(res.body.error.errors).toEqual({ email: ['must be an email address'] });
  });
});

describe('POST /v1/auth/email/verify-otp', () => {
  it('signs in an address that has an account, once', async () => {
    nextHour();
    const email = fresh();
    await post('/v1/auth/email/register-password', { first_name: 'Ada', last_name: 'B', email, password: 'long enough' });
    await requestOtp(email);
    const code = await codeSentTo(email);
    const res = await verify(email, code);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Signed in');
    expect(res.body.data).toMatchObject({ token_type: 'Bearer', expires_in: 3600, user: { email, name: 'Ada B' } });
    expect(res.body.data).not.toHaveProperty('is_new_user');
    expect((await get(t.app, '/v1/store/account', shop.publicKey, { authorization: `Bearer ${res.body.data.access_token}` })).status).toBe(200);
    const again = await verify(email, code);
    expect(again.status).toBe(422);
    expect(again.body.error.code).toBe('otp_expired');
  });

  it('answers otp_invalid with the tries left, and kills the challenge after 5 wrong codes', async () => {
    nextHour();
    const email = fresh();
    await requestOtp(email);
    const code = await codeSentTo(email);
    const wrong = code === '000000' ? '111111' : '000000';
    const first = await verify(email, wrong);
    expect(first.status).toBe(422);
    expect(first.body.error).toMatchObject({ code: 'otp_invalid', message: 'This code is not right; 4 tries left.' });
    for (let i = 0; i < 3; i++) expect((await verify(email, wrong)).body.error.code).toBe('otp_invalid');
    expect((await verify(email, wrong)).body.error.code).toBe('otp_expired');
    expect((await verify(email, code)).body.error.code).toBe('otp_expired');
  });

  it('counts wrong codes per address across stores: 5 wrong at one store spend the code another store sent', async () => {
    nextHour();
    const email = fresh();
    await requestOtp(email);
    const first = await codeSentTo(email);
    now += 61_000;
    expect((await post('/v1/auth/email/request-otp', { email }, {}, other.publicKey)).status).toBe(200);
    const second = await codeSentTo(email);
    const wrong = ['000000', '111111', '222222'].find((c) => c !== first && c !== second)!;
    for (let left = 4; left > 0; left--)
      expectFailure(await verify(email, wrong), 422, 'otp_invalid', `This code is not right; ${left} ${left === 1 ? 'try' : 'tries'} left.`);
    expectFailure(await verify(email, wrong), 422, 'otp_expired');
    expectFailure(await post('/v1/auth/email/verify-otp', { email, otp_code: second }, {}, other.publicKey), 422, 'otp_expired');
  });

  it('counts each code before checking it: of 29 wrong codes and the right one sent together, at most 5 are checked', async () => {
    nextHour();
    const email = fresh();
    await requestOtp(email);
    const code = await codeSentTo(email);
    const wrong = Array.from({ length: 29 }, (_, i) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'));
    const answers = await Promise.all([...wrong, code].map((c) => verify(email, c)));
    const right = answers.at(-1)!;
    const invalid = answers.filter((a) => a.body.error?.code === 'otp_invalid').length;
    // The 5th wrong code counted answers otp_expired (no tries left), so at most 4 answer otp_invalid, plus the right one if it was among the 5.
    expect(invalid + (right.status === 200 ? 1 : 0)).toBeLessThanOrEqual(5);
    expect(answers.filter((a) => a.status === 422).length).toBe(right.status === 200 ? 29 : 30);
  });

  it('answers otp_expired after 300 s', async () => {
    nextHour();
    const email = fresh();
    await requestOtp(email);
    now += 300_000;
    const res = await verify(email, await codeSentTo(email));
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('otp_expired');
  });

  it('checks the newest code only', async () => {
    nextHour();
    const email = fresh();
    await requestOtp(email);
    const old = await codeSentTo(email);
    now += 60_000;
    await requestOtp(email);
    const newest = await codeSentTo(email);
    if (old !== newest) expect((await verify(email, old)).body.error.code).toBe('otp_invalid');
    expect((await verify(email, newest)).status).toBe(200);
  });

  it('refuses a code that is not 6 digits as a string with 422 naming otp_code', async () => {
    const res = await post('/v1/auth/email/verify-otp', { email: 'a@example.com', otp_code: 123456 });
    expect(res.status).toBe(422);
    expect(res.body.error.errors).toEqual({ otp_code: ['must be the 6-digit code as a string'] });
  });
});

describe('POST /v1/auth/email/register-otp', () => {
  it('turns a verified new address into an account and a session with is_new_user, and welcomes it', async () => {
    nextHour();
    const email = fresh();
    await requestOtp(email);
    const verified = await verify(email, await codeSentTo(email));
    expect(verified.status).toBe(200);
    expect(verified.body).toEqual({
      status: 'success',
      message: 'Email verified; register to finish',
      data: {
        email,
        next_action: 'register_otp',
        verified_token: expect.stringMatching(/^bzv_[A-Za-z0-9_-]{43}$/),
        expires_in: 900,
        expires_at: new Date(now + 900_000).toISOString().replace('.000Z', '+00:00'),
      },
    });
    const token = verified.body.data.verified_token;
    const res = await post('/v1/auth/email/register-otp', { first_name: 'Grace', last_name: 'Hopper', verified_token: token });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ is_new_user: true, user: { email, name: 'Grace Hopper' } });
    expect(await t.database.prisma.message.count({ where: { recipient: email, template: 'welcome' } })).toBe(1);

    const again = await post('/v1/auth/email/register-otp', { first_name: 'Grace', last_name: 'Hopper', verified_token: token });
    expect(again.status).toBe(422);
    expect(again.body.error).toMatchObject({
      code: 'verified_token_invalid',
      message: 'This verified_token is unknown, expired or used; verify the address again.',
    });
  });

  it('refuses a verified token after 15 minutes, and bad input naming each field', async () => {
    nextHour();
    const email = fresh();
    await requestOtp(email);
    const token = (await verify(email, await codeSentTo(email))).body.data.verified_token;
    now += 900_000;
    expect((await post('/v1/auth/email/register-otp', { first_name: 'A', last_name: 'B', verified_token: token })).body.error.code).toBe(
      'verified_token_invalid',
    );
    const bad = await post('/v1/auth/email/register-otp', { first_name: '', verified_token: 5 });
    expect(bad.status).toBe(422);
    expect(bad.body.error.errors).toEqual({
      first_name: ['must not be empty'],
      last_name: ['is required'],
      verified_token: ['must be the verified_token of verify-otp'],
    });
  });
});
