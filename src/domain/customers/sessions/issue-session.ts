import { randomUUID } from 'node:crypto';
import { randomToken, sha256Hex } from '../../../platform/crypto/tokens.js';
import type { Ctx } from '../../context.js';
import { mergeSessionCart } from '../../carts/merge-carts.js';
import { withTransaction } from '../../transaction.js';

/** The lifetimes the spec documents: an hour for the access token, 30 days for the refresh token. */
export const ACCESS_TOKEN_SECONDS = 3600;
export const REFRESH_TOKEN_SECONDS = 2_592_000;

/** A session as issued: the two secrets, shown once and then held only as hashes. */
export interface IssuedSession {
  sessionId: string;
  familyId: string;
  accessToken: string;
  refreshToken: string;
  accessExpiresAt: Date;
  refreshExpiresAt: Date;
  platform: string;
}

/**
 * Issues a session for the store's customer. A new sign-in starts a family; a refresh passes the
 * family of the session it spends, so reusing a spent refresh token can revoke them all. A new
 * sign-in with a cart session (`X-Cart-Session`) also takes the signed-out cart along, in the same
 * transaction, so the shopper never signs in without their cart; a refresh leaves carts alone.
 */
export async function issueSession(ctx: Ctx, input: { customerId: number; platform?: string; familyId?: string }): Promise<IssuedSession> {
  // 32 random bytes each; prefixes tell the two apart in logs and leaked-secret scanners.
  const accessToken = `bzc_${randomToken(32)}`;
  const refreshToken = `bzr_${randomToken(32)}`;
  const accessExpiresAt = new Date(ctx.now.getTime() + ACCESS_TOKEN_SECONDS * 1000);
  const refreshExpiresAt = new Date(ctx.now.getTime() + REFRESH_TOKEN_SECONDS * 1000);
  const familyId = input.familyId ?? randomUUID();
  const platform = input.platform ?? 'client_web';
  const session = await ctx.db.customerSession.create({
    data: {
      storeId: ctx.store.id,
      customerId: input.customerId,
      familyId,
      accessTokenHash: sha256Hex(accessToken),
      refreshTokenHash: sha256Hex(refreshToken),
      platform,
      accessExpiresAt,
      refreshExpiresAt,
      createdAt: ctx.now,
    },
  });
  const cartSession = ctx.cartSession;
  if (cartSession && input.familyId === undefined) {
    await withTransaction(ctx, (tx) => mergeSessionCart(tx, cartSession, input.customerId));
  }
  return { sessionId: session.id, familyId, accessToken, refreshToken, accessExpiresAt, refreshExpiresAt, platform };
}
