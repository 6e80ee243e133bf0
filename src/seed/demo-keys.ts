import type { ApiKey, KeyKind, Store } from '../generated/prisma/client.js';
import { merchantScopes } from '../auth/scopes.js';
import { createApiKey, keyModeOf, keySecret, revokeApiKey, type CreatedKey } from '../domain/keys/manage-keys.js';
import type { OperatorCtx } from '../domain/store/manage-stores.js';
import { hmac, sha256Hex } from '../platform/crypto/tokens.js';

const demoKeyLabel = 'demo';
/** As long as the random part of a minted key (24 bytes in base64url). */
const tokenLength = 32;

export interface DemoKeys {
  public: string;
  private: string;
}

const usable = (key: ApiKey, now: Date) => key.revokedAt === null && (key.expiresAt === null || key.expiresAt > now);

/**
 * The demo key of one kind. Its secret part is an HMAC of the store id under the server's signing
 * secret, so every start on the same database (or BAZAAR_SECRET) prints the same key while only
 * its hash is stored, like any key's. A derived key that was revoked is never revived: the next
 * generation is derived instead, and that one then stays.
 */
async function demoKey(ctx: OperatorCtx, store: Store, signingSecret: string, kind: KeyKind): Promise<CreatedKey> {
  const mode = keyModeOf(store);
  let generation = 0;
  for (;;) {
    // The mode is in the input too: a revoked live key must not tell the secret part of the test key.
    const token = hmac(signingSecret, `demo-${kind}-${mode}:${store.id}:${generation}`).slice(0, tokenLength);
    const secret = keySecret(kind, mode, token);
    const secretHash = sha256Hex(secret);
    const existing = await ctx.db.apiKey.findUnique({ where: { secretHash } });
    if (existing && !usable(existing, ctx.now)) {
      generation += 1;
      continue;
    }
    if (existing) return { apiKey: await withEveryScope(ctx, existing), secret };
    const spec = kind === 'public' ? { origins: ['*'] } : { scopes: ['all'] };
    try {
      return await createApiKey(ctx, { store: store.slug, kind, label: demoKeyLabel, ...spec }, token);
    } catch (error) {
      // Two first starts on one PostgreSQL race to create it; the loser takes the winner's row on the next turn.
      if (!(await ctx.db.apiKey.findUnique({ where: { secretHash } }))) throw error;
    }
  }
}

/** The private demo key promises every merchant scope, including scopes added since it was created. */
async function withEveryScope(ctx: OperatorCtx, key: ApiKey): Promise<ApiKey> {
  if (key.kind !== 'private' || merchantScopes.every((scope) => key.scopes.includes(scope))) return key;
  return ctx.db.apiKey.update({ where: { id: key.id }, data: { scopes: [...merchantScopes] } });
}

/**
 * The demo store's public and private key, the same at every call while the signing secret and the
 * store's mode stay. Other demo-labelled keys (those of an earlier secret, or the random pairs
 * earlier versions minted at each start) are revoked, so one demo pair works at a time.
 */
export async function ensureDemoKeys(ctx: OperatorCtx, store: Store, signingSecret: string): Promise<DemoKeys> {
  const publicKey = await demoKey(ctx, store, signingSecret, 'public');
  const privateKey = await demoKey(ctx, store, signingSecret, 'private');
  const others = await ctx.db.apiKey.findMany({
    where: { storeId: store.id, label: demoKeyLabel, revokedAt: null, id: { notIn: [publicKey.apiKey.id, privateKey.apiKey.id] } },
    select: { id: true },
  });
  for (const key of others) await revokeApiKey(ctx, key.id);
  return { public: publicKey.secret, private: privateKey.secret };
}
