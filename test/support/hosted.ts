import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { call, type Call } from './http.js';
import type { TestStore } from './stores.js';

export interface HostedCart {
  id: string;
  /** The cart's `checkout_url`, as a private key receives it. */
  checkoutUrl: string;
  /** The headers naming the cart's owner: its `X-Cart-Session`, or a customer's bearer token. */
  owner: Record<string, string>;
}

/** A cart filled through the storefront API with the store's private key, as a store's server would; a guest's unless `owner` names a customer. */
export async function openCart(
  app: FastifyInstance,
  shop: TestStore,
  lines: { item_id: string; quantity: number }[],
  owner: Record<string, string> = { 'x-cart-session': randomUUID() },
): Promise<HostedCart> {
  const res = await call(app, {
    method: 'POST',
    url: '/v1/store/cart',
    key: shop.privateKey,
    headers: { 'content-type': 'application/json', ...owner },
    payload: JSON.stringify({ vendor_id: shop.store.id, cart_items: lines }),
  });
  expect(res.status, res.raw).toBe(200);
  return { id: res.body.data.id, checkoutUrl: res.body.data.checkout_url, owner };
}

/** The path part of an absolute address Bazaar handed out, for `inject`. */
export const pathOf = (url: string) => new URL(url).pathname;

/** A browser's form post: url-encoded text fields. */
export function postForm(app: FastifyInstance, url: string, fields: Record<string, string>): Promise<Call> {
  return call(app, {
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });
}

/** A guest's order through the storefront checkout call, with its pay link when it is paid online. */
export async function placeGuestOrder(app: FastifyInstance, shop: TestStore, cart: HostedCart, paymentMethod: 'cash' | 'online') {
  const res = await call(app, {
    method: 'POST',
    url: '/v1/store/checkout',
    key: shop.publicKey,
    headers: { 'content-type': 'application/json', ...cart.owner },
    payload: JSON.stringify({
      cart_id: cart.id,
      delivery_method: 'delivery',
      address: { label: 'Home', address: '1 N State St, Chicago', lat: 41.8781, lng: -87.6298 },
      payment_method: paymentMethod,
      contact: { name: 'Grace Guest', email: 'grace@guest.test' },
    }),
  });
  expect(res.status, res.raw).toBe(201);
  return res.body.data as { id: string; order_no: string; pay_link: string | null };
}
