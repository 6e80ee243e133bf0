import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { graphql } from './http.js';
import type { Headers } from './orders.js';
import type { TestStore } from './stores.js';

export const ERRORS = 'userErrors { field code message }';
/** Every field of the storefront Order the checkout answers. */
export const ORDER = `uuid number status statusLabel paymentStatus paymentMethod deliveryMethod
  subtotal { amount currencyCode } discountTotal { amount } deliveryFee { amount } total { amount } couponCode itemsCount
  lines { productId title variantId variantTitle variantOptionValues { name value } quantity basePrice { amount } unitPrice { amount } discountedAmount { amount } total { amount } properties }
  timeline { status title description at }
  deliveryAddress { label address lat lng countryCode state stateId recipientName recipientPhone }
  pickupAddress note payLink createdAt`;
export const CHECKOUT = `mutation ($input: CheckoutInput!) { checkoutComplete(input: $input) { order { ${ORDER} } created ${ERRORS} } }`;
export const UPSERT = `mutation ($input: CartUpsertInput!) { cartUpsert(input: $input) { cart { id } ${ERRORS} } }`;

export const guest = { name: 'Grace Guest', email: 'grace@guest.test' };
export const money = (amount: string) => ({ amount });
/** Accounts are platform-wide: a phone of this run's own, ending in the digits a masked one keeps. */
export const phoneEnding = (last4: string) => `+1${String(Math.floor(Math.random() * 900_000) + 100_000)}${last4}`;

/** Puts the lines in the shopper's cart at the store through cartUpsert; answers the cart's id. */
export async function fillCart(app: FastifyInstance, store: TestStore, headers: Headers, lines: { productId: string; quantity: number }[]) {
  const res = await graphql(app, store.publicKey, UPSERT, { input: { lines } }, headers);
  expect(res.body.data.cartUpsert.userErrors).toEqual([]);
  return res.body.data.cartUpsert.cart.id as string;
}

/** checkoutComplete's payload, which must carry no top-level errors. */
export async function completeCheckout(app: FastifyInstance, key: string, input: Record<string, unknown>, headers: Headers) {
  const res = await graphql(app, key, CHECKOUT, { input }, headers);
  expect(res.body.errors, res.raw).toBeUndefined();
  return res.body.data.checkoutComplete;
}
