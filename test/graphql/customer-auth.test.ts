import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphql } from '../support/http.js';
import { makeStore, type TestStore } from '../support/stores.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let shop: TestStore;
let other: TestStore;

const SESSION =
  'session { accessToken refreshToken tokenType expiresIn refreshExpiresIn platform isNewUser account { email name customerId } } userErrors { field code message }';
const REGISTER = `mutation R($input: RegisterWithPasswordInput!) { registerWithPassword(input: $input) { ${SESSION} } }`;
const LOGIN = `mutation L($input: LoginWithPasswordInput!) { loginWithPassword(input: $input) { ${SESSION} } }`;
const REFRESH = `mutation F($token: String!) { refreshSession(refreshToken: $token) { ${SESSION} } }`;
const VIEWER = '{ customer { id email name firstName lastName customerId customerUid profileComplete } }';

const register = (email: string, key = shop.publicKey) =>
  graphql(t.app, key, REGISTER, { input: { firstName: 'Ada', lastName: 'Lovelace', email, password: 'analytical engine' } });
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

beforeAll(async () => {
  t = await startTestApp();
  shop = await makeStore(t.database);
  other = await makeStore(t.database);
});
afterAll(() => t.close());

describe('registerWithPassword', () => {
  it('registers and signs in, as POST /auth/email/register-password does', async () => {
    const res = await register('gql@example.com');
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
        account: { email: 'gql@example.com', name: 'Ada Lovelace', customerId: null },
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
    await register('taken-gql@example.com');
    const taken = await register('Taken-GQL@example.com');
    expect(taken.body.data.registerWithPassword.userErrors).toEqual([
      { field: null, code: 'account_exists', message: 'An account already uses this email address; sign in with it instead.' },
    ]);
  });
});

describe('loginWithPassword, customer, refreshSession, signOut', () => {
  it('signs in, reads the viewer with the bearer token, refreshes once, and signs out', async () => {
    await register('viewer@example.com');
    const login = await graphql(t.app, shop.publicKey, LOGIN, { input: { email: 'viewer@example.com', password: 'analytical engine' } });
    const session = login.body.data.loginWithPassword.session;
    expect(session.isNewUser).toBeNull();

    const viewer = await graphql(t.app, shop.publicKey, VIEWER, {}, bearer(session.accessToken));
    const record = await t.database.prisma.customer.findFirstOrThrow({ where: { storeId: shop.store.id, account: { email: 'viewer@example.com' } } });
    expect(viewer.body).toEqual({
      data: {
        customer: {
          id: expect.any(String),
          email: 'viewer@example.com',
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

    const fresh = (await graphql(t.app, shop.publicKey, LOGIN, { input: { email: 'viewer@example.com', password: 'analytical engine' } })).body.data
      .loginWithPassword.session;
    const out = await graphql(t.app, shop.publicKey, 'mutation { signOut { signedOut } }', {}, bearer(fresh.accessToken));
    expect(out.body).toEqual({ data: { signOut: { signedOut: 1 } } });
    const after = await graphql(t.app, shop.publicKey, VIEWER, {}, bearer(fresh.accessToken));
    expect(after.body.errors[0].extensions.code).toBe('customer_token_invalid');
  });

  it('answers invalid_credentials as an error, as REST answers 401', async () => {
    const res = await graphql(t.app, shop.publicKey, LOGIN, { input: { email: 'nobody@example.com', password: 'whatever!!' } });
    expect(res.body.errors[0].extensions.code).toBe('invalid_credentials');
  });
});

describe('the customer requirement on GraphQL', () => {
  it('answers customer_token_required without a token, token_store_mismatch for another store’s token', async () => {
    const none = await graphql(t.app, shop.publicKey, VIEWER);
    expect(none.body.errors[0].extensions.code).toBe('customer_token_required');
    const theirs = (await register('elsewhere@example.com', other.publicKey)).body.data.registerWithPassword.session;
    const mismatch = await graphql(t.app, shop.publicKey, VIEWER, {}, bearer(theirs.accessToken));
    expect(mismatch.body.errors[0].extensions.code).toBe('token_store_mismatch');
  });

  it('leaves catalogue queries alone when a stale token is sent', async () => {
    const res = await graphql(t.app, shop.publicKey, '{ shop { name } }', {}, bearer('bzc_stale'));
    expect(res.body.errors).toBeUndefined();
  });

  it('signOutEverywhere signs out every session at this store', async () => {
    const first = (await register('everywhere@example.com')).body.data.registerWithPassword.session;
    const second = (await graphql(t.app, shop.publicKey, LOGIN, { input: { email: 'everywhere@example.com', password: 'analytical engine' } })).body.data
      .loginWithPassword.session;
    const res = await graphql(t.app, shop.publicKey, 'mutation { signOutEverywhere { signedOut } }', {}, bearer(second.accessToken));
    expect(res.body).toEqual({ data: { signOutEverywhere: { signedOut: 2 } } });
    expect((await graphql(t.app, shop.publicKey, VIEWER, {}, bearer(first.accessToken))).body.errors[0].extensions.code).toBe('customer_token_invalid');
  });
});

describe('requestEmailOtp, verifyEmailOtp, registerWithEmailOtp', () => {
  const codeSentTo = async (email: string) => {
    const message = await t.database.prisma.message.findFirstOrThrow({ where: { recipient: email, template: 'otp' }, orderBy: { createdAt: 'desc' } });
    return /code is (\d{6})/.exec(message.text!)![1]!;
  };

  it('signs up a new address by code, as the REST flow does', async () => {
    const sent = await graphql(
      t.app,
      shop.publicKey,
      'mutation { requestEmailOtp(email: "Code@Example.com") { email userExists expiresIn resendIn userErrors { code } } }',
    );
    expect(sent.body.data.requestEmailOtp).toEqual({ email: 'code@example.com', userExists: false, expiresIn: 300, resendIn: 60, userErrors: [] });

    const wrong = await graphql(
      t.app,
      shop.publicKey,
      'mutation V($c: String!) { verifyEmailOtp(email: "code@example.com", otpCode: $c) { session { accessToken } verifiedToken userErrors { field code message } } }',
      {
        c: (await codeSentTo('code@example.com')) === '000000' ? '111111' : '000000',
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
      'mutation V($c: String!) { verifyEmailOtp(email: "code@example.com", otpCode: $c) { session { accessToken } verifiedToken verifiedTokenExpiresAt userErrors { code } } }',
      {
        c: await codeSentTo('code@example.com'),
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
      session: { isNewUser: true, account: { email: 'code@example.com', name: 'Code Breaker' } },
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
  const codeSentTo = async (phone: string) => {
    const message = await t.database.prisma.message.findFirstOrThrow({ where: { recipient: phone, template: 'otp' }, orderBy: { createdAt: 'desc' } });
    return /code is (\d{6})/.exec(message.text!)![1]!;
  };

  it('registers a phone number by code, as the REST flow does, and names a bad number in userErrors', async () => {
    const sent = await graphql(
      t.app,
      shop.publicKey,
      'mutation { requestPhoneOtp(phone: "201-555-0177", countryCode: "US", channel: whatsapp) { phone userExists userErrors { code } } }',
    );
    expect(sent.body.data.requestPhoneOtp).toEqual({ phone: '+12015550177', userExists: false, userErrors: [] });

    const registered = await graphql(
      t.app,
      shop.publicKey,
      'mutation R($c: String!) { registerWithPhone(phone: "2015550177", countryCode: "+1", firstName: "Hedy", lastName: "Lamarr", email: "hedy@example.com", otpCode: $c) { session { isNewUser account { phone email } } userErrors { code } } }',
      { c: await codeSentTo('+12015550177') },
    );
    expect(registered.body.data.registerWithPhone).toEqual({
      session: { isNewUser: true, account: { phone: '+12015550177', email: 'hedy@example.com' } },
      userErrors: [],
    });

    const bad = await graphql(t.app, shop.publicKey, 'mutation { requestPhoneOtp(phone: "1234567", countryCode: "US") { userErrors { field code message } } }');
    expect(bad.body.data.requestPhoneOtp.userErrors).toEqual([
      { field: 'phone', code: 'validation_failed', message: 'is not a valid phone number for country code US' },
    ]);

    const unknown = await graphql(
      t.app,
      shop.publicKey,
      'mutation { verifyPhoneOtp(phone: "2015550178", countryCode: "US", otpCode: "123456") { session { accessToken } userErrors { code } } }',
    );
    expect(unknown.body.data.verifyPhoneOtp).toEqual({ session: null, userErrors: [{ code: 'not_found' }] });
  });
});

describe('requestPasswordReset, resetPassword', () => {
  it('resets a password with the emailed token, and names a mismatched confirmation in userErrors', async () => {
    await register('gql-reset@example.com');
    const asked = await graphql(t.app, shop.publicKey, 'mutation { requestPasswordReset(email: "gql-reset@example.com") { done userErrors { code } } }');
    expect(asked.body.data.requestPasswordReset).toEqual({ done: true, userErrors: [] });
    const mail = await t.database.prisma.message.findFirstOrThrow({ where: { recipient: 'gql-reset@example.com', template: 'password_reset' } });
    const token = /(bzp_[A-Za-z0-9_-]+)/.exec(mail.text!)![1]!;

    const RESET =
      'mutation R($t: String!, $p: String!, $c: String!) { resetPassword(token: $t, email: "gql-reset@example.com", password: $p, passwordConfirmation: $c) { done userErrors { field code message } } }';
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
