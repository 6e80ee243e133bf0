import { z } from 'zod';
import { requiredText } from '../../../platform/validation/body-fields.js';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '../../../platform/crypto/passwords.js';
import { phoneChannels } from '../otp/phone-otp.js';
import { countryCodeInput, phoneInput } from './phone-number.js';

// The fields of sign-in and registration, named as the domain names them; REST parses them under
// snake_case wire names, GraphQL under these, so the rules and messages are one.

/** An email address, trimmed and lower-cased: one account per address whatever its case. */
export const emailInput = z
  .string({ error: 'must be an email address' })
  .trim()
  .max(254, { error: 'must be at most 254 characters' })
  .pipe(z.email({ error: 'must be an email address' }))
  .transform((v) => v.toLowerCase());

export const passwordInput = z
  .string({ error: 'must be a string' })
  .min(MIN_PASSWORD_LENGTH, { error: `must be at least ${MIN_PASSWORD_LENGTH} characters` })
  .max(MAX_PASSWORD_LENGTH, { error: `must be at most ${MAX_PASSWORD_LENGTH} characters` });

/** What a session is issued for: the spec's `platform` (`client_web` seen). */
export const platformInput = z
  .string({ error: 'must be a string' })
  .regex(/^[a-z][a-z0-9_]{1,31}$/, { error: 'must be a short lower-case name such as client_web or ios' })
  .optional();

export const registerWithPasswordShape = {
  firstName: requiredText(100),
  lastName: requiredText(100),
  email: emailInput,
  password: passwordInput,
  platform: platformInput,
};

export const loginWithPasswordShape = {
  email: emailInput,
  // Any length signs in: a rule changed since the password was set must not lock its owner out.
  password: z
    .string({ error: 'must be a string' })
    .min(1, { error: 'is required' })
    .max(MAX_PASSWORD_LENGTH, { error: `must be at most ${MAX_PASSWORD_LENGTH} characters` }),
  platform: platformInput,
};

export type RegisterWithPasswordInput = z.output<z.ZodObject<typeof registerWithPasswordShape>>;
export type LoginWithPasswordInput = z.output<z.ZodObject<typeof loginWithPasswordShape>>;

export const otpCodeInput = z.string({ error: 'must be the 6-digit code as a string' }).regex(/^\d{6}$/, { error: 'must be the 6-digit code as a string' });

export const requestEmailOtpShape = { email: emailInput };
export const verifyEmailOtpShape = { email: emailInput, otpCode: otpCodeInput };
export const registerWithEmailOtpShape = {
  firstName: requiredText(100),
  lastName: requiredText(100),
  verifiedToken: z.string({ error: 'must be the verified_token of verify-otp' }).min(1, { error: 'is required' }).max(200),
};

export const requestPhoneOtpShape = {
  phone: phoneInput,
  countryCode: countryCodeInput,
  channel: z.enum(phoneChannels, { error: `must be one of ${phoneChannels.join(', ')}` }).optional(),
};
export const verifyPhoneOtpShape = { phone: phoneInput, countryCode: countryCodeInput, otpCode: otpCodeInput };
export const registerWithPhoneShape = {
  firstName: requiredText(100),
  lastName: requiredText(100),
  email: emailInput,
  phone: phoneInput,
  countryCode: countryCodeInput,
  otpCode: otpCodeInput,
};

export const forgotPasswordShape = { email: emailInput };
export const resetPasswordShape = {
  token: z.string({ error: 'must be the token of the reset email' }).min(1, { error: 'is required' }).max(200),
  email: emailInput,
  password: passwordInput,
  passwordConfirmation: z.string({ error: 'must be a string' }),
};
