import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphql } from '../support/http.js';
import { uniqueContacts } from '../support/merchant-customers.js';
import { makeStore, type TestStore } from '../support/stores.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let shop: TestStore;
let other: TestStore;
let now = Date.parse('2026-11-22T08:00:00.000Z');
// Accounts are platform-wide and a PostgreSQL test database outlives one run: addresses and numbers of this run only.
const { email: at, usPhone } = uniqueContacts();
/** Moves past the last test's hour, so the hourly caps on codes start afresh. */
const nextHour = () => (now = (Math.floor(now / 3_600_000) + 1) * 3_600_000 + 60_000);

const SESSION =
  'session { accessToken refreshToken tokenType expiresIn refreshExpiresIn platform isNewUser account { email name customerId } } userErrors { field code message }';
const REGISTER = `mutation R($input: RegisterWithPasswordInput!) { registerWithPassword(input: $input) { ${SESSION} } }`;
const LOGIN = `mutation L($input: LoginWithPasswordInput!) { loginWithPassword(input: $input) { ${SESSION} } }`;
const REFRESH = `mutation F($token: String!) { refreshSession(refreshToken: $token) { ${SESSION} } }`;
const VIEWER = '{ customer { id email name firstName lastName customerId customerUid profileComplete } }';

const register = (email: string, key = shop.publicKey) =>
  graphql(t.app, key, REGISTER, { input: { firstName: 'Ada', lastName: 'Lovelace', email, password: 'analytical engine' } });
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** The code of the newest sign-in message to an address or number, as the shopper would read it. */
async function codeSentTo(recipient: string): Promise<string> {
  const message = await t.database.prisma.message.findFirstOrThrow({ where: { recipient, template: 'otp' }, orderBy: { createdAt: 'desc' } });
  return /code is (\d{6})/.exec(message.text!)![1]!;
}

beforeAll(async () => {
  t = await startTestApp({}, { clock: () => now });
  shop = await makeStore(t.database);
  other = await makeStore(t.database);
});
afterAll(() => t.close());

describe('registerWithPassword', () => {
  it('registers and signs in, as POST /auth/email/register-password does', async () => {
    const res = await register(at('gql'));
    expect(res.status).toBe(200);
    expect(res.body.data.registerWithPassword).toEqual({
      session: {
        accessToken: expect.stringMatching(/^bzc_/),
        refreshToken: expect.stringMatching(/^bzr_/),
        tokenType: 'Bearer',
        expiresIn: 3600,
        refreshExpiresIn: 2592000,
        platform: 'client_web',
        isNewUser: true,
        account: { email: at('gql'), name: 'Ada Lovelace', customerId: null },
      },
      userErrors: [],
    });
  });

  it('answers userErrors naming the input fields, and account_exists for a taken address', async () => {
    const bad = await graphql(t.app, shop.publicKey, REGISTER, { input: { firstName: 'A', lastName: 'B', email: 'nope', password: 'short' } });
    expect(bad.body.data.registerWithPassword).toEqual({
      session: null,
      userErrors: [
        { field: 'input.email', code: 'validation_failed', message: 'must be an email address' },
        { field: 'input.password', code: 'validation_failed', message: 'must be at least 8 characters' },
      ],
    });
    await register(at('taken-gql'));
    const taken = await register(at('Taken-GQL'));
    expect(taken.body.data.registerWithPassword.userErrors).toEqual([
      { field: null, code: 'account_exists', message: 'An account already uses this email address; sign in with it instead.' },
    ]);
  });
});

describe('loginWithPassword, customer, refreshSession, signOut', () => {
  it('signs in, reads the viewer with the bearer token, refreshes once, and signs out', async () => {
    await register(at('viewer'));
    const login = await graphql(t.app, shop.publicKey, LOGIN, { input: { email: at('viewer'), password: 'analytical engine' } });
    const session = login.body.data.loginWithPassword.session;
    expect(session.isNewUser).toBeNull();

    const viewer = await graphql(t.app, shop.publicKey, VIEWER, {}, bearer(session.accessToken));
    const record = await t.database.prisma.customer.findFirstOrThrow({ where: { storeId: shop.store.id, account: { email: at('viewer') } } });
    expect(viewer.body).toEqual({
      data: {
        customer: {
          id: expect.any(String),
          email: at('viewer'),
          name: 'Ada Lovelace',
          firstName: 'Ada',
          lastName: 'Lovelace',
          customerId: record.id,
          customerUid: record.uid,
          profileComplete: false,
        },
      },
    });

    const refreshed = await graphql(t.app, shop.publicKey, REFRESH, { token: session.refreshToken });
    const next = refreshed.body.data.refreshSession.session;
    expect(next.accessToken).not.toBe(session.accessToken);
    const reused = await graphql(t.app, shop.publicKey, REFRESH, { token: session.refreshToken });
    expect(reused.body.errors[0].extensions.code).toBe('refresh_token_invalid');

    const fresh = (await graphql(t.app, shop.publicKey, LOGIN, { input: { email: at('viewer'), password: 'analytical engine' } })).body.data.loginWithPassword
      .session;
    const out = await graphql(t.app, shop.publicKey, 'mutation { signOut { signedOut } }', {}, bearer(fresh.accessToken));
    expect(out.body).toEqual({ data: { signOut: { signedOut: 1 } } });
    const after = await graphql(t.app, shop.publicKey, VIEWER, {}, bearer(fresh.accessToken));
    expect(after.body.errors[0].extensions.code).toBe('customer_token_invalid');
  });

  it('answers invalid_credentials as an error, as REST answers 401', async () => {
    const res = await graphql(t.app, shop.publicKey, LOGIN, { input: { email: at('nobody'), password: 'whatever!!' } });
    expect(res.body.errors[0].extensions.code).toBe('invalid_credentials');
  });
});

describe('the customer requirement on GraphQL', () => {
  it('answers customer_token_required without a token, token_store_mismatch for another store’s token', async () => {
    const none = await graphql(t.app, shop.publicKey, VIEWER);
    expect(none.body.errors[0].extensions.code).toBe('customer_token_required');
    const theirs = (await register(at('elsewhere'), other.publicKey)).body.data.registerWithPassword.session;
    const mismatch = await graphql(t.app, shop.publicKey, VIEWER, {}, bearer(theirs.accessToken));
    expect(mismatch.body.errors[0].extensions.code).toBe('token_store_mismatch');
  });

  it('leaves catalogue queries alone when a stale token is sent', async () => {
    const res = await graphql(t.app, shop.publicKey, '{ shop { name } }', {}, bearer('bzc_stale'));
    expect(res.body.errors).toBeUndefined();
  });

  it('signOutEverywhere signs out every session at this store', async () => {
    const first = (await register(at('everywhere'))).body.data.registerWithPassword.session;
    const second = (await graphql(t.app, shop.publicKey, LOGIN, { input: { email: at('everywhere'), password: 'analytical engine' } })).body.data
      .loginWithPassword.session;
    const res = await graphql(t.app, shop.publicKey, 'mutation { signOutEverywhere { signedOut } }', {}, bearer(second.accessToken));
    expect(res.body).toEqual({ data: { signOutEverywhere: { signedOut: 2 } } });
    expect((await graphql(t.app, shop.publicKey, VIEWER, {}, bearer(first.accessToken))).body.errors[0].extensions.code).toBe('customer_token_invalid');
  });
});

describe('requestEmailOtp, verifyEmailOtp, registerWithEmailOtp', () => {
  it('signs up a new address by code, as the REST flow does', async () => {
    const sent = await graphql(
      t.app,
      shop.publicKey,
      `mutation { requestEmailOtp(email: "${at('code')}") { email userExists expiresIn resendIn userErrors { code } } }`,
    );
    expect(sent.body.data.requestEmailOtp).toEqual({ email: at('code'), userExists: false, expiresIn: 300, resendIn: 60, userErrors: [] });

    const wrong = await graphql(
      t.app,
      shop.publicKey,
      `mutation V($c: String!) { verifyEmailOtp(email: "${at('code')}", otpCode: $c) { session { accessToken } verifiedToken userErrors { field code message } } }`,
      {
        c: (await codeSentTo(at('code'))) === '000000' ? '111111' : '000000',
      },
    );
    expect(wrong.body.data.verifyEmailOtp).toEqual({
      session: null,
      verifiedToken: null,
      userErrors: [{ field: null, code: 'otp_invalid', message: 'This code is not right; 4 tries left.' }],
    });

    const verified = await graphql(
      t.app,
      shop.publicKey,
      `mutation V($c: String!) { verifyEmailOtp(email: "${at('code')}", otpCode: $c) { session { accessToken } verifiedToken verifiedTokenExpiresAt userErrors { code } } }`,
      {
        c: await codeSentTo(at('code')),
      },
    );
    const { verifiedToken } = verified.body.data.verifyEmailOtp;
    expect(verified.body.data.verifyEmailOtp).toMatchObject({ session: null, verifiedToken: expect.stringMatching(/^bzv_/), userErrors: [] });

    const registered = await graphql(
      t.app,
      shop.publicKey,
      'mutation R($v: String!) { registerWithEmailOtp(firstName: "Code", lastName: "Breaker", verifiedToken: $v) { session { isNewUser account { email name } } userErrors { code } } }',
      { v: verifiedToken },
    );
    expect(registered.body.data.registerWithEmailOtp).toEqual({
      session: { isNewUser: true, account: { email: at('code'), name: 'Code Breaker' } },
      userErrors: [],
    });
  });

  it('names a malformed argument in userErrors', async () => {
    const res = await graphql(
      t.app,
      shop.publicKey,
      'mutation { verifyEmailOtp(email: "x@example.com", otpCode: "12") { userErrors { field code message } } }',
    );
    expect(res.body.data.verifyEmailOtp.userErrors).toEqual([{ field: 'otpCode', code: 'validation_failed', message: 'must be the 6-digit code as a string' }]);
  });
});

describe('requestPhoneOtp, registerWithPhone, verifyPhoneOtp', () => {
  it('registers a phone number by code, as the REST flow does, and names a bad number in userErrors', async () => {
    const sent = await graphql(
      t.app,
      shop.publicKey,
      `mutation { requestPhoneOtp(phone: "${usPhone('0177')}", countryCode: "US", channel: whatsapp) { phone userExists userErrors { code } } }`,
    );
    expect(sent.body.data.requestPhoneOtp).toEqual({ phone: `+1${usPhone('0177')}`, userExists: false, userErrors: [] });

    const registered = await graphql(
      t.app,
      shop.publicKey,
      `mutation R($c: String!) { registerWithPhone(phone: "${usPhone('0177')}", countryCode: "+1", firstName: "Hedy", lastName: "Lamarr", email: "${at('hedy')}", otpCode: $c) { session { isNewUser account { phone email } } userErrors { code } } }`,
      { c: await codeSentTo(`+1${usPhone('0177')}`) },
    );
    expect(registered.body.data.registerWithPhone).toEqual({
      session: { isNewUser: true, account: { phone: `+1${usPhone('0177')}`, email: at('hedy') } },
      userErrors: [],
    });

    const bad = await graphql(t.app, shop.publicKey, 'mutation { requestPhoneOtp(phone: "1234567", countryCode: "US") { userErrors { field code message } } }');
    expect(bad.body.data.requestPhoneOtp.userErrors).toEqual([
      { field: 'phone', code: 'validation_failed', message: 'is not a valid phone number for country code US' },
    ]);

    const unknown = await graphql(
      t.app,
      shop.publicKey,
      `mutation { verifyPhoneOtp(phone: "${usPhone('0178')}", countryCode: "US", otpCode: "123456") { session { accessToken } userErrors { code } } }`,
    );
    expect(unknown.body.data.verifyPhoneOtp).toEqual({ session: null, userErrors: [{ code: 'not_found' }] });
  });
});

describe('requestPasswordReset, resetPassword', () => {
  it('resets a password with the emailed token, and names a mismatched confirmation in userErrors', async () => {
    await register(at('gql-reset'));
    const asked = await graphql(t.app, shop.publicKey, `mutation { requestPasswordReset(email: "${at('gql-reset')}") { done userErrors { code } } }`);
    expect(asked.body.data.requestPasswordReset).toEqual({ done: true, userErrors: [] });
    const mail = await t.database.prisma.message.findFirstOrThrow({ where: { recipient: at('gql-reset'), template: 'password_reset' } });
    const token = /(bzp_[A-Za-z0-9_-]+)/.exec(mail.text!)![1]!;

    const RESET = `mutation R($t: String!, $p: String!, $c: String!) { resetPassword(token: $t, email: "${at('gql-reset')}", password: $p, passwordConfirmation: $c) { done userErrors { field code message } } }`;
    const mismatch = await graphql(t.app, shop.publicKey, RESET, { t: token, p: 'new password', c: 'other password' });
    expect(mismatch.body.data.resetPassword).toEqual({
      done: false,
      userErrors: [{ field: 'passwordConfirmation', code: 'validation_failed', message: 'must match password' }],
    });
    const done = await graphql(t.app, shop.publicKey, RESET, { t: token, p: 'new password', c: 'new password' });
    expect(done.body.data.resetPassword).toEqual({ done: true, userErrors: [] });
    const used = await graphql(t.app, shop.publicKey, RESET, { t: token, p: 'new password', c: 'new password' });
    expect(used.body.data.resetPassword.userErrors[0].code).toBe('reset_token_invalid');
  });
});

describe('expiry, resend and throttling on the request clock', () => {
  const REQUEST_EMAIL = 'mutation Q($e: String!) { requestEmailOtp(email: $e) { email userErrors { field code message } } }';
  const VERIFY_EMAIL =
    'mutation V($e: String!, $c: String!) { verifyEmailOtp(email: $e, otpCode: $c) { session { accessToken } verifiedToken userErrors { field code message } } }';
  const REGISTER_EMAIL =
    'mutation R($v: String!) { registerWithEmailOtp(firstName: "Ada", lastName: "Lovelace", verifiedToken: $v) { session { isNewUser } userErrors { field code message } } }';
  const requestCode = (email: string) => graphql(t.app, shop.publicKey, REQUEST_EMAIL, { e: email });
  const verify = (email: string, code: string) => graphql(t.app, shop.publicKey, VERIFY_EMAIL, { e: email, c: code });
  const wrongFor = (code: string) => (code === '000000' ? '111111' : '000000');
  const login = (email: string, password: string) => graphql(t.app, shop.publicKey, LOGIN, { input: { email, password } });
  const OTP_EXPIRED = { field: null, code: 'otp_expired', message: 'This code expired, was used, or too many wrong codes were tried; request a new one.' };
  /** A mutation that failed as a GraphQL error with the REST code, as REST answers 401, 403 or 429. */
  const failed = (field: string, code: string, message: string) => ({
    data: null,
    errors: [{ message, locations: expect.any(Array), path: [field], extensions: { code, request_id: expect.any(String) } }],
  });

  it('takes a code at 299 s and answers otp_expired at 300 s', async () => {
    nextHour();
    await requestCode(at('clock-299'));
    await requestCode(at('clock-300'));
    now += 299_000;
    expect((await verify(at('clock-299'), await codeSentTo(at('clock-299')))).body.data.verifyEmailOtp).toMatchObject({
      verifiedToken: expect.stringMatching(/^bzv_/),
      userErrors: [],
    });
    now += 1000;
    expect((await verify(at('clock-300'), await codeSentTo(at('clock-300')))).body.data.verifyEmailOtp).toEqual({
      session: null,
      verifiedToken: null,
      userErrors: [OTP_EXPIRED],
    });
  });

  it('refuses another code within 60 s with the error otp_resend_too_soon, then sends one', async () => {
    nextHour();
    expect((await requestCode(at('resend'))).body.data.requestEmailOtp).toEqual({ email: at('resend'), userErrors: [] });
    now += 45_000;
    expect((await requestCode(at('resend'))).body).toEqual(
      failed('requestEmailOtp', 'otp_resend_too_soon', 'A code was sent moments ago; request another in 15 s.'),
    );
    now += 15_000;
    expect((await requestCode(at('resend'))).body.data.requestEmailOtp).toEqual({ email: at('resend'), userErrors: [] });
  });

  it('kills the challenge after 5 wrong codes: even the right code then answers otp_expired', async () => {
    nextHour();
    await requestCode(at('lockout'));
    const code = await codeSentTo(at('lockout'));
    for (const left of ['4 tries', '3 tries', '2 tries', '1 try']) {
      expect((await verify(at('lockout'), wrongFor(code))).body.data.verifyEmailOtp.userErrors).toEqual([
        { field: null, code: 'otp_invalid', message: `This code is not right; ${left} left.` },
      ]);
    }
    expect((await verify(at('lockout'), wrongFor(code))).body.data.verifyEmailOtp.userErrors).toEqual([OTP_EXPIRED]);
    expect((await verify(at('lockout'), code)).body.data.verifyEmailOtp).toEqual({ session: null, verifiedToken: null, userErrors: [OTP_EXPIRED] });
  });

  it('refuses a verified token 15 minutes old with the userError verified_token_invalid', async () => {
    nextHour();
    await requestCode(at('verified-late'));
    const { verifiedToken } = (await verify(at('verified-late'), await codeSentTo(at('verified-late')))).body.data.verifyEmailOtp;
    now += 900_000;
    const res = await graphql(t.app, shop.publicKey, REGISTER_EMAIL, { v: verifiedToken });
    expect(res.body.data.registerWithEmailOtp).toEqual({
      session: null,
      userErrors: [{ field: null, code: 'verified_token_invalid', message: 'This verified_token is unknown, expired or used; verify the address again.' }],
    });
  });

  it('refuses a refresh token 30 days old with the error refresh_token_invalid', async () => {
    const session = (await register(at('refresh-late'))).body.data.registerWithPassword.session;
    now += 2_592_000_000;
    expect((await graphql(t.app, shop.publicKey, REFRESH, { token: session.refreshToken })).body).toEqual(
      failed('refreshSession', 'refresh_token_invalid', 'The refresh token is unknown, expired, already used or signed out; sign in again.'),
    );
  });

  it('throttles password sign-in after 5 failures with the error login_throttled until the window ends', async () => {
    nextHour();
    await register(at('throttled'));
    for (let i = 0; i < 5; i++) {
      expect((await login(at('throttled'), `wrong ${i}!!`)).body).toEqual(
        failed('loginWithPassword', 'invalid_credentials', 'The email address and password do not match an account.'),
      );
    }
    // The 15-minute window began at :00 and the clock reads :01.
    expect((await login(at('throttled'), 'analytical engine')).body).toEqual(
      failed('loginWithPassword', 'login_throttled', 'Too many failed sign-ins for this account; try again in 840 s or reset the password.'),
    );
    now += 840_000;
    expect((await login(at('throttled'), 'analytical engine')).body.data.loginWithPassword.userErrors).toEqual([]);
  });

  it('signs out the whole sign-in when a spent refresh token comes back: the newer session stops working', async () => {
    const first = (await register(at('reuse'))).body.data.registerWithPassword.session;
    now += 60_000;
    const second = (await graphql(t.app, shop.publicKey, REFRESH, { token: first.refreshToken })).body.data.refreshSession.session;
    expect((await graphql(t.app, shop.publicKey, VIEWER, {}, bearer(second.accessToken))).body.data.customer.email).toBe(at('reuse'));

    expect((await graphql(t.app, shop.publicKey, REFRESH, { token: first.refreshToken })).body).toEqual(
      failed('refreshSession', 'refresh_token_invalid', 'The refresh token is unknown, expired, already used or signed out; sign in again.'),
    );
    expect((await graphql(t.app, shop.publicKey, VIEWER, {}, bearer(second.accessToken))).body.errors[0].extensions.code).toBe('customer_token_invalid');
    expect((await graphql(t.app, shop.publicKey, REFRESH, { token: second.refreshToken })).body.errors[0].extensions.code).toBe('refresh_token_invalid');
  });

  it('answers the error token_store_mismatch for another store’s live refresh token, which still works there', async () => {
    const theirs = (await register(at('refresh-elsewhere'), other.publicKey)).body.data.registerWithPassword.session;
    expect((await graphql(t.app, shop.publicKey, REFRESH, { token: theirs.refreshToken })).body).toEqual(
      failed('refreshSession', 'token_store_mismatch', `This refresh token was issued by another store; sign in at ${shop.store.name}.`),
    );
    const there = await graphql(t.app, other.publicKey, REFRESH, { token: theirs.refreshToken });
    expect(there.body.data.refreshSession.session.account.email).toBe(at('refresh-elsewhere'));
  });

  it('verifyPhoneOtp signs in an account registered by phone', async () => {
    nextHour();
    const REQUEST_PHONE = `mutation { requestPhoneOtp(phone: "${usPhone('0179')}", countryCode: "US") { phone userExists userErrors { code } } }`;
    await graphql(t.app, shop.publicKey, REQUEST_PHONE);
    await graphql(
      t.app,
      shop.publicKey,
      `mutation R($c: String!) { registerWithPhone(phone: "${usPhone('0179')}", countryCode: "US", firstName: "Radia", lastName: "Perlman", email: "${at('radia')}", otpCode: $c) { userErrors { code } } }`,
      { c: await codeSentTo(`+1${usPhone('0179')}`) },
    );
    now += 60_000;
    expect((await graphql(t.app, shop.publicKey, REQUEST_PHONE)).body.data.requestPhoneOtp).toEqual({
      phone: `+1${usPhone('0179')}`,
      userExists: true,
      userErrors: [],
    });
    const signedIn = await graphql(
      t.app,
      shop.publicKey,
      `mutation V($c: String!) { verifyPhoneOtp(phone: "${usPhone('0179')}", countryCode: "+1", otpCode: $c) { session { accessToken isNewUser account { phone email name } } userErrors { code } } }`,
      { c: await codeSentTo(`+1${usPhone('0179')}`) },
    );
    const { session } = signedIn.body.data.verifyPhoneOtp;
    expect(signedIn.body.data.verifyPhoneOtp).toEqual({
      session: {
        accessToken: expect.stringMatching(/^bzc_/),
        isNewUser: null,
        account: { phone: `+1${usPhone('0179')}`, email: at('radia'), name: 'Radia Perlman' },
      },
      userErrors: [],
    });
    expect((await graphql(t.app, shop.publicKey, VIEWER, {}, bearer(session.accessToken))).body.data.customer.email).toBe(at('radia'));
  });
});
