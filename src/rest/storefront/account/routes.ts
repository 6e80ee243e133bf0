import { customer } from '../../../auth/requirements.js';
import { myAccount } from '../../../domain/customers/accounts/my-account.js';
import { requestContactChange, updateAccount } from '../../../domain/customers/accounts/update-account.js';
import { single } from '../../kit/envelope.js';
import { defineRoute } from '../../kit/route.js';
import { presentAccount, presentContactOtpSent } from './presenters.js';
import { accountAnswer, accountUpdateBody, contactOtpAnswer, contactOtpBody } from './schemas.js';

export const accountRoutes = [
  defineRoute({
    method: 'GET',
    url: '/store/account',
    operationId: 'getAccount',
    tag: 'Account',
    summary: "The signed-in shopper's account and this store's customer record",
    auth: customer,
    designed: true,
    answer: accountAnswer,
    handle: async (ctx) => ({ body: single('Account', presentAccount(await myAccount(ctx))) }),
  }),
  defineRoute({
    method: 'PATCH',
    url: '/store/account',
    operationId: 'updateAccount',
    tag: 'Account',
    summary: 'Change the name, the avatar, or (with a code sent to the new one) the email or phone',
    description:
      'The account is the same at every store. A new email or phone needs otp_code from POST /store/account/contact-otp; one another account holds answers 409 account_exists.',
    auth: customer,
    designed: true,
    body: accountUpdateBody,
    answer: accountAnswer,
    handle: async (ctx, { body }) => ({ body: single('Account updated', presentAccount(await updateAccount(ctx, body))) }),
  }),
  defineRoute({
    method: 'POST',
    url: '/store/account/contact-otp',
    operationId: 'requestContactChangeOtp',
    tag: 'Account',
    summary: 'Send a code to a new email or phone the shopper wants on their account',
    description:
      'The same limits as sign-in codes (60 s between codes, 5 an hour per address, 20 per client). An address another account holds answers 409 account_exists before any code is sent.',
    auth: customer,
    designed: true,
    body: contactOtpBody,
    answer: contactOtpAnswer,
    handle: async (ctx, { body, headers }) => ({
      body: single('Code sent', presentContactOtpSent(await requestContactChange(ctx, { ...body, clientIp: headers.clientIp }))),
    }),
  }),
];
