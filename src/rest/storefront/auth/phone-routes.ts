import { storeKey } from '../../../auth/requirements.js';
import { registerWithPhone, requestPhoneOtp, verifyPhoneOtp } from '../../../domain/customers/otp/phone-otp.js';
import { single } from '../../kit/envelope.js';
import { defineRoute } from '../../kit/route.js';
import { presentPhoneOtpSent, presentSession } from './presenters.js';
import { phoneOtpSentAnswer, registerWithPhoneBody, requestPhoneOtpBody, sessionAnswer, verifyPhoneOtpBody } from './schemas.js';

export const phoneAuthRoutes = [
  defineRoute({
    method: 'POST',
    url: '/auth/phone/request-otp',
    operationId: 'requestPhoneOtp',
    tag: 'Sign-in',
    summary: 'Send a 6-digit sign-in code by SMS (default) or WhatsApp',
    description: 'phone with country_code ("US" or "+1") is normalized to E.164. The limits of the email code apply.',
    auth: storeKey,
    body: requestPhoneOtpBody,
    answer: phoneOtpSentAnswer,
    handle: async (ctx, { body, headers }) => ({
      body: single('Code sent', presentPhoneOtpSent(await requestPhoneOtp(ctx, { ...body, clientIp: headers.clientIp }))),
    }),
  }),
  defineRoute({
    method: 'POST',
    url: '/auth/phone/verify-otp',
    operationId: 'verifyPhoneOtp',
    tag: 'Sign-in',
    summary: 'Sign in with the code sent to a phone number',
    description: 'A number without an account answers 404 not_found without spending the code, which then registers it (POST /auth/register).',
    auth: storeKey,
    body: verifyPhoneOtpBody,
    answer: sessionAnswer,
    handle: async (ctx, { body }) => ({ body: single('Signed in', presentSession(await verifyPhoneOtp(ctx, body))) }),
  }),
  defineRoute({
    method: 'POST',
    url: '/auth/register',
    operationId: 'registerWithPhone',
    tag: 'Sign-in',
    summary: 'Register with a phone number proved by its code, and an email address',
    description: 'A number or address that has an account answers 409 account_exists before the code is spent.',
    auth: storeKey,
    body: registerWithPhoneBody,
    answer: sessionAnswer,
    status: 201,
    handle: async (ctx, { body }) => ({ body: single('Registered and signed in', presentSession(await registerWithPhone(ctx, body))) }),
  }),
];
