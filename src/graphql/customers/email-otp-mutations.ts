import { z } from 'zod';
import { registerWithEmailOtpShape, requestEmailOtpShape, verifyEmailOtpShape } from '../../domain/customers/accounts/account-fields.js';
import type { SignedIn } from '../../domain/customers/accounts/signed-in.js';
import { registerWithEmailOtp, requestEmailOtp, verifyEmailOtp, type EmailVerified, type OtpSent } from '../../domain/customers/otp/email-otp.js';
import { otpRules } from '../../domain/customers/otp/otp-codes.js';
import { parseInput } from '../../platform/validation/parse-input.js';
import { builder, storeKeyField } from '../builder.js';
import { asMutationPayload, UserError, type UserErrorShape } from '../shared/user-errors.js';
import { CustomerSession } from './session-type.js';

const argField = (field: string) => field;

const RequestEmailOtpPayload = builder.objectRef<{ sent: OtpSent | null; userErrors: UserErrorShape[] }>('RequestEmailOtpPayload').implement({
  fields: (t) => ({
    email: t.string({ nullable: true, resolve: (p) => p.sent?.email ?? null }),
    userExists: t.boolean({ nullable: true, resolve: (p) => p.sent?.userExists ?? null }),
    expiresIn: t.int({ description: 'Seconds the code lives.', resolve: () => otpRules.expiresInSeconds }),
    resendIn: t.int({ description: 'Seconds before another code may be sent.', resolve: () => otpRules.resendInSeconds }),
    userErrors: t.field({ type: [UserError], resolve: (p) => p.userErrors }),
  }),
});

const VerifyEmailOtpPayload = builder.objectRef<{ result: SignedIn | EmailVerified | null; userErrors: UserErrorShape[] }>('VerifyEmailOtpPayload').implement({
  description: 'A session when the address has an account; otherwise a verifiedToken for registerWithEmailOtp.',
  fields: (t) => ({
    session: t.field({ type: CustomerSession, nullable: true, resolve: (p) => (p.result && 'session' in p.result ? p.result : null) }),
    verifiedToken: t.string({ nullable: true, resolve: (p) => (p.result && 'verifiedToken' in p.result ? p.result.verifiedToken : null) }),
    verifiedTokenExpiresAt: t.field({
      type: 'DateTime',
      nullable: true,
      resolve: (p) => (p.result && 'verifiedToken' in p.result ? p.result.expiresAt : null),
    }),
    userErrors: t.field({ type: [UserError], resolve: (p) => p.userErrors }),
  }),
});

const RegisterWithEmailOtpPayload = builder.objectRef<{ session: SignedIn | null; userErrors: UserErrorShape[] }>('RegisterWithEmailOtpPayload').implement({
  fields: (t) => ({
    session: t.field({ type: CustomerSession, nullable: true, resolve: (p) => p.session }),
    userErrors: t.field({ type: [UserError], resolve: (p) => p.userErrors }),
  }),
});

builder.mutationFields((t) => ({
  requestEmailOtp: t.field({
    type: RequestEmailOtpPayload,
    ...storeKeyField,
    description: 'POST /auth/email/request-otp: email a 6-digit sign-in code. Limits answer the errors otp_resend_too_soon and verification_limit_exceeded.',
    args: { email: t.arg.string({ required: true }) },
    resolve: async (_root, args, { ctx, clientIp }) => {
      const { result, userErrors } = await asMutationPayload(
        async () => requestEmailOtp(ctx, { ...parseInput(z.strictObject(requestEmailOtpShape), args), clientIp }),
        argField,
      );
      return { sent: result, userErrors };
    },
  }),
  verifyEmailOtp: t.field({
    type: VerifyEmailOtpPayload,
    ...storeKeyField,
    description: 'POST /auth/email/verify-otp. A wrong code is the userError otp_invalid; a dead challenge otp_expired.',
    args: { email: t.arg.string({ required: true }), otpCode: t.arg.string({ required: true }) },
    resolve: async (_root, args, { ctx }) => asMutationPayload(() => verifyEmailOtp(ctx, parseInput(z.strictObject(verifyEmailOtpShape), args)), argField),
  }),
  registerWithEmailOtp: t.field({
    type: RegisterWithEmailOtpPayload,
    ...storeKeyField,
    description: 'POST /auth/email/register-otp: the verified address becomes an account, signed in at this store.',
    args: { firstName: t.arg.string({ required: true }), lastName: t.arg.string({ required: true }), verifiedToken: t.arg.string({ required: true }) },
    resolve: async (_root, args, { ctx }) => {
      const { result, userErrors } = await asMutationPayload(
        () => registerWithEmailOtp(ctx, parseInput(z.strictObject(registerWithEmailOtpShape), args)),
        argField,
      );
      return { session: result, userErrors };
    },
  }),
}));
