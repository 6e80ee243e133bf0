import { z } from 'zod';
import type { ApiKey, KeyKind, KeyMode, Store } from '../../generated/prisma/client.js';
import { isMerchantScope, merchantScopes } from '../../auth/scopes.js';
import { randomToken, sha256Hex } from '../../platform/crypto/tokens.js';
import { ApiError } from '../../platform/errors/api-error.js';
import { findStoreBySlug, type OperatorCtx } from '../store/manage-stores.js';
import { parseInput } from '../../platform/validation/parse-input.js';

const origin = z.string().refine((v) => v === '*' || /^https?:\/\/[^/\s?#]+$/.test(v), {
  error: 'must be "*" or an origin such as https://shop.example (scheme, host and optional port, no path)',
});

const createInput = z.object({
  store: z.string().min(1),
  kind: z.enum(['public', 'private'], { error: 'must be public or private' }),
  origins: z.array(origin).default([]),
  scopes: z.array(z.string()).default([]),
  label: z.string().max(120).optional(),
  expiresAt: z.date().optional(),
});

export type CreateKeyInput = z.input<typeof createInput>;

export interface CreatedKey {
  apiKey: ApiKey;
  /** The whole secret; shown here once and never stored. */
  secret: string;
}

/** Test keys for a dev store, live keys otherwise. */
export const keyModeOf = (store: Pick<Store, 'mode'>): KeyMode => (store.mode === 'dev' ? 'test' : 'live');

/** The whole key: kind and mode in its prefix (pk_live_, sk_test_, …), then the secret part. */
export const keySecret = (kind: KeyKind, mode: KeyMode, token: string): string => `${kind === 'public' ? 'pk' : 'sk'}_${mode}_${token}`;

/** The scopes a list grants: `all` is every merchant scope; an unknown one answers 422 naming `scopes`. */
export function grantedScopes(requested: string[]): string[] {
  const scopes = requested.includes('all') ? [...merchantScopes] : [...new Set(requested)];
  const unknown = scopes.filter((s) => !isMerchantScope(s));
  if (unknown.length) throw ApiError.invalidField('scopes', `Unknown scope(s): ${unknown.join(', ')}.`);
  return scopes;
}

/** A new private key of the store: the row to create and its whole secret, which is shown once and never stored. */
export function privateKeyRow(store: Pick<Store, 'id' | 'mode'>, scopes: string[], label: string, token = randomToken(24)) {
  const mode = keyModeOf(store);
  const secret = keySecret('private', mode, token);
  const data = { storeId: store.id, kind: 'private' as const, mode, secretHash: sha256Hex(secret), prefix: secret.slice(0, 12), label, origins: [], scopes };
  return { secret, data };
}

/**
 * Mints a key; its mode follows the store's (test keys for a dev store). `token` is the secret part:
 * random unless the caller derives it (the demo keys do, so they can be printed again).
 */
export async function createApiKey(ctx: OperatorCtx, raw: CreateKeyInput, token = randomToken(24)): Promise<CreatedKey> {
  const input = parseInput(createInput, raw);
  const store = await findStoreBySlug(ctx, input.store);
  if (input.kind === 'public' && input.scopes.length) throw ApiError.invalidField('scopes', 'Public keys carry no scopes; they read the storefront only.');
  if (input.kind === 'private' && input.origins.length) throw ApiError.invalidField('origins', 'Private keys are for servers and take no origin allowlist.');
  const scopes = grantedScopes(input.scopes);

  const mode = keyModeOf(store);
  const secret = keySecret(input.kind, mode, token);
  const apiKey = await ctx.db.apiKey.create({
    data: {
      storeId: store.id,
      kind: input.kind,
      mode,
      secretHash: sha256Hex(secret),
      prefix: secret.slice(0, 12),
      label: input.label,
      origins: input.kind === 'public' ? (input.origins.length ? [...new Set(input.origins)] : ['*']) : [],
      scopes,
      expiresAt: input.expiresAt,
    },
  });
  return { apiKey, secret };
}

export async function revokeApiKey(ctx: OperatorCtx, id: string): Promise<ApiKey> {
  const key = z.uuid().safeParse(id).success ? await ctx.db.apiKey.findUnique({ where: { id } }) : null;
  if (!key) throw ApiError.notFound('API key');
  if (key.revokedAt) return key;
  return ctx.db.apiKey.update({ where: { id }, data: { revokedAt: ctx.now } });
}
