import type { OrderDocument } from './order-document.js';

/** The orders' events carry the merchant API's Order object (order-document.ts) as it stood at the change. */
export interface OrderEvents {
  'orders/create': OrderDocument;
  'orders/paid': OrderDocument;
  'orders/updated': OrderDocument;
  /** A cancelled or rejected order, after its stock, coupon and payment were given back. */
  'orders/cancelled': OrderDocument;
  /** An order shipped: its shipment's shipped_at was set, fulfillment_status is fulfilled. */
  'orders/fulfilled': OrderDocument;
}
