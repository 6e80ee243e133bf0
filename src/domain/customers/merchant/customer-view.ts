import type { CustomerAccount } from '../../../generated/prisma/client.js';
import type { Ctx } from '../../context.js';
import { contactFor } from './contact.js';
import type { CustomerRow } from './customer-sorts.js';

/** A store's customer as a merchant reads it, contact already masked for a key without the contact scope. */
export interface MerchantCustomer {
  id: number;
  uid: string;
  name: string;
  email: string | null;
  phone: string | null;
  avatarUrl: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export function fullName(account: Pick<CustomerAccount, 'firstName' | 'lastName'>): string {
  return [account.firstName, account.lastName].filter(Boolean).join(' ');
}

export function merchantCustomerOf(ctx: Ctx, row: CustomerRow): MerchantCustomer {
  const { account } = row;
  return {
    id: row.id,
    uid: row.uid,
    name: fullName(account),
    ...contactFor(ctx, { email: account.email, phone: account.phone }),
    avatarUrl: account.avatarUrl,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}
