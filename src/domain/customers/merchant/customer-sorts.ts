import type { Customer, CustomerAccount } from '../../../generated/prisma/client.js';
import { asDate, asNullableString, asNumber, asString, type Direction, type KeysetSort, type SortColumn } from '../../pagination/keyset.js';

/** A store's customer with the account it is a record of (name and contact live on the account). */
export type CustomerRow = Customer & { account: CustomerAccount };

export const customerSortFields = ['created_at', 'updated_at', 'joined_date', 'name', 'email', 'phone', 'p_id', 'customer_orders_count'] as const;
export type CustomerSortField = (typeof customerSortFields)[number];

/** Sorts that order by a contact detail, and so reveal it: they need the contact scope. */
export const contactSorts: readonly CustomerSortField[] = ['email', 'phone'];

type Column = (direction: Direction) => SortColumn<CustomerRow>;

const createdAt: Column = (direction) => ({ field: 'createdAt', direction, read: (c) => c.createdAt.toISOString(), parse: asDate });

// `joined_date` is the day the shopper joined this store, which is when its customer record was
// made: the same order as created_at, under the name merchants know it by.
const columns: Record<CustomerSortField, Column[]> = {
  created_at: [createdAt],
  joined_date: [createdAt],
  updated_at: [(direction) => ({ field: 'updatedAt', direction, read: (c) => c.updatedAt.toISOString(), parse: asDate })],
  // The name shown is "first last", so it orders by the first name, then the last.
  name: [
    (direction) => ({ field: 'account.firstName', direction, read: (c) => c.account.firstName, parse: asString }),
    (direction) => ({ field: 'account.lastName', direction, read: (c) => c.account.lastName, parse: asString }),
  ],
  email: [(direction) => ({ field: 'account.email', direction, nullable: true, read: (c) => c.account.email, parse: asNullableString })],
  phone: [(direction) => ({ field: 'account.phone', direction, nullable: true, read: (c) => c.account.phone, parse: asNullableString })],
  p_id: [],
  customer_orders_count: [(direction) => ({ field: 'ordersCount', direction, read: (c) => c.ordersCount, parse: asNumber })],
};

/** Every sort ends in the customer's unique integer id, so ties never skip or repeat a customer. */
export function customerSort(field: CustomerSortField, direction: Direction): KeysetSort<CustomerRow> {
  return [...columns[field].map((column) => column(direction)), { field: 'id', direction, read: (c) => c.id, parse: asNumber }];
}
