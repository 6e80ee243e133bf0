import type { Prisma } from '../../generated/prisma/client.js';
import type { Ctx } from '../context.js';
import { keysetPage, type KeysetPage, type KeysetQuery, type KeysetWindow } from '../pagination/keyset-page.js';
import { asDate, asNumber, asString, type Direction, type KeysetSort, type SortColumn } from '../pagination/keyset.js';
import type { SortedOrChangedSince } from '../pagination/list-order.js';
import { merchantPaymentMeanings, type MerchantDeliveryMethod, type MerchantPaymentStatus } from './merchant-vocabulary.js';
import { orderInclude, type OrderRecord } from './order-record.js';
import type { PaymentStatus } from './order-states.js';

export const storeOrderListLimits = { maxPageSize: 100, defaultPageSize: 20 } as const;
export const STORE_ORDER_LIST = 'merchant.orders';

export const storeOrderSortFields = ['created_at', 'updated_at', 'status', 'payment_status', 'total'] as const;
export type StoreOrderSortField = (typeof storeOrderSortFields)[number];

export interface StoreOrderFilter {
  /** The merchant spec's payment words (REST), each selecting the orders its meaning names. */
  paymentStatus?: MerchantPaymentStatus;
  /** The stored payment state (GraphQL's `OrderPaymentStatus`). */
  storedPaymentStatus?: PaymentStatus;
  deliveryMethod?: MerchantDeliveryMethod;
  /** The store customer's uid: that customer's orders. */
  customerUid?: string;
}

export type StoreOrderOrder = SortedOrChangedSince<StoreOrderSortField>;

export interface StoreOrderListInput {
  window: KeysetWindow;
  order: StoreOrderOrder;
  filter: StoreOrderFilter;
}

const byId = (direction: Direction): SortColumn<OrderRecord> => ({ field: 'id', direction, read: (row) => row.id, parse: asNumber });

const columns: Record<StoreOrderSortField, (direction: Direction) => SortColumn<OrderRecord>> = {
  created_at: (direction) => ({ field: 'createdAt', direction, read: (row) => row.createdAt.toISOString(), parse: asDate }),
  updated_at: (direction) => ({ field: 'updatedAt', direction, read: (row) => row.updatedAt.toISOString(), parse: asDate }),
  status: (direction) => ({ field: 'status', direction, read: (row) => row.status, parse: asString }),
  payment_status: (direction) => ({ field: 'paymentStatus', direction, read: (row) => row.paymentStatus, parse: asString }),
  total: (direction) => ({ field: 'total', direction, read: (row) => row.total.toFixed(2), parse: asString }),
};

/** Every sort ends in the integer id, in the sort's direction, so ties walk in a fixed order. */
function sortOf(order: StoreOrderOrder): KeysetSort<OrderRecord> {
  if (order.kind === 'changedSince') return [columns.updated_at('asc'), byId('asc')];
  return [columns[order.by](order.direction), byId(order.direction)];
}

/** The store's orders for the merchant; the cursor is bound to the order (and the feed's time) and the filters. */
export function listStoreOrders(ctx: Ctx, input: StoreOrderListInput): Promise<KeysetPage<OrderRecord>> {
  const { filter, order } = input;
  const where: Prisma.OrderWhereInput = {};
  if (filter.paymentStatus) where.AND = [merchantPaymentMeanings[filter.paymentStatus].where];
  if (filter.storedPaymentStatus) where.paymentStatus = filter.storedPaymentStatus;
  if (filter.deliveryMethod) where.deliveryMethod = filter.deliveryMethod;
  if (filter.customerUid) where.customer = { uid: filter.customerUid.toLowerCase() };
  if (order.kind === 'changedSince') where.updatedAt = { gt: order.updatedAfter };
  const query: KeysetQuery<OrderRecord> = {
    binding: {
      list: STORE_ORDER_LIST,
      storeId: ctx.store.id,
      filters: {
        payment_status: filter.paymentStatus,
        stored_payment_status: filter.storedPaymentStatus,
        delivery_method: filter.deliveryMethod,
        uuid: filter.customerUid?.toLowerCase(),
        updated_after: order.kind === 'changedSince' ? order.updatedAfter.toISOString() : undefined,
        sort: order.kind === 'changedSince' ? 'change_feed' : `${order.by}:${order.direction}`,
      },
    },
    sort: sortOf(order),
    where: where as Record<string, unknown>,
    fetch: (args) => ctx.db.order.findMany({ ...(args as object), include: orderInclude }) as Promise<OrderRecord[]>,
  };
  return keysetPage(ctx, query, input.window);
}
