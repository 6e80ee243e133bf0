import { z } from 'zod';
import { merchantScopes } from '../auth/scopes.js';
import { createApiKey, revokeApiKey } from '../domain/keys/manage-keys.js';
import { parseInput } from '../platform/validation/parse-input.js';
import { timestampParam } from '../platform/validation/wire-params.js';
import { describe, type Command } from './command.js';
import { listFlag, stringFlag, type Flags } from './parse-command-line.js';

/** An ISO 8601 time, past ones included: an already expired key is useful for testing clients. */
function expiresAt(flags: Flags): Date | undefined {
  const raw = stringFlag(flags, 'expires-at');
  return parseInput(z.object({ 'expires-at': timestampParam.optional() }), { 'expires-at': raw })['expires-at'];
}

function scopesText(scopes: string[]): string {
  if (scopes.length === merchantScopes.length) return `all ${scopes.length} merchant scopes`;
  return scopes.join(', ') || '(none)';
}

export const keyCreate: Command = {
  summary: 'Mint an API key; the whole key is printed once and never stored.',
  flags: {
    store: { value: 'SLUG', help: 'the store the key opens' },
    kind: { value: 'public|private', help: 'public for browsers (storefront and GraphQL catalogue), private for servers (merchant API too)' },
    origins: { value: "'https://a.example,https://b.example'|'*'", help: "public keys: the browser origins allowed, '*' for any (default '*')" },
    scopes: { value: 'a,b|all', help: 'private keys: the merchant scopes it grants, or all of them' },
    'expires-at': { value: 'ISO8601', help: 'when the key stops working, past times included (default never)' },
    label: { value: 'TEXT', help: 'a note kept with the key, up to 120 characters' },
  },
  required: ['store', 'kind'],
  async run(io, flags) {
    const ctx = await io.operator();
    const { apiKey, secret } = await createApiKey(ctx, {
      store: stringFlag(flags, 'store')!,
      // The domain's own validation answers a kind other than public or private.
      kind: stringFlag(flags, 'kind') as 'public' | 'private',
      origins: listFlag(flags, 'origins'),
      scopes: listFlag(flags, 'scopes'),
      label: stringFlag(flags, 'label'),
      expiresAt: expiresAt(flags),
    });
    const expires = apiKey.expiresAt?.toISOString() ?? null;
    const expired = apiKey.expiresAt !== null && apiKey.expiresAt <= ctx.now;
    return {
      json: { id: apiKey.id, key: secret, kind: apiKey.kind, mode: apiKey.mode, scopes: apiKey.scopes, origins: apiKey.origins, expires_at: expires },
      text: describe(
        `Created ${apiKey.kind} ${apiKey.mode} key for store ${stringFlag(flags, 'store')}`,
        [
          ['id', apiKey.id],
          ['key', secret],
          ['origins', apiKey.kind === 'public' ? apiKey.origins.join(', ') : null],
          ['scopes', apiKey.kind === 'private' ? scopesText(apiKey.scopes) : null],
          ['expires', expires ? `${expires}${expired ? ' (already expired)' : ''}` : 'never'],
          ['label', apiKey.label],
        ],
        'The key is shown only now; store it somewhere safe.',
      ),
    };
  },
};

export const keyRevoke: Command = {
  summary: 'Revoke an API key; calls with it then answer invalid_client_key (storefront, GraphQL) or api_key_revoked (merchant).',
  flags: { id: { value: 'ID', help: "the key's id, as printed when it was created" } },
  required: ['id'],
  async run(io, flags) {
    const ctx = await io.operator();
    const apiKey = await revokeApiKey(ctx, stringFlag(flags, 'id')!);
    const revokedAt = apiKey.revokedAt!;
    const earlier = revokedAt < ctx.now;
    return {
      json: { id: apiKey.id, revoked: true, revoked_at: revokedAt.toISOString() },
      text: earlier ? `Key ${apiKey.id} was already revoked at ${revokedAt.toISOString()}.` : `Revoked key ${apiKey.id} at ${revokedAt.toISOString()}.`,
    };
  },
};
