import { z } from 'zod';
import { loginWithPasswordShape, registerWithPasswordShape } from '../../domain/customers/accounts/account-fields.js';
import type { SignedIn } from '../../domain/customers/accounts/signed-in.js';
import { loginWithPassword, registerWithPassword } from '../../domain/customers/passwords/password-sign-in.js';
import { refreshSession } from '../../domain/customers/sessions/refresh-session.js';
import { signOut, signOutEverywhere } from '../../domain/customers/sessions/sign-out.js';
import { parseInput } from '../../platform/validation/parse-input.js';
import { builder, customerField, storeKeyField } from '../builder.js';
import { inputField } from '../catalog/mutation-support.js';
import { asMutationPayload, UserError, type UserErrorShape } from '../shared/user-errors.js';
import { CustomerSession } from './session-type.js';

const registerInput = z.strictObject(registerWithPasswordShape);
const loginInput = z.strictObject(loginWithPasswordShape);

const RegisterWithPasswordInput = builder.inputType('RegisterWithPasswordInput', {
  fields: (t) => ({
    firstName: t.string({ required: true }),
    lastName: t.string({ required: true }),
    email: t.string({ required: true }),
    password: t.string({ required: true, description: 'At least 8 characters.' }),
    platform: t.string({ description: 'What the session is for, such as client_web (the default) or ios.' }),
  }),
});

const LoginWithPasswordInput = builder.inputType('LoginWithPasswordInput', {
  fields: (t) => ({
    email: t.string({ required: true }),
    password: t.string({ required: true }),
    platform: t.string(),
  }),
});

const SessionPayload = (name: string) =>
  builder.objectRef<{ session: SignedIn | null; userErrors: UserErrorShape[] }>(name).implement({
    fields: (t) => ({
      session: t.field({ type: CustomerSession, nullable: true, resolve: (p) => p.session }),
      userErrors: t.field({ type: [UserError], resolve: (p) => p.userErrors }),
    }),
  });

const SignOutPayload = builder.objectRef<{ signedOut: number }>('SignOutPayload').implement({
  fields: (t) => ({ signedOut: t.exposeInt('signedOut', { description: 'Sessions signed out.' }) }),
});

const RegisterPayload = SessionPayload('RegisterWithPasswordPayload');
const LoginPayload = SessionPayload('LoginWithPasswordPayload');
const RefreshPayload = SessionPayload('RefreshSessionPayload');

builder.mutationFields((t) => ({
  registerWithPassword: t.field({
    type: RegisterPayload,
    ...storeKeyField,
    description: 'POST /auth/email/register-password. An address that has an account answers the userError account_exists.',
    args: { input: t.arg({ type: RegisterWithPasswordInput, required: true }) },
    resolve: async (_root, args, { ctx }) => {
      const { result, userErrors } = await asMutationPayload(() => registerWithPassword(ctx, parseInput(registerInput, args.input)), inputField);
      return { session: result, userErrors };
    },
  }),
  loginWithPassword: t.field({
    type: LoginPayload,
    ...storeKeyField,
    description: 'POST /auth/email/login. Wrong credentials answer the error invalid_credentials (401 on REST), as REST does.',
    args: { input: t.arg({ type: LoginWithPasswordInput, required: true }) },
    resolve: async (_root, args, { ctx }) => {
      const { result, userErrors } = await asMutationPayload(() => loginWithPassword(ctx, parseInput(loginInput, args.input)), inputField);
      return { session: result, userErrors };
    },
  }),
  refreshSession: t.field({
    type: RefreshPayload,
    ...storeKeyField,
    description:
      'POST /auth/refresh: a new session of the same sign-in; the refresh token works once, and a spent one signs the whole sign-in out. Another store’s live token answers the error token_store_mismatch.',
    args: { refreshToken: t.arg.string({ required: true }) },
    resolve: async (_root, args, { ctx }) => ({ session: await refreshSession(ctx, { refreshToken: args.refreshToken }), userErrors: [] }),
  }),
  signOut: t.field({
    type: SignOutPayload,
    ...customerField,
    description: 'POST /auth/logout: this session stops working.',
    resolve: async (_root, _args, { ctx }) => {
      await signOut(ctx);
      return { signedOut: 1 };
    },
  }),
  signOutEverywhere: t.field({
    type: SignOutPayload,
    ...customerField,
    description: 'POST /auth/logout-all: every session of the shopper at this store stops working.',
    resolve: async (_root, _args, { ctx }) => signOutEverywhere(ctx),
  }),
}));
