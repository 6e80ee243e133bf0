import { customer, optionalCustomer } from '../../../auth/requirements.js';
import { findMyOrder } from '../../../domain/orders/find-order.js';
import { listMyOrders } from '../../../domain/orders/list-my-orders.js';
import { checkout } from '../../../domain/orders/place-order.js';
import { payLinkOf } from '../../../domain/payments/pay-link.js';
import { ApiError } from '../../../platform/errors/api-error.js';
import { list, single } from '../../kit/envelope.js';
import { defineRoute } from '../../kit/route.js';
import { presentOrderDetail, presentOrderSummary, presentPaymentDetails } from './presenters.js';
import { checkoutBody, myOrderAnswer, myOrdersAnswer, myOrdersQuery, orderParams, paymentDetailsAnswer } from './schemas.js';

export const orderRoutes = [
  defineRoute({
    method: 'POST',
    url: '/store/checkout',
    operationId: 'checkout',
    tag: 'Orders',
    summary: 'Place an order from the cart',
    description:
      'Turns the cart into an order in one transaction: the cart is validated again (a changed price or a line no longer for sale answers 409 cart_changed, ' +
      'and the cart then lists what changed), the coupon is redeemed under its limits, the stock is taken (409 out_of_stock when another order took the last units) ' +
      'and delivery is priced by the shipping zones. 201 with the order; sending the same cart_id again, or at the same time, answers 200 with the order it became. ' +
      'The cart is the caller’s by the cart owner rule (a customer bearer token, else X-Cart-Session or session_token). An online order answers its pay_link.',
    auth: optionalCustomer,
    designed: true,
    body: checkoutBody,
    answer: myOrderAnswer,
    status: 201,
    repeatStatus: 200,
    handle: async (ctx, { body }) => {
      const { order, created } = await checkout(ctx, body);
      return {
        status: created ? 201 : 200,
        body: single(created ? 'Order placed' : 'This cart was already ordered', presentOrderDetail(order, ctx.store, payLinkOf(ctx, order))),
      };
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/store/orders',
    operationId: 'listMyOrders',
    tag: 'Orders',
    summary: "The customer's orders at this store, newest first",
    description: 'By page (`page`, `per_page`) or by cursor (`starting_after`, `limit`); `has_more` and `next_cursor`, no totals or page counts.',
    auth: customer,
    query: myOrdersQuery,
    answer: myOrdersAnswer,
    wireNames: { size: 'per_page', after: 'starting_after' },
    handle: async (ctx, { query }) => {
      const page = await listMyOrders(ctx, query);
      return {
        body: list(
          'Orders',
          page.rows.map((order) => presentOrderSummary(order, ctx.store)),
          page,
        ),
      };
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/store/orders/:id',
    operationId: 'getMyOrder',
    tag: 'Orders',
    summary: 'One of the customer’s orders, with its items, amounts and timelines',
    description: '`{id}` is the order uuid or its `order_no`. Another customer’s order answers 404.',
    auth: customer,
    params: orderParams,
    answer: myOrderAnswer,
    handle: async (ctx, { params }) => {
      const order = await findMyOrder(ctx, params.id);
      return { body: single('Order', presentOrderDetail(order, ctx.store, payLinkOf(ctx, order))) };
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/store/orders/:id/pay',
    operationId: 'getOrderPayment',
    tag: 'Orders',
    summary: 'The payment link and amount of an unpaid online order',
    description: 'Online orders waiting for their payment only (spec rule 1); any other order answers 422 order_not_payable.',
    auth: customer,
    params: orderParams,
    answer: paymentDetailsAnswer,
    handle: async (ctx, { params }) => {
      const order = await findMyOrder(ctx, params.id);
      const link = payLinkOf(ctx, order);
      if (!link) {
        const why =
          order.paymentMethod !== 'online' ? 'is paid in cash' : order.paymentStatus === 'paid' ? 'is already paid' : `is ${order.status.replace(/_/g, ' ')}`;
        throw new ApiError('order_not_payable', `Order ${order.number} ${why}: only an unpaid online order has a payment link.`);
      }
      return { body: single('Payment details', presentPaymentDetails(order, link)) };
    },
  }),
];
