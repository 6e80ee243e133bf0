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
  | { readonly kind: 'scope'; readonly scope: MerchantScope };

export const storeKey: AuthRequirement = { kind: 'storeKey' };
export const privateKey: AuthRequirement = { kind: 'privateKey' };
export const scope = (name: MerchantScope): AuthRequirement => ({ kind: 'scope', scope: name });

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
  if (requirement.kind === 'scope') return `private key with scope ${requirement.scope}`;
  return requirement.kind === 'privateKey' ? 'private key' : 'store key (public or private)';
}
