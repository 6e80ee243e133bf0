import { z } from 'zod';
import { registerWithPhoneShape, requestPhoneOtpShape, verifyPhoneOtpShape } from '../../domain/customers/accounts/account-fields.js';
import type { SignedIn } from '../../domain/customers/accounts/signed-in.js';
import { otpRules } from '../../domain/customers/otp/otp-codes.js';
import { registerWithPhone, requestPhoneOtp, verifyPhoneOtp, type PhoneOtpSent } from '../../domain/customers/otp/phone-otp.js';
import { parseInput } from '../../platform/validation/parse-input.js';
import { builder, storeKeyField } from '../builder.js';
import { asMutationPayload, UserError, type UserErrorShape } from '../shared/user-errors.js';
import { CustomerSession } from './session-type.js';

const argField = (field: string) => field;

const PhoneChannel = builder.enumType('PhoneChannel', { values: ['sms', 'whatsapp'] as const });

const RequestPhoneOtpPayload = builder.objectRef<{ sent: PhoneOtpSent | null; userErrors: UserErrorShape[] }>('RequestPhoneOtpPayload').implement({
  fields: (t) => ({
    phone: t.string({ nullable: true, description: 'E.164.', resolve: (p) => p.sent?.phone ?? null }),
    userExists: t.boolean({ nullable: true, resolve: (p) => p.sent?.userExists ?? null }),
    expiresIn: t.int({ resolve: () => otpRules.expiresInSeconds }),
    resendIn: t.int({ resolve: () => otpRules.resendInSeconds }),
    userErrors: t.field({ type: [UserError], resolve: (p) => p.userErrors }),
  }),
});

const PhoneSessionPayload = (name: string) =>
  builder.objectRef<{ session: SignedIn | null; userErrors: UserErrorShape[] }>(name).implement({
    fields: (t) => ({
      session: t.field({ type: CustomerSession, nullable: true, resolve: (p) => p.session }),
      userErrors: t.field({ type: [UserError], resolve: (p) => p.userErrors }),
    }),
  });

const VerifyPhoneOtpPayload = PhoneSessionPayload('VerifyPhoneOtpPayload');
const RegisterWithPhonePayload = PhoneSessionPayload('RegisterWithPhonePayload');

const phoneArgs = (t: Parameters<Parameters<typeof builder.mutationFields>[0]>[0]) => ({
  phone: t.arg.string({ required: true }),
  countryCode: t.arg.string({ required: true, description: 'The country ("US") or its calling code ("+1").' }),
});

builder.mutationFields((t) => ({
  requestPhoneOtp: t.field({
    type: RequestPhoneOtpPayload,
    ...storeKeyField,
    description: 'POST /auth/phone/request-otp: a sign-in code by SMS (default) or WhatsApp.',
    args: { ...phoneArgs(t), channel: t.arg({ type: PhoneChannel }) },
    resolve: async (_root, args, { ctx, clientIp }) => {
      const input = parseInput(z.strictObject(requestPhoneOtpShape), { ...args, channel: args.channel ?? undefined });
      const { result, userErrors } = await asMutationPayload(() => requestPhoneOtp(ctx, { ...input, clientIp }), argField);
      return { sent: result, userErrors };
    },
  }),
  verifyPhoneOtp: t.field({
    type: VerifyPhoneOtpPayload,
    ...storeKeyField,
    description: 'POST /auth/phone/verify-otp: signs in the account with this number; a number without one is the userError not_found.',
    args: { ...phoneArgs(t), otpCode: t.arg.string({ required: true }) },
    resolve: async (_root, args, { ctx }) => {
      const { result, userErrors } = await asMutationPayload(() => verifyPhoneOtp(ctx, parseInput(z.strictObject(verifyPhoneOtpShape), args)), argField);
      return { session: result, userErrors };
    },
  }),
  registerWithPhone: t.field({
    type: RegisterWithPhonePayload,
    ...storeKeyField,
    description: 'POST /auth/register: an account with a phone number proved by its code, and an email address.',
    args: {
      ...phoneArgs(t),
      firstName: t.arg.string({ required: true }),
      lastName: t.arg.string({ required: true }),
      email: t.arg.string({ required: true }),
      otpCode: t.arg.string({ required: true }),
    },
    resolve: async (_root, args, { ctx }) => {
      const { result, userErrors } = await asMutationPayload(() => registerWithPhone(ctx, parseInput(z.strictObject(registerWithPhoneShape), args)), argField);
      return { session: result, userErrors };
    },
  }),
}));
