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
 * The spec's rule: a customer bearer token wins, and the session value (`X-Cart-Session`, or the
 * body's `session_token`) is then ignored; with neither, 422 validation_failed.
 */
export function cartOwnerOf(ctx: Ctx, sessionToken: string | undefined): CartOwner {
  if (ctx.customer) return { kind: 'customer', customerId: ctx.customer.customerId };
  if (!sessionToken) {
    throw ApiError.invalidField('sessionToken', 'Missing session token for anonymous cart: send X-Cart-Session (or session_token), or sign in.');
  }
  return { kind: 'session', sessionHash: sessionHashOf(sessionToken) };
}

/** The unique key of an owner's open cart at a store. */
export function openKeyOf(owner: CartOwner): string {
  return owner.kind === 'customer' ? `c:${owner.customerId}` : `s:${owner.sessionHash}`;
}
