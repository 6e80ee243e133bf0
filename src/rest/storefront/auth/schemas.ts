import { z } from 'zod';
import {
  loginWithPasswordShape,
  registerWithEmailOtpShape,
  registerWithPasswordShape,
  requestEmailOtpShape,
  verifyEmailOtpShape,
  registerWithPhoneShape,
  requestPhoneOtpShape,
  verifyPhoneOtpShape,
  forgotPasswordShape,
  resetPasswordShape,
} from '../../../domain/customers/accounts/account-fields.js';
import { singleAnswer } from '../../kit/envelope.js';
import { wireObject } from '../../kit/wire-object.js';

const text = z.string().nullable();
const timestampWithOffset = z.string().meta({ description: 'ISO 8601 with offset, such as 2026-11-22T13:00:00+00:00.' });

/** The spec's `user` of a customer session: the account, located by its default saved address. */
export const sessionUser = z.strictObject({
  id: z.string().meta({ description: 'The account id (uuid): the same shopper at every store.' }),
  name: z.string(),
  email: text,
  phone: text,
  avatar: text,
  country: text,
  state: text,
  region: text,
  city: text,
  address: text,
  map_lat: text.meta({ description: 'Decimal string.' }),
  map_lng: text.meta({ description: 'Decimal string.' }),
  is_rider: z.boolean(),
  rider_approved: z.boolean(),
  profile_complete: z.boolean().meta({ description: 'First and last name, email and phone are all set.' }),
});

/** The spec's customer session, the `data` of every sign-in, registration and refresh answer. */
export const customerSession = z.strictObject({
  token: z.string(),
  access_token: z.string().meta({ description: 'The same credential as token; send it as Authorization: Bearer.' }),
  refresh_token: z.string().meta({ description: 'Exchange it at POST /auth/refresh; it works once.' }),
  token_type: z.literal('Bearer'),
  expires_in: z.int(),
  expires_at: timestampWithOffset,
  refresh_expires_in: z.int(),
  refresh_expires_at: timestampWithOffset,
  platform: z.string(),
  user: sessionUser,
  is_new_user: z.boolean().optional().meta({ description: 'Present on registration answers.' }),
});

export const sessionAnswer = singleAnswer(customerSession);
export const messageOnlyAnswer = z.strictObject({ status: z.literal('success'), message: z.string() });

export const registerWithPasswordBody = wireObject(registerWithPasswordShape);
export const loginWithPasswordBody = wireObject(loginWithPasswordShape);
export const refreshBody = z
  .strictObject({
    refresh_token: z.string({ error: 'must be the refresh_token of a session answer' }).min(1, { error: 'is required' }).max(200),
  })
  .transform((b) => ({ refreshToken: b.refresh_token }));
export const signOutEverywhereAnswer = singleAnswer(z.strictObject({ signed_out: z.int().meta({ description: 'Sessions signed out at this store.' }) }));

export const requestEmailOtpBody = wireObject(requestEmailOtpShape);
export const verifyEmailOtpBody = wireObject(verifyEmailOtpShape);
export const registerWithEmailOtpBody = wireObject(registerWithEmailOtpShape);

export const otpSentAnswer = singleAnswer(
  z.strictObject({
    email: z.string(),
    next_action: z.literal('verify_otp'),
    user_exists: z.boolean(),
    expires_in: z.int().meta({ description: 'Seconds the code lives (300).' }),
    resend_in: z.int().meta({ description: 'Seconds before another code may be sent (60).' }),
  }),
);

/** verify-otp for an address without an account: proof it receives mail, for register-otp. */
export const emailVerified = z.strictObject({
  email: z.string(),
  next_action: z.literal('register_otp'),
  verified_token: z.string().meta({ description: 'Send to POST /auth/email/register-otp with first_name and last_name; single use.' }),
  expires_in: z.int().meta({ description: 'Seconds the verified_token lives (900).' }),
  expires_at: timestampWithOffset,
});

export const verifyEmailOtpAnswer = singleAnswer(z.union([customerSession, emailVerified]));

export const requestPhoneOtpBody = wireObject(requestPhoneOtpShape);
export const verifyPhoneOtpBody = wireObject(verifyPhoneOtpShape);
export const registerWithPhoneBody = wireObject(registerWithPhoneShape);

export const phoneOtpSentAnswer = singleAnswer(
  z.strictObject({
    phone: z.string().meta({ description: 'The number in E.164, as the code was sent to it.' }),
    next_action: z.literal('verify_otp'),
    user_exists: z.boolean(),
    expires_in: z.int(),
    resend_in: z.int(),
  }),
);

export const forgotPasswordBody = wireObject(forgotPasswordShape);
export const resetPasswordBody = wireObject(resetPasswordShape);
