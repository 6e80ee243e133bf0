import { sha256Hex } from '../../../platform/crypto/tokens.js';
import { ApiError } from '../../../platform/errors/api-error.js';
import type { Ctx } from '../../context.js';
import { withTransaction } from '../../transaction.js';
import { accountView, type SignedIn } from '../accounts/signed-in.js';
import { issueSession } from './issue-session.js';

const refused = () => new ApiError('refresh_token_invalid', 'The refresh token is unknown, expired, already used or signed out; sign in again.');

/**
 * Whether a live refresh token of this hash was issued by another store. The store's client sees
 * only its own sessions, so this asks through the platform-wide account, as a password reset
 * reaches every store's sessions; it answers only yes or no, never the other store's rows. A token
 * that is dead everywhere stays a plain 401, as an access token does.
 */
async function liveElsewhere(ctx: Ctx, refreshTokenHash: string): Promise<boolean> {
  const account = await ctx.db.customerAccount.findFirst({
    where: {
      customers: {
        some: { sessions: { some: { refreshTokenHash, refreshedAt: null, revokedAt: null, refreshExpiresAt: { gt: ctx.now } } } },
      },
    },
    select: { id: true },
  });
  return account !== null;
}

/**
 * Exchanges a refresh token for a new session of the same family (rotation): the token is spent by
 * the exchange. A spent token presented again means it was copied, so the whole family (every
 * session descended from that sign-in) is signed out. The spend is a conditional update, so two
 * concurrent exchanges of one token cannot both succeed.
 */
export async function refreshSession(ctx: Ctx, input: { refreshToken: string }): Promise<SignedIn> {
  const refreshTokenHash = sha256Hex(input.refreshToken);
  const session = await ctx.db.customerSession.findUnique({ where: { refreshTokenHash } });
  if (!session) {
    if (await liveElsewhere(ctx, refreshTokenHash)) {
      throw new ApiError('token_store_mismatch', `This refresh token was issued by another store; sign in at ${ctx.store.name}.`);
    }
    throw refused();
  }
  if (session.refreshedAt) {
    await ctx.db.customerSession.updateMany({ where: { familyId: session.familyId, revokedAt: null }, data: { revokedAt: ctx.now } });
    throw refused();
  }
  if (session.revokedAt || session.refreshExpiresAt <= ctx.now) throw refused();
  const issued = await withTransaction(ctx, async (tx) => {
    const { count } = await tx.db.customerSession.updateMany({
      where: { id: session.id, refreshedAt: null, revokedAt: null },
      data: { refreshedAt: tx.now, revokedAt: tx.now },
    });
    if (count === 0) return null;
    return issueSession(tx, { customerId: session.customerId, familyId: session.familyId, platform: session.platform });
  });
  if (!issued) throw refused();
  const customer = await ctx.db.customer.findUniqueOrThrow({ where: { id: session.customerId } });
  return { session: issued, ...(await accountView(ctx, customer.accountId)) };
}
