import type { CustomerAccount, StoreFollow } from '../../../generated/prisma/client.js';
import type { Ctx } from '../../context.js';
import { keysetPage, type KeysetPage, type KeysetWindow } from '../../pagination/keyset-page.js';
import { asDate, asString, type KeysetSort } from '../../pagination/keyset.js';
import { contactFor } from './contact.js';
import { fullName } from './customer-view.js';

export const followerListLimits = { maxPageSize: 50, defaultPageSize: 20 } as const;
export const FOLLOWER_LIST = 'merchant.followers';

type FollowRow = StoreFollow & { account: CustomerAccount };

export interface MerchantFollower {
  id: string;
  customerId: number | null;
  name: string;
  email: string | null;
  phone: string | null;
  avatarUrl: string | null;
  sharedContact: boolean;
  isCustomer: boolean;
  followedAt: Date;
}

const newestFirst: KeysetSort<FollowRow> = [
  { field: 'createdAt', direction: 'desc', read: (f) => f.createdAt.toISOString(), parse: asDate },
  { field: 'id', direction: 'desc', read: (f) => f.id, parse: asString },
];

/**
 * A follower's contact is the store's to see only when the shopper shared it on following or is a
 * customer of the store (a follow is linked to the store's customer record when there is one);
 * otherwise it is null. What is shown is masked for a key without the contact scope.
 */
function followerOf(ctx: Ctx, row: FollowRow): MerchantFollower {
  const isCustomer = row.customerId !== null;
  const contact = row.sharedContact || isCustomer ? contactFor(ctx, { email: row.account.email, phone: row.account.phone }) : { email: null, phone: null };
  return {
    id: row.id,
    customerId: row.customerId,
    name: fullName(row.account),
    ...contact,
    avatarUrl: row.account.avatarUrl,
    sharedContact: row.sharedContact,
    isCustomer,
    followedAt: row.createdAt,
  };
}

/** The store's followers, newest follow first. */
export async function listFollowers(ctx: Ctx, window: KeysetWindow): Promise<KeysetPage<FollowRow> & { followers: MerchantFollower[] }> {
  const page = await keysetPage(
    ctx,
    {
      binding: { list: FOLLOWER_LIST, storeId: ctx.store.id, filters: {} },
      sort: newestFirst,
      where: {},
      fetch: (args) => ctx.db.storeFollow.findMany({ ...(args as object), include: { account: true } }) as Promise<FollowRow[]>,
    },
    window,
  );
  return { ...page, followers: page.rows.map((row) => followerOf(ctx, row)) };
}
