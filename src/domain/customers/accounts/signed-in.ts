import type { CustomerAccount, SavedAddress } from '../../../generated/prisma/client.js';
import type { Ctx } from '../../context.js';
import type { IssuedSession } from '../sessions/issue-session.js';

/** What every sign-in, registration and refresh answers: the session and the shopper it is for. */
export interface SignedIn {
  session: IssuedSession;
  account: CustomerAccount;
  /** The account's default saved address: the session's `user` location fields come from it. */
  defaultAddress: SavedAddress | null;
  /** Present on registration answers only. */
  isNewUser?: boolean;
}

/** The account's default saved address; addresses are the account's, at every store. */
export function defaultAddressOf(ctx: Ctx, accountId: string): Promise<SavedAddress | null> {
  return ctx.db.savedAddress.findFirst({ where: { accountId, isDefault: true } });
}

export async function accountView(ctx: Ctx, accountId: string): Promise<{ account: CustomerAccount; defaultAddress: SavedAddress | null }> {
  const [account, defaultAddress] = await Promise.all([
    ctx.db.customerAccount.findUniqueOrThrow({ where: { id: accountId } }),
    defaultAddressOf(ctx, accountId),
  ]);
  return { account, defaultAddress };
}
