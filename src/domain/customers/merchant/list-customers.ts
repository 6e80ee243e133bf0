import type { Ctx } from '../../context.js';
import { keysetPage, type KeysetPage, type KeysetQuery, type KeysetWindow } from '../../pagination/keyset-page.js';
import type { Direction } from '../../pagination/keyset.js';
import { requireContactScope } from './contact.js';
import { customerWhere, type CustomerFilter } from './customer-filters.js';
import { contactSorts, customerSort, type CustomerRow, type CustomerSortField } from './customer-sorts.js';
import type { MerchantCustomer } from '../document.js';
import { merchantCustomerOf } from './customer-view.js';

export const customerListLimits = { maxPageSize: 100, defaultPageSize: 20 } as const;
export const CUSTOMER_LIST = 'merchant.customers';

export interface CustomerListInput {
  window: KeysetWindow;
  sortBy: CustomerSortField;
  direction: Direction;
  filter: CustomerFilter;
}

/**
 * The store's customers, walked by keyset over the chosen sort and the customer id. Sorting by email
 * or phone orders by the contact itself, so it needs the contact scope like a contact search does.
 */
export async function listMerchantCustomers(ctx: Ctx, input: CustomerListInput): Promise<KeysetPage<CustomerRow> & { customers: MerchantCustomer[] }> {
  if (contactSorts.includes(input.sortBy)) requireContactScope(ctx);
  const { where, binding } = customerWhere(ctx, input.filter);
  // joined_date and created_at are one order, so their cursors are one too.
  const sortName = input.sortBy === 'joined_date' ? 'created_at' : input.sortBy;
  const query: KeysetQuery<CustomerRow> = {
    binding: { list: CUSTOMER_LIST, storeId: ctx.store.id, filters: { ...binding, sort: `${sortName}:${input.direction}` } },
    sort: customerSort(input.sortBy, input.direction),
    where,
    fetch: (args) => ctx.db.customer.findMany({ ...(args as object), include: { account: true } }) as Promise<CustomerRow[]>,
  };
  const page = await keysetPage(ctx, query, input.window);
  return { ...page, customers: page.rows.map((row) => merchantCustomerOf(ctx, row)) };
}
