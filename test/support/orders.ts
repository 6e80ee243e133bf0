import type { FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { expect } from 'vitest';
import { createContext } from '../../src/domain/context.js';
import { settlePayment, type PaymentOutcome } from '../../src/domain/payments/settle-payment.js';
import { payPageSignature } from '../../src/domain/payments/test-provider.js';
import { loadServerSecret } from '../../src/platform/crypto/server-secret.js';
import { call } from './http.js';
import type { TestStore } from './stores.js';
import type { TestApp } from './test-app.js';

export type Headers = Record<string, string>;
/** An order as the storefront answers it: `id` is its uid. */
export type OrderWire = Record<string, any>;
export interface OrderLine {
  item_id: string;
  /** For a product sold by variant. */
  variant_id?: string;
  quantity: number;
}

/** A delivery address the test data set places in Illinois. */
export const chicago = { label: 'Office', address: '1 N State St, Chicago', lat: 41.8781, lng: -87.6298 };

/** A JSON POST with the shopper's headers, under a store's key. */
export const postJson = (app: FastifyInstance, url: string, body: unknown, headers: Headers, key: string) =>
  call(app, { method: 'POST', url, key, headers: { 'content-type': 'application/json', ...headers }, payload: JSON.stringify(body) });

/** An order placed through the real cart and checkout, answered as the checkout answers it: a delivery paid in cash unless `checkout` says otherwise. */
export async function checkoutCart(
  app: FastifyInstance,
  store: TestStore,
  who: Headers,
  lines: OrderLine[],
  checkout: Record<string, unknown> = {},
): Promise<OrderWire> {
  const cart = await postJson(app, '/v1/store/cart', { vendor_id: store.store.id, cart_items: lines }, who, store.publicKey);
  expect(cart.status, cart.raw).toBe(200);
  const res = await postJson(app, '/v1/store/checkout', { delivery_method: 'delivery', payment_method: 'cash', ...checkout }, who, store.publicKey);
  expect(res.status, res.raw).toBe(201);
  return res.body.data;
}

export interface DeliveryOrder {
  lines: OrderLine[];
  payment?: 'cash' | 'online';
  coupon?: string;
}

/** A storefront order delivered to Chicago, paid in cash unless it says online, with its coupon if it names one. */
export function placeDeliveryOrder(app: FastifyInstance, store: TestStore, who: Headers, options: DeliveryOrder): Promise<OrderWire> {
  return checkoutCart(app, store, who, options.lines, {
    address: chicago,
    payment_method: options.payment ?? 'cash',
    ...(options.coupon ? { coupon_code: options.coupon } : {}),
  });
}

/** Moves an order along the state machine the way the store's fulfilment would, by its row. */
export const moveOrderTo = (t: TestApp, order: OrderWire, status: string) => t.database.prisma.order.update({ where: { uid: order.id }, data: { status } });

/**
 * The payment provider's report, through the domain operation the pay page uses.
 * The order is its row (a number id) or the storefront's answer (its uid as id).
 */
export async function settleOrder(t: TestApp, store: TestStore, order: { id: number } | OrderWire, outcome: PaymentOutcome) {
  const rowId = typeof order.id === 'number' ? order.id : (await t.database.prisma.order.findUniqueOrThrow({ where: { uid: order.id } })).id;
  return settlePayment(
    createContext({
      db: t.database.prisma,
      kv: t.kv,
      media: t.media,
      store: store.store,
      principal: { keyId: 'test', kind: 'private', mode: 'live', scopes: new Set(), installation: null },
      settings: { cartTtlDays: 30, publicUrl: 'http://bazaar.test', outboundAllow: [] },
      requestId: 'req_orders_test',
      log: pino({ level: 'silent' }),
      secret: await loadServerSecret(t.database.prisma, t.config.secret),
    }),
    rowId,
    outcome,
  );
}

/** The test provider's pay page for an order. */
export const payLinkOf = (secret: string, order: OrderWire) => `http://bazaar.test/pay/test/${order.id}/${payPageSignature(secret, order.id)}`;

/** The order numbers a storefront list answers, in its order. */
export const numbersOf = (res: { body: { data: OrderWire[] } }) => res.body.data.map((o) => o.order_no);
