import { sha256Hex } from '../../platform/crypto/tokens.js';
import { ApiError } from '../../platform/errors/api-error.js';
import type { Ctx } from '../context.js';

/** Whose cart a call reads or writes: the signed-in customer's, or a signed-out shopper's by their session value. */
export type CartOwner = { kind: 'customer'; customerId: number } | { kind: 'session'; sessionHash: string };

const MAX_SESSION_LENGTH = 255;

/** The hash a session value is kept as: the value itself is a bearer credential of the cart and is never stored. */
export function sessionHashOf(sessionToken: string): string {
  if (sessionToken.length > MAX_SESSION_LENGTH || !/^[\x21-\x7e]+$/.test(sessionToken)) {
    throw ApiError.invalidField('sessionToken', `must be 1 to ${MAX_SESSION_LENGTH} printable characters without spaces, such as a UUID`);
  }
  return sha256Hex(`cart-session:${sessionToken}`);
}

/**
 * The spec's cart-owner rule, read here and nowhere else, for every face: a customer bearer token
 * wins; else the `X-Cart-Session` header (the context's `cartSession`); else the body's
 * `session_token`, where a REST write sends one; with none, 422 validation_failed.
 */
export function cartOwnerOf(ctx: Ctx, bodySessionToken?: string): CartOwner {
  if (ctx.customer) return { kind: 'customer', customerId: ctx.customer.customerId };
  const sessionToken = ctx.cartSession ?? bodySessionToken;
  if (!sessionToken) {
    throw ApiError.invalidField('sessionToken', 'Missing session token for anonymous cart: send X-Cart-Session (or session_token), or sign in.');
  }
  return { kind: 'session', sessionHash: sessionHashOf(sessionToken) };
}

/** The unique key of an owner's open cart at a store. */
export function openKeyOf(owner: CartOwner): string {
  return owner.kind === 'customer' ? `c:${owner.customerId}` : `s:${owner.sessionHash}`;
}
