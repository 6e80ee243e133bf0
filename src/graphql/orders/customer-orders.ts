import { findMyOrder } from '../../domain/orders/find-order.js';
import { listMyOrders, myOrderListLimits } from '../../domain/orders/list-my-orders.js';
import type { OrderRecord } from '../../domain/orders/order-record.js';
import { storefrontFilters, type StorefrontOrderFilter } from '../../domain/orders/order-states.js';
import { builder } from '../builder.js';
import { CustomerAccount } from '../customers/account-type.js';
import { connectionOf, windowOf } from '../shared/connection.js';
import { Order } from './order-type.js';

const OrderListStatus = builder.enumType('OrderListStatus', {
  description: 'ONGOING: not yet delivered or ended; PENDING: placed or awaiting payment (REST `status`).',
  values: Object.fromEntries(Object.keys(storefrontFilters).map((name) => [name.toUpperCase(), { value: name }])) as Record<
    string,
    { value: StorefrontOrderFilter }
  >,
});

builder.objectFields(CustomerAccount, (t) => ({
  orders: t.connection({
    type: Order,
    nullable: true,
    description: 'GET /store/orders: the orders at this store, newest first; the cursors are REST next_cursor. Null on a session payload.',
    args: { status: t.arg({ type: OrderListStatus, required: false, defaultValue: 'all' }) },
    resolve: async (a, args, { ctx }) => {
      if (!a.customer) return null;
      const window = windowOf(args, myOrderListLimits.maxPageSize, myOrderListLimits.defaultPageSize);
      return connectionOf<OrderRecord>(await listMyOrders(ctx, { window, status: args.status ?? 'all' }));
    },
  }),
  order: t.field({
    type: Order,
    nullable: true,
    description: 'GET /store/orders/{id}: one of the orders at this store by uuid or number; null for any other (another customer’s too).',
    args: { id: t.arg.string({ required: true, description: 'The order’s uuid or its number.' }) },
    resolve: (a, args, { ctx }) => {
      if (!a.customer) return null;
      return findMyOrder(ctx, args.id).catch((error) => {
        if (error?.code === 'not_found') return null;
        throw error;
      });
    },
  }),
}));
