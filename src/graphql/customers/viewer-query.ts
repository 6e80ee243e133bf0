import { myAccount } from '../../domain/customers/accounts/my-account.js';
import { builder, customerField } from '../builder.js';
import { CustomerAccount } from './account-type.js';

builder.queryFields((t) => ({
  customer: t.field({
    type: CustomerAccount,
    ...customerField,
    description: 'The signed-in shopper (GET /store/account): send the session’s accessToken as Authorization: Bearer.',
    resolve: (_root, _args, { ctx }) => myAccount(ctx),
  }),
}));
