import { ApiError } from '../platform/errors/api-error.js';
import type { Principal } from './principal.js';
import type { MerchantScope } from './scopes.js';

/**
 * What an operation needs from its caller. Every REST route and every GraphQL root field declares
 * exactly one; the request kit enforces it before any handler runs, and nothing else checks keys.
 */
export type AuthRequirement =
  /** Any valid key of the store: a public key from an allowed origin, or a private key. */
  | { readonly kind: 'storeKey' }
  /** A private key, whatever its scopes (the GraphQL merchant namespace; its fields name their scopes). */
  | { readonly kind: 'privateKey' }
  /** A private key carrying this Merchant API scope. */
  | { readonly kind: 'scope'; readonly scope: MerchantScope }
  /** Any valid key of the store plus a signed-in customer of that store (the spec's (C) operations). */
  | { readonly kind: 'customer' }
  /** Any valid key of the store; a customer too when a bearer token is sent (carts: the token wins over the cart session). */
  | { readonly kind: 'optionalCustomer' };

export const storeKey: AuthRequirement = { kind: 'storeKey' };
export const privateKey: AuthRequirement = { kind: 'privateKey' };
export const scope = (name: MerchantScope): AuthRequirement => ({ kind: 'scope', scope: name });
export const customer: AuthRequirement = { kind: 'customer' };
export const optionalCustomer: AuthRequirement = { kind: 'optionalCustomer' };

/** Whether the kit reads the bearer token as a customer's session for this requirement. */
export function readsCustomer(requirement: AuthRequirement): boolean {
  return requirement.kind === 'customer' || requirement.kind === 'optionalCustomer';
}

export function requirePrivateKey(principal: Principal) {
  if (principal.kind !== 'private') throw new ApiError('private_key_required', 'This operation takes a private key (sk_); public keys (pk_) never reach it.');
}

export function requireScope(principal: Principal, name: MerchantScope) {
  requirePrivateKey(principal);
  if (!principal.scopes.has(name)) {
    throw new ApiError('insufficient_scope', `This operation requires the ${name} scope, which this key does not carry.`);
  }
}

/** Throws the documented failure when the authenticated principal does not meet the requirement. */
export function enforce(requirement: AuthRequirement, principal: Principal) {
  if (requirement.kind === 'privateKey') requirePrivateKey(principal);
  else if (requirement.kind === 'scope') requireScope(principal, requirement.scope);
}

/** A short, stable description for docs and start-up errors. */
export function describeRequirement(requirement: AuthRequirement): string {
  switch (requirement.kind) {
    case 'scope':
      return `private key with scope ${requirement.scope}`;
    case 'privateKey':
      return 'private key';
    case 'customer':
      return 'store key (public or private) and a customer access token (Authorization: Bearer)';
    case 'optionalCustomer':
      return 'store key (public or private); a customer access token when the shopper is signed in';
    default:
      return 'store key (public or private)';
  }
}
