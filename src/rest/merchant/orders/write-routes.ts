import { scope } from '../../../auth/requirements.js';
import { assignRider, riderStates, updateShipment } from '../../../domain/orders/fulfil-order.js';
import { importCaps } from '../../../domain/orders/import-fields.js';
import { importOrder } from '../../../domain/orders/import-order.js';
import { moveOrderByMerchant } from '../../../domain/orders/merchant-move.js';
import { orderEditLimits as caps } from '../../../domain/orders/order-edit-fields.js';
import { updateOrder } from '../../../domain/orders/update-order.js';
import { single } from '../../kit/envelope.js';
import { defineRoute } from '../../kit/route.js';
import { presentMerchantOrder } from './presenters.js';
import { orderAnswer, orderParams } from './schemas.js';
import { MERCHANT_PREFIX } from '../paths.js';
import { orderEditBody, orderImportBody, riderBody, shipmentBody, statusMoveBody } from './write-schemas.js';

export const orderWriteRoutes = [
  defineRoute({
    method: 'POST',
    url: '/orders/import',
    operationId: 'importMerchantOrder',
    tag: 'Orders',
    summary: 'Record an order another sales channel already took and charged',
    description: [
      'Totals are stored as charged, with no commission. Amounts (unit_price, delivery_fee, discount, total) are in the major unit with at most 2 decimals, numbers or strings;',
      `sum(unit_price × quantity) + delivery_fee − discount must equal total (else 422 on total naming the expected amount); at most ${importCaps.amount.toLocaleString('en-US')} per unit price, delivery fee or discount and ${importCaps.total.toLocaleString('en-US')} per total.`,
      'Each item names its product by p_id, uuid or slug of this store and its variant by p_id or uuid of that product; the older ref is refused. The customer (name, phone) becomes the shipping_address recipient; no customer record is made.',
      'channel.name with channel.order_id is the identity: the first import answers 201, a re-send 200 with the same order.',
      'inventory_behaviour: bypass (default) leaves stock alone; decrement takes the units as checkout does (409 out_of_stock when they are not there) and a cancellation gives them back.',
    ].join(' '),
    auth: scope('merchant-orders-import'),
    body: orderImportBody,
    answer: orderAnswer,
    status: 201,
    repeatStatus: 200,
    handle: async (ctx, { body }) => {
      const { order, created } = await importOrder(ctx, body);
      return {
        status: created ? 201 : 200,
        body: single(created ? 'Order imported' : 'This order was imported before', presentMerchantOrder(ctx, order)),
        headers: { location: `${MERCHANT_PREFIX}/orders/${order.id}` },
      };
    },
  }),
  defineRoute({
    method: 'PATCH',
    url: '/orders/:order',
    operationId: 'updateMerchantOrder',
    tag: 'Orders',
    summary: "Edit an order's metafields, metadata and line properties",
    description: [
      'Only metafields, metadata and line_items; any other field is a 422 naming it.',
      "metafields: keys of order metafield definitions, never app.* or bazaar.*; the values sent replace the writable ones, null clears them, the apps' values stay.",
      `metadata: replaced wholesale, null clears it; at most ${caps.metadataKeys} keys and ${caps.metadataBytes} bytes as JSON.`,
      `line_items[]: {id, properties}; properties merge by key (text sets, null deletes, keys not sent stay); keys of at most ${caps.propertyKeyLength} characters, values of at most ${caps.propertyValueLength}, at most ${caps.propertyKeysPerLine} per line.`,
      "An app's key writes only property keys under its own app.{slug}.; any other key writes any key except under app. and bazaar.",
    ].join(' '),
    auth: scope('merchant-orders-update'),
    params: orderParams,
    body: orderEditBody,
    answer: orderAnswer,
    handle: async (ctx, { params, body }) => ({ body: single('Order updated', presentMerchantOrder(ctx, await updateOrder(ctx, params.order, body))) }),
  }),
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
    handle: async (ctx, { params, body }) => ({
      body: single('Order status updated', presentMerchantOrder(ctx, await moveOrderByMerchant(ctx, params.order, body))),
    }),
  }),
  defineRoute({
    method: 'PATCH',
    url: '/orders/:order/shipment',
    operationId: 'updateMerchantOrderShipment',
    tag: 'Orders',
    summary: "Record a delivery or shipping order's shipment; answers the order with shipment",
    description:
      'Each field sent sets (null clears), each left out keeps its value; tracking_url must be https. The first shipped_at marks the order fulfilled (fulfillment_status fulfilled, fulfilled_at), moves it to out_for_delivery as far as the order process allows (processing passes ready), records orders/fulfilled and messages the shopper with the tracking link. The first delivered_at moves it on to delivered and tells the shopper. A pickup or instore order, or a cancelled, rejected or completed one, answers 409 conflict.',
    auth: scope('merchant-orders-update'),
    params: orderParams,
    body: shipmentBody,
    answer: orderAnswer,
    handle: async (ctx, { params, body }) => ({ body: single('Shipment updated', presentMerchantOrder(ctx, await updateShipment(ctx, params.order, body))) }),
  }),
  defineRoute({
    method: 'POST',
    url: '/orders/:order/assign-rider',
    operationId: 'assignMerchantOrderRider',
    tag: 'Orders',
    summary: 'Assign the rider who brings a delivery order; the shopper’s order shows it',
    description: `Body {name, phone, vehicle (optional), tracking_url (optional, https)}. Delivery orders only, while ${riderStates.join(', ')}; a second call replaces the rider; no status moves. Otherwise 409 conflict.`,
    auth: scope('merchant-orders-status-update'),
    params: orderParams,
    body: riderBody,
    answer: orderAnswer,
    handle: async (ctx, { params, body }) => ({ body: single('Rider assigned', presentMerchantOrder(ctx, await assignRider(ctx, params.order, body))) }),
  }),
];
