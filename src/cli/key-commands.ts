import { z } from 'zod';
import { merchantScopes } from '../auth/scopes.js';
import { createApiKey, revokeApiKey } from '../domain/keys/manage-keys.js';
import { parseInput } from '../platform/validation/parse-input.js';
import { timestampParam } from '../platform/validation/wire-params.js';
import { describe, type CommandModule } from './command.js';
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

export const keyCreate: CommandModule = {
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

export const keyRevoke: CommandModule = {
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
