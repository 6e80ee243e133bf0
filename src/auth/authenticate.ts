import type { Store } from '../generated/prisma/client.js';
import { ApiError } from '../platform/errors/api-error.js';
import type { Surface } from '../platform/errors/error-codes.js';
import { sha256Hex } from '../platform/crypto/tokens.js';
import type { FoundKey, KeyLookup, KeyWithStore } from './key-lookup.js';
import type { Principal } from './principal.js';

export interface Credentials {
  clientKey: string | undefined;
  origin: string | undefined;
  /** A store id or slug sent in X-Store-Id; the key already names the store. */
  storeHeader: string | undefined;
}

export interface Authenticated extends Omit<FoundKey, 'key'> {
  store: Store;
  principal: Principal;
}

/**
 * The one place that turns an X-Client-Key into a store and a principal (with what the key lookup
 * read of the store's tokens and, `withFacts`, its facts: key-lookup.ts). Each surface
 * answers a failure with its own documented code, so the checks run in the order of its table.
 * It reads keys across stores: until the key is found, no store is known.
 */
export async function authenticate(
  findKey: KeyLookup,
  surface: Surface,
  credentials: Credentials,
  now = new Date(),
  withFacts = false,
): Promise<Authenticated> {
  const { clientKey } = credentials;
  if (!clientKey) {
    throw surface === 'merchant'
      ? new ApiError('unauthenticated', 'Send a private API key in the X-Client-Key header.')
      : new ApiError('client_key_required', 'Send your API key in the X-Client-Key header.');
  }
  const { key, ...found } = await findKey(sha256Hex(clientKey), now, withFacts);
  if (!key) throw new ApiError('invalid_client_key', 'The X-Client-Key is not a known API key.');

  if (surface === 'merchant') checkMerchantKey(key, now);
  else checkStorefrontKey(key, credentials.origin, now);

  if (key.store.plan !== 'active') throw new ApiError('plan_inactive', `The plan of store "${key.store.slug}" has no API access.`);
  if (surface === 'merchant' && credentials.storeHeader && !namesStore(credentials.storeHeader, key.store)) {
    throw new ApiError('VENDOR_ACCESS_DENIED', 'The store header names a store this key does not belong to. Drop the header: the key names its store.');
  }
  return {
    store: key.store,
    principal: { keyId: key.id, kind: key.kind, mode: key.mode, scopes: new Set(key.scopes), installation: key.installation },
    ...found,
  };
}

function checkMerchantKey(key: KeyWithStore, now: Date) {
  if (key.kind !== 'private') throw new ApiError('private_key_required', 'The merchant API takes a private key (sk_); public keys (pk_) never reach it.');
  if (key.revokedAt) throw new ApiError('api_key_revoked', 'This API key was revoked.');
  if (key.expiresAt && key.expiresAt <= now) throw new ApiError('api_key_expired', `This API key expired at ${key.expiresAt.toISOString()}.`);
  checkMode(key);
}

function checkStorefrontKey(key: KeyWithStore, origin: string | undefined, now: Date) {
  if (key.revokedAt) throw new ApiError('invalid_client_key', 'This API key was revoked.');
  if (key.expiresAt && key.expiresAt <= now) throw new ApiError('invalid_client_key', `This API key expired at ${key.expiresAt.toISOString()}.`);
  checkMode(key);
  if (key.kind === 'public') checkOrigin(key.origins, origin);
}

function checkMode(key: KeyWithStore) {
  const storeMode = key.store.mode === 'dev' ? 'test' : 'live';
  if (key.mode !== storeMode) {
    throw new ApiError(
      'api_key_mode_mismatch',
      `A ${key.mode} key cannot be used on a ${key.store.mode} store; use a ${storeMode === 'test' ? 'test (_test_)' : 'live (_live_)'} key.`,
    );
  }
}

function checkOrigin(allowed: string[], origin: string | undefined) {
  if (allowed.includes('*')) return;
  if (!origin) {
    throw new ApiError('origin_required', 'This public key only answers requests with an allowlisted Origin header.');
  }
  if (!allowed.includes(origin)) {
    const list = allowed.length ? allowed.join(', ') : '(none)';
    throw new ApiError('origin_not_allowed', `Origin ${origin} is not allowed for this key. Allowed origins: ${list}.`);
  }
}

function namesStore(header: string, store: Store): boolean {
  return header === store.id || header === store.slug;
}
