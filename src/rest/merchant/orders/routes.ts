import { scope } from '../../../auth/requirements.js';
import { findStoreOrder } from '../../../domain/orders/find-order.js';
import { listStoreOrders } from '../../../domain/orders/list-store-orders.js';
import { list, single } from '../../kit/envelope.js';
import { defineRoute } from '../../kit/route.js';
import { presentMerchantOrder } from './presenters.js';
import { orderAnswer, orderListAnswer, orderListQuery, orderParams } from './schemas.js';

export const orderRoutes = [
  defineRoute({
    method: 'GET',
    url: '/orders',
    operationId: 'listMerchantOrders',
    tag: 'Orders',
    summary: "The store's orders, sorted, filtered, or as the polling feed (updated_after)",
    description: 'Customer and recipient contact are masked without merchant-customers-contact-read.',
    auth: scope('merchant-orders-read'),
    query: orderListQuery,
    answer: orderListAnswer,
    wireNames: { size: 'limit' },
    handle: async (ctx, { query }) => {
      const page = await listStoreOrders(ctx, query);
      return {
        body: list(
          'Orders',
          page.rows.map((order) => presentMerchantOrder(ctx, order)),
          page,
        ),
      };
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/orders/:order',
    operationId: 'getMerchantOrder',
    tag: 'Orders',
    summary: 'One order of the store, by integer id or uuid',
    description: 'Customer and recipient contact are masked without merchant-customers-contact-read.',
    auth: scope('merchant-orders-read'),
    params: orderParams,
    answer: orderAnswer,
    handle: async (ctx, { params }) => ({ body: single('Order', presentMerchantOrder(ctx, await findStoreOrder(ctx, params.order))) }),
  }),
];
