import { signedInCustomer, type Ctx } from '../context.js';
import type { KeysetPage, KeysetQuery, KeysetWindow } from '../pagination/keyset-page.js';
import { maxStorefrontPage, pageOrWalk } from '../pagination/page-or-walk.js';
import { asDate, asNumber, type KeysetSort } from '../pagination/keyset.js';
import { orderInclude, type OrderRecord } from './order-record.js';
import { storefrontFilters, type StorefrontOrderFilter } from './order-states.js';

export const myOrderListLimits = { maxPageSize: 50, defaultPageSize: 10, maxPage: maxStorefrontPage } as const;

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
  const statuses = storefrontFilters[input.status];
  const otherService = input.service !== undefined && input.service !== ctx.store.service;
  const where = { customerId, ...(statuses ? { status: { in: [...statuses] } } : {}), ...(otherService ? { id: -1 } : {}) };
  const query: KeysetQuery<OrderRecord> = {
    binding: { list: 'storefront.orders', storeId: ctx.store.id, filters: { customer: customerId, status: input.status, service: input.service ?? null } },
    sort: newestFirst,
    where,
    fetch: (args) => ctx.db.order.findMany({ ...(args as object), include: orderInclude }) as Promise<OrderRecord[]>,
  };
  return pageOrWalk(ctx, query, input.window, input.page);
}
