import type { Ctx } from '../../context.js';
import { signedInCustomer } from '../../context.js';

/** Signs out the request's session: its access and refresh tokens stop working at once. */
export async function signOut(ctx: Ctx): Promise<void> {
  const { sessionId } = signedInCustomer(ctx);
  await ctx.db.customerSession.updateMany({ where: { id: sessionId, revokedAt: null }, data: { revokedAt: ctx.now } });
}

/**
 * Signs out every session of the signed-in customer at this store. Sessions at other stores are
 * that store's: a shopper signs out there with that store's token.
 */
export async function signOutEverywhere(ctx: Ctx): Promise<{ signedOut: number }> {
  const { customerId } = signedInCustomer(ctx);
  const { count } = await ctx.db.customerSession.updateMany({ where: { customerId, revokedAt: null }, data: { revokedAt: ctx.now } });
  return { signedOut: count };
}
