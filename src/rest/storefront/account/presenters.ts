import type { Customer, CustomerAccount, SavedAddress } from '../../../generated/prisma/client.js';
import { isoTimestamp } from '../../kit/format.js';
import { presentSessionUser } from '../auth/presenters.js';

export function presentAccount(view: { account: CustomerAccount; defaultAddress: SavedAddress | null; customer: Customer }) {
  return {
    ...presentSessionUser(view.account, view.defaultAddress),
    first_name: view.account.firstName,
    last_name: view.account.lastName,
    customer: { id: view.customer.id, uid: view.customer.uid, created_at: isoTimestamp(view.customer.createdAt) },
  };
}
