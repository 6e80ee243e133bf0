import { z } from 'zod';
import { forgotPasswordShape, resetPasswordShape } from '../../domain/customers/accounts/account-fields.js';
import { requestPasswordReset, resetPassword } from '../../domain/customers/passwords/password-reset.js';
import { parseInput } from '../../platform/validation/parse-input.js';
import { builder, storeKeyField } from '../builder.js';
import { asMutationPayload, UserError, type UserErrorShape } from '../shared/user-errors.js';

const argField = (field: string) => field;

const DonePayload = (name: string) =>
  builder.objectRef<{ done: boolean; userErrors: UserErrorShape[] }>(name).implement({
    fields: (t) => ({
      done: t.exposeBoolean('done', { description: 'True once the request was accepted.' }),
      userErrors: t.field({ type: [UserError], resolve: (p) => p.userErrors }),
    }),
  });

const RequestPasswordResetPayload = DonePayload('RequestPasswordResetPayload');
const ResetPasswordPayload = DonePayload('ResetPasswordPayload');

builder.mutationFields((t) => ({
  requestPasswordReset: t.field({
    type: RequestPasswordResetPayload,
    ...storeKeyField,
    description: 'POST /auth/email/forgot-password: the same answer whether or not the address has an account.',
    args: { email: t.arg.string({ required: true }) },
    resolve: async (_root, args, { ctx, clientIp }) => {
      const { result, userErrors } = await asMutationPayload(
        () => requestPasswordReset(ctx, { ...parseInput(z.strictObject(forgotPasswordShape), args), clientIp }),
        argField,
      );
      return { done: result !== null, userErrors };
    },
  }),
  resetPassword: t.field({
    type: ResetPasswordPayload,
    ...storeKeyField,
    description: 'POST /auth/email/reset-password: a new password with a reset token; every session of the account is signed out.',
    args: {
      token: t.arg.string({ required: true }),
      email: t.arg.string({ required: true }),
      password: t.arg.string({ required: true }),
      passwordConfirmation: t.arg.string({ required: true }),
    },
    resolve: async (_root, args, { ctx }) => {
      const { result, userErrors } = await asMutationPayload(() => resetPassword(ctx, parseInput(z.strictObject(resetPasswordShape), args)), argField);
      return { done: result !== null, userErrors };
    },
  }),
}));
