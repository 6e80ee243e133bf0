import type { StoreFollow } from '../../../generated/prisma/client.js';
import { signedInCustomer, type Ctx } from '../../context.js';
import { findOrInsert } from '../../find-or-insert.js';
import { withTransaction } from '../../transaction.js';

/** Whether the signed-in shopper follows this store, and whether they share their contact with it. */
export interface FollowState {
  following: boolean;
  sharedContact: boolean;
  followedAt: Date | null;
}

function stateOf(follow: StoreFollow | null): FollowState {
  return { following: follow !== null, sharedContact: follow?.sharedContact ?? false, followedAt: follow?.createdAt ?? null };
}

export function followState(ctx: Ctx): Promise<FollowState> {
  return followStateOf(ctx, signedInCustomer(ctx).accountId);
}

export async function followStateOf(ctx: Ctx, accountId: string): Promise<FollowState> {
  return stateOf(await ctx.db.storeFollow.findUnique({ where: { storeId_accountId: { storeId: ctx.db.$storeId, accountId } } }));
}

/**
 * Follows the store, or changes the contact choice of a follow that exists (its time stays: the
 * merchant's follower list is by when a shopper first followed). The contact choice defaults to
 * not shared; the merchant then sees the follower's name and avatar only. Concurrent first follows
 * make one row and all answer it (findOrInsert).
 */
export async function followStore(ctx: Ctx, input: { sharedContact?: boolean }): Promise<FollowState> {
  const { accountId, customerId } = signedInCustomer(ctx);
  const { sharedContact } = input;
  return withTransaction(ctx, async (tx) => {
    const where = { storeId_accountId: { storeId: tx.db.$storeId, accountId } };
    const { row } = await findOrInsert(
      async () =>
        sharedContact === undefined
          ? tx.db.storeFollow.findUnique({ where })
          : ((await tx.db.storeFollow.updateManyAndReturn({ where: { accountId }, data: { sharedContact } }))[0] ?? null),
      () =>
        tx.db.storeFollow.createManyAndReturn({
          data: [{ storeId: tx.db.$storeId, accountId, customerId, sharedContact: sharedContact ?? false, createdAt: tx.now }],
          skipDuplicates: true,
        }),
    );
    return stateOf(row);
  });
}

/** Stops following; not following already is not an error (the state asked for holds). */
export async function unfollowStore(ctx: Ctx): Promise<FollowState> {
  const { accountId } = signedInCustomer(ctx);
  await ctx.db.storeFollow.deleteMany({ where: { accountId } });
  return stateOf(null);
}
