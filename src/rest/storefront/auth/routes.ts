import { customer, storeKey } from '../../../auth/requirements.js';
import { registerWithEmailOtp, requestEmailOtp, verifyEmailOtp } from '../../../domain/customers/otp/email-otp.js';
import { loginWithPassword, registerWithPassword } from '../../../domain/customers/passwords/password-sign-in.js';
import { refreshSession } from '../../../domain/customers/sessions/refresh-session.js';
import { signOut, signOutEverywhere } from '../../../domain/customers/sessions/sign-out.js';
import { single } from '../../kit/envelope.js';
import { defineRoute } from '../../kit/route.js';
import { presentEmailVerified, presentOtpSent, presentSession } from './presenters.js';
import {
  otpSentAnswer,
  registerWithEmailOtpBody,
  requestEmailOtpBody,
  verifyEmailOtpAnswer,
  verifyEmailOtpBody,
  loginWithPasswordBody,
  messageOnlyAnswer,
  refreshBody,
  registerWithPasswordBody,
  sessionAnswer,
  signOutEverywhereAnswer,
} from './schemas.js';

export const authRoutes = [
  defineRoute({
    method: 'POST',
    url: '/auth/email/request-otp',
    operationId: 'requestEmailOtp',
    tag: 'Sign-in',
    summary: 'Email a 6-digit sign-in code (300 s; another after 60 s)',
    description:
      'Too soon after the last code answers 429 otp_resend_too_soon; more than 5 codes an hour for the address, or 20 from the client, 429 verification_limit_exceeded. Both carry Retry-After.',
    auth: storeKey,
    body: requestEmailOtpBody,
    answer: otpSentAnswer,
    handle: async (ctx, { body, headers }) => ({
      body: single('Code sent', presentOtpSent(await requestEmailOtp(ctx, { ...body, clientIp: headers.clientIp }))),
    }),
  }),
  defineRoute({
    method: 'POST',
    url: '/auth/email/verify-otp',
    operationId: 'verifyEmailOtp',
    tag: 'Sign-in',
    summary: 'Verify the code: a session for an address with an account, a verified_token for a new one',
    description: 'A wrong code answers 422 otp_invalid (the message counts the tries left); after 5 wrong codes, or once used or expired, 422 otp_expired.',
    auth: storeKey,
    body: verifyEmailOtpBody,
    answer: verifyEmailOtpAnswer,
    handle: async (ctx, { body }) => {
      const verified = await verifyEmailOtp(ctx, body);
      return 'session' in verified
        ? { body: single('Signed in', presentSession(verified)) }
        : { body: single('Email verified; register to finish', presentEmailVerified(verified)) };
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/auth/email/register-otp',
    operationId: 'registerWithEmailOtp',
    tag: 'Sign-in',
    summary: 'Register a verified address with a name, signed in at this store',
    auth: storeKey,
    body: registerWithEmailOtpBody,
    answer: sessionAnswer,
    status: 201,
    handle: async (ctx, { body }) => ({ body: single('Registered and signed in', presentSession(await registerWithEmailOtp(ctx, body))) }),
  }),
  defineRoute({
    method: 'POST',
    url: '/auth/email/register-password',
    operationId: 'registerWithPassword',
    tag: 'Sign-in',
    summary: 'Register an account with an email address and a password, signed in at this store',
    description: 'An address that already has an account answers 409 account_exists.',
    auth: storeKey,
    body: registerWithPasswordBody,
    answer: sessionAnswer,
    status: 201,
    handle: async (ctx, { body }) => ({ body: single('Registered and signed in', presentSession(await registerWithPassword(ctx, body))) }),
  }),
  defineRoute({
    method: 'POST',
    url: '/auth/email/login',
    operationId: 'loginWithPassword',
    tag: 'Sign-in',
    summary: 'Sign in with an email address and a password',
    description: 'A wrong password and an unknown address answer the same 401 invalid_credentials; 5 failures in 15 minutes answer 429 login_throttled.',
    auth: storeKey,
    body: loginWithPasswordBody,
    answer: sessionAnswer,
    handle: async (ctx, { body }) => ({ body: single('Signed in', presentSession(await loginWithPassword(ctx, body))) }),
  }),
  defineRoute({
    method: 'POST',
    url: '/auth/refresh',
    operationId: 'refreshSession',
    tag: 'Sign-in',
    summary: 'Exchange a refresh token for a new session (rotation: the token works once)',
    description:
      'Presenting a spent refresh token signs out every session descended from the same sign-in. A live token another store issued answers 403 token_store_mismatch.',
    auth: storeKey,
    designed: true,
    body: refreshBody,
    answer: sessionAnswer,
    handle: async (ctx, { body }) => ({ body: single('Session refreshed', presentSession(await refreshSession(ctx, body))) }),
  }),
  defineRoute({
    method: 'POST',
    url: '/auth/logout',
    operationId: 'signOut',
    tag: 'Sign-in',
    summary: 'Sign out this session: its access and refresh tokens stop working',
    auth: customer,
    designed: true,
    answer: messageOnlyAnswer,
    handle: async (ctx) => {
      await signOut(ctx);
      return { body: { status: 'success', message: 'Signed out' } };
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/auth/logout-all',
    operationId: 'signOutEverywhere',
    tag: 'Sign-in',
    summary: 'Sign out every session of this customer at this store',
    auth: customer,
    designed: true,
    answer: signOutEverywhereAnswer,
    handle: async (ctx) => ({ body: single('Signed out everywhere', { signed_out: (await signOutEverywhere(ctx)).signedOut }) }),
  }),
];
