import { customer } from '../../../auth/requirements.js';
import { myAccount } from '../../../domain/customers/accounts/my-account.js';
import { single } from '../../kit/envelope.js';
import { defineRoute } from '../../kit/route.js';
import { presentAccount } from './presenters.js';
import { accountAnswer } from './schemas.js';

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
];
