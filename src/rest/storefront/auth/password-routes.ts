import { storeKey } from '../../../auth/requirements.js';
import { requestPasswordReset, resetPassword } from '../../../domain/customers/passwords/password-reset.js';
import { defineRoute } from '../../kit/route.js';
import { forgotPasswordBody, messageOnlyAnswer, resetPasswordBody } from './schemas.js';

export const passwordRoutes = [
  defineRoute({
    method: 'POST',
    url: '/auth/email/forgot-password',
    operationId: 'forgotPassword',
    tag: 'Sign-in',
    summary: 'Email a password-reset token (the same answer whether or not the address has an account)',
    description: 'At most 5 a hour per address and 20 per client: 429 verification_limit_exceeded with Retry-After.',
    auth: storeKey,
    body: forgotPasswordBody,
    answer: messageOnlyAnswer,
    handle: async (ctx, { body, headers }) => {
      await requestPasswordReset(ctx, { ...body, clientIp: headers.clientIp });
      return { body: { status: 'success', message: 'If an account uses this address, an email with a reset token is on its way.' } };
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/auth/email/reset-password',
    operationId: 'resetPassword',
    tag: 'Sign-in',
    summary: 'Set a new password with a reset token; every session of the account is signed out',
    description: 'A token that is unknown, expired, used or for another address answers 422 reset_token_invalid.',
    auth: storeKey,
    body: resetPasswordBody,
    answer: messageOnlyAnswer,
    handle: async (ctx, { body }) => {
      await resetPassword(ctx, body);
      return { body: { status: 'success', message: 'Password changed; sign in with the new one.' } };
    },
  }),
];
