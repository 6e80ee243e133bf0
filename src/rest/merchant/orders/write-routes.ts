import { scope } from '../../../auth/requirements.js';
import { moveOrderByMerchant } from '../../../domain/orders/merchant-move.js';
import { single } from '../../kit/envelope.js';
import { defineRoute } from '../../kit/route.js';
import { presentMerchantOrder } from './presenters.js';
import { orderAnswer, orderParams } from './schemas.js';
import { statusMoveBody } from './write-schemas.js';

export const orderWriteRoutes = [
  defineRoute({
    method: 'POST',
    url: '/orders/:order/status',
    operationId: 'moveMerchantOrderStatus',
    tag: 'Orders',
    summary: 'Move an order to another state of the order process',
    description:
      'A move the order process does not hold (the current state included) answers 409 conflict naming the current state and the moves there are. Cancelling or rejecting gives back the stock, coupon and discount uses and refunds a paid online order (payment_status refunded).',
    auth: scope('merchant-orders-status-update'),
    params: orderParams,
    body: statusMoveBody,
    answer: orderAnswer,
    handle: async (ctx, { params, body }) => ({ body: single('Order status updated', presentMerchantOrder(ctx, await moveOrderByMerchant(ctx, params.order, body))) }),
  }),
];
