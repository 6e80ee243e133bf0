import { ApiError } from '../../platform/errors/api-error.js';
import { signedInCustomer, type Ctx } from '../context.js';
import { keysetPage, offsetPage, type KeysetPage, type KeysetQuery, type KeysetWindow } from '../pagination/keyset-page.js';
import { asDate, asNumber, type KeysetSort } from '../pagination/keyset.js';
import { orderInclude, type OrderRecord } from './order-record.js';
import { storefrontFilters, type StorefrontOrderFilter } from './order-states.js';

export const myOrderListLimits = { maxPageSize: 50, defaultPageSize: 10, maxPage: 50 } as const;

export interface MyOrderListInput {
  window: KeysetWindow;
  /** Page mode (no totals); a cursor walk when absent. */
  page?: number;
  status: StorefrontOrderFilter;
  service?: string;
}

const newestFirst: KeysetSort<OrderRecord> = [
  { field: 'createdAt', direction: 'desc', read: (row) => row.createdAt.toISOString(), parse: asDate },
  { field: 'id', direction: 'desc', read: (row) => row.id, parse: asNumber },
];

/**
 * The signed-in customer's orders at this store, newest first, by page or by cursor. The store
 * sells one service; a `service` filter naming another one matches nothing.
 */
export async function listMyOrders(ctx: Ctx, input: MyOrderListInput): Promise<KeysetPage<OrderRecord>> {
  const { customerId } = signedInCustomer(ctx);
  if (input.page !== undefined && input.page > myOrderListLimits.maxPage) {
    throw new ApiError('page_too_deep', `Page mode stops at page ${myOrderListLimits.maxPage}; walk next_cursor with starting_after past it.`, {
      fieldErrors: { page: [`must be at most ${myOrderListLimits.maxPage}`] },
    });
  }
  const statuses = storefrontFilters[input.status];
  const otherService = input.service !== undefined && input.service !== ctx.store.service;
  const where = { customerId, ...(statuses ? { status: { in: [...statuses] } } : {}), ...(otherService ? { id: -1 } : {}) };
  const query: KeysetQuery<OrderRecord> = {
    binding: { list: 'storefront.orders', storeId: ctx.store.id, filters: { customer: customerId, status: input.status, service: input.service ?? null } },
    sort: newestFirst,
    where,
    fetch: (args) => ctx.db.order.findMany({ ...(args as object), include: orderInclude }) as Promise<OrderRecord[]>,
  };
  return input.page !== undefined ? offsetPage(ctx, query, input.page, input.window.size) : keysetPage(ctx, query, input.window);
}
