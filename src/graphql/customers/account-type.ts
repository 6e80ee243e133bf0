import type { Customer, CustomerAccount as AccountRow, SavedAddress } from '../../generated/prisma/client.js';
import { builder } from '../builder.js';

export interface AccountShape {
  account: AccountRow;
  defaultAddress: SavedAddress | null;
  /** This store's record of the account; absent on a session payload, which carries the account only. */
  customer?: Customer;
}

/** The signed-in shopper: the account (the same at every store) and, on `customer`, this store's record of it. */
export const CustomerAccount = builder.objectRef<AccountShape>('CustomerAccount').implement({
  description: 'A shopper’s account: one per person across every store; each store keeps its own customer record of it.',
  fields: (t) => ({
    id: t.field({ type: 'UUID', resolve: (a) => a.account.id }),
    firstName: t.string({ resolve: (a) => a.account.firstName }),
    lastName: t.string({ resolve: (a) => a.account.lastName }),
    name: t.string({ resolve: (a) => [a.account.firstName, a.account.lastName].filter(Boolean).join(' ') }),
    email: t.string({ nullable: true, resolve: (a) => a.account.email }),
    phone: t.string({ nullable: true, description: 'E.164.', resolve: (a) => a.account.phone }),
    avatarUrl: t.string({ nullable: true, resolve: (a) => a.account.avatarUrl }),
    profileComplete: t.boolean({
      description: 'First and last name, email and phone are all set.',
      resolve: (a) => Boolean(a.account.firstName && a.account.lastName && a.account.email && a.account.phone),
    }),
    customerId: t.int({ nullable: true, description: "This store's customer id (the merchant API's p_id).", resolve: (a) => a.customer?.id ?? null }),
    customerUid: t.field({ type: 'UUID', nullable: true, resolve: (a) => a.customer?.uid ?? null }),
  }),
});
