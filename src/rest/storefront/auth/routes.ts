import { customer, storeKey } from '../../../auth/requirements.js';
import { loginWithPassword, registerWithPassword } from '../../../domain/customers/passwords/password-sign-in.js';
import { refreshSession } from '../../../domain/customers/sessions/refresh-session.js';
import { signOut, signOutEverywhere } from '../../../domain/customers/sessions/sign-out.js';
import { single } from '../../kit/envelope.js';
import { defineRoute } from '../../kit/route.js';
import { presentSession } from './presenters.js';
import {
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
    description: 'Presenting a spent refresh token signs out every session descended from the same sign-in.',
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
    summary: "Sign out this session: its access and refresh tokens stop working",
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
