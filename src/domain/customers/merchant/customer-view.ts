import type { CustomerAccount } from '../../../generated/prisma/client.js';
import type { Ctx } from '../../context.js';
import { contactFor } from './contact.js';
import type { CustomerRow } from './customer-sorts.js';
import type { MerchantCustomer } from '../document.js';

export function fullName(account: Pick<CustomerAccount, 'firstName' | 'lastName'>): string {
  return [account.firstName, account.lastName].filter(Boolean).join(' ');
}

/** The customer with its contact unmasked: what a key with the contact scope reads, and what the customer events carry. */
export function fullCustomerOf(row: CustomerRow): MerchantCustomer {
  const { account } = row;
  return {
    id: row.id,
    uid: row.uid,
    name: fullName(account),
    email: account.email,
    phone: account.phone,
    avatarUrl: account.avatarUrl,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

export function merchantCustomerOf(ctx: Ctx, row: CustomerRow): MerchantCustomer {
  const customer = fullCustomerOf(row);
  return { ...customer, ...contactFor(ctx, { email: customer.email, phone: customer.phone }) };
}
