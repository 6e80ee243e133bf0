import type { SavedAddress as SavedAddressRow } from '../../generated/prisma/client.js';
import type { FollowState as FollowStateShape } from '../../domain/customers/follows/store-follow.js';
import { addressesOf } from '../../domain/customers/addresses/saved-addresses.js';
import { followStateOf } from '../../domain/customers/follows/store-follow.js';
import { listWishlist, wishlistLimits, type WishlistEntry } from '../../domain/customers/wishlist/wishlist.js';
import { resolveLocale } from '../../domain/locale/resolve-locale.js';
import { builder } from '../builder.js';
import { localized, ProductRef } from '../catalog/product-types.js';
import { connectionOf, windowOf } from '../shared/connection.js';
import { Money } from '../shared/money.js';
import { CustomerAccount } from './account-type.js';

export const SavedAddress = builder.objectRef<SavedAddressRow>('SavedAddress').implement({
  description: 'A saved address of the account (the same at every store); the region fields are derived from the point, null outside every known region.',
  fields: (t) => ({
    id: t.field({ type: 'UUID', resolve: (a) => a.id }),
    label: t.exposeString('label'),
    address: t.exposeString('address'),
    lat: t.float({ resolve: (a) => Number(a.lat) }),
    lng: t.float({ resolve: (a) => Number(a.lng) }),
    countryCode: t.exposeString('countryCode', { nullable: true }),
    state: t.exposeString('state', { nullable: true }),
    city: t.exposeString('city', { nullable: true }),
    area: t.exposeString('area', { nullable: true }),
    stateId: t.exposeInt('stateId', { nullable: true, description: 'The region data set’s id; shipping zones name the same ids.' }),
    areaId: t.exposeInt('areaId', { nullable: true }),
    isDefault: t.exposeBoolean('isDefault'),
  }),
});

export const FollowState = builder.objectRef<FollowStateShape>('FollowState').implement({
  fields: (t) => ({
    following: t.exposeBoolean('following'),
    sharedContact: t.exposeBoolean('sharedContact', { description: 'Whether the merchant sees the shopper’s email and phone in its follower list.' }),
    followedAt: t.field({ type: 'DateTime', nullable: true, resolve: (s) => s.followedAt }),
  }),
});

export const WishlistItem = builder.objectRef<WishlistEntry & { locale: Awaited<ReturnType<typeof resolveLocale>> }>('WishlistItem').implement({
  fields: (t) => ({
    id: t.field({ type: 'UUID', resolve: (i) => i.id }),
    savedAt: t.field({ type: 'DateTime', resolve: (i) => i.createdAt }),
    priceAtSave: t.field({
      type: Money,
      description: 'What the shopper would have paid when saving it; the product shows today’s price.',
      resolve: (i, _a, { ctx }) => ({ amount: i.priceAtSave, currencyCode: ctx.store.currency }),
    }),
    product: t.field({ type: ProductRef, resolve: (i) => localized(i.product, i.locale) }),
  }),
});

builder.objectFields(CustomerAccount, (t) => ({
  addresses: t.field({
    type: [SavedAddress],
    description: 'Saved addresses, the default first, then newest first.',
    resolve: (a, _args, { ctx }) => addressesOf(ctx, a.account.id),
  }),
  following: t.field({
    type: FollowState,
    nullable: true,
    description: 'Whether the shopper follows this store; null on a session payload (query `customer` for it).',
    resolve: (a, _args, { ctx }) => (a.customer ? followStateOf(ctx, a.account.id) : null),
  }),
  wishlist: t.connection({
    type: WishlistItem,
    nullable: true,
    description: 'The wishlist at this store, newest saved first; products no longer for sale drop out. Null on a session payload.',
    args: { locale: t.arg.string({ required: false }) },
    resolve: async (a, args, { ctx }) => {
      if (!a.customer) return null;
      const window = windowOf(args, wishlistLimits.maxPageSize, wishlistLimits.defaultPageSize);
      const [page, locale] = await Promise.all([listWishlist(ctx, a.customer.id, window), resolveLocale(ctx, args.locale)]);
      return connectionOf({ ...page, rows: page.rows.map((row) => ({ ...row, locale })), cursorOf: (row) => page.cursorOf(row) });
    },
  }),
}));
