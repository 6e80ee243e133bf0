import { CONTACT_SCOPE } from '../../domain/customers/merchant/contact.js';
import { followerListLimits, listFollowers, type MerchantFollower as Follower } from '../../domain/customers/merchant/list-followers.js';
import { listWishlistItems, wishlistListLimits } from '../../domain/customers/merchant/list-wishlist-items.js';
import { resolveLocale } from '../../domain/locale/resolve-locale.js';
import { builder, merchantScope } from '../builder.js';
import { Merchant } from '../merchant/namespace.js';
import { connectionOf, windowOf } from '../shared/connection.js';
import { WishlistItem } from './account-parts.js';
import { MerchantCustomer } from './merchant-customers.js';

// The merchant's reads of what shoppers keep: the store's followers (GET /customers/followers) and
// a customer's wishlist (GET /customers/{customer}/wishlist-items), over the REST face's domain functions.

const MerchantFollower = builder.objectRef<Follower>('MerchantFollower').implement({
  description: `A shopper following the store. email and phone are null unless the shopper shared them or is a customer, and masked without ${CONTACT_SCOPE}.`,
  fields: (t) => ({
    followId: t.field({ type: 'UUID', description: 'The follow (REST `id`).', resolve: (f) => f.id }),
    customerPId: t.exposeInt('customerId', { nullable: true, description: "The store's customer integer id, when the shopper is a customer." }),
    name: t.exposeString('name'),
    email: t.exposeString('email', { nullable: true }),
    phone: t.exposeString('phone', { nullable: true }),
    avatar: t.exposeString('avatarUrl', { nullable: true }),
    sharedContact: t.exposeBoolean('sharedContact'),
    isCustomer: t.exposeBoolean('isCustomer'),
    followedAt: t.field({ type: 'DateTime', resolve: (f) => f.followedAt }),
  }),
});

builder.objectFields(Merchant, (t) => ({
  followers: t.connection({
    type: MerchantFollower,
    ...merchantScope('merchant-customers-read'),
    description: "The store's followers, newest first (GET /customers/followers); the cursors are REST next_cursor.",
    resolve: async (_m, args, { ctx }) => {
      const page = await listFollowers(ctx, windowOf(args, followerListLimits.maxPageSize, followerListLimits.defaultPageSize));
      const connection = connectionOf(page);
      return { ...connection, edges: connection.edges.map((edge, i) => ({ cursor: edge.cursor, node: page.followers[i]! })) };
    },
  }),
}));

builder.objectFields(MerchantCustomer, (t) => ({
  wishlistItems: t.connection({
    type: WishlistItem,
    ...merchantScope('merchant-customers-detail'),
    description:
      "The customer's saved products at this store, newest first (GET /customers/{customer}/wishlist-items), published or not; the product in the primary locale.",
    resolve: async (customer, args, { ctx }) => {
      const window = windowOf(args, wishlistListLimits.maxPageSize, wishlistListLimits.defaultPageSize);
      const [page, locale] = await Promise.all([listWishlistItems(ctx, { customer: customer.uid, window }), resolveLocale(ctx, undefined)]);
      return connectionOf({ ...page, rows: page.rows.map((row) => ({ ...row, locale })), cursorOf: (row) => page.cursorOf(row) });
    },
  }),
}));
