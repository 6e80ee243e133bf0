import type { WishlistEntry } from '../../domain/customers/wishlist/wishlist.js';
import { addToWishlist, removeFromWishlist } from '../../domain/customers/wishlist/wishlist.js';
import { resolveLocale, type ResolvedLocale } from '../../domain/locale/resolve-locale.js';
import { builder, customerField } from '../builder.js';
import { asMutationPayload, UserError, type UserErrorShape } from '../shared/user-errors.js';
import { WishlistItem } from './account-parts.js';

const WishlistAddPayload = builder
  .objectRef<{ result: (WishlistEntry & { locale: ResolvedLocale; created: boolean }) | null; userErrors: UserErrorShape[] }>('WishlistAddPayload')
  .implement({
    fields: (t) => ({
      item: t.field({ type: WishlistItem, nullable: true, resolve: (p) => p.result }),
      created: t.boolean({
        nullable: true,
        description: 'False when the product was saved already; the item is then as it was saved.',
        resolve: (p) => p.result?.created ?? null,
      }),
      userErrors: t.field({ type: [UserError], resolve: (p) => p.userErrors }),
    }),
  });

const WishlistRemovePayload = builder.objectRef<{ result: string | null; userErrors: UserErrorShape[] }>('WishlistRemovePayload').implement({
  fields: (t) => ({
    removedProductId: t.string({ nullable: true, resolve: (p) => p.result }),
    userErrors: t.field({ type: [UserError], resolve: (p) => p.userErrors }),
  }),
});

builder.mutationFields((t) => ({
  wishlistAdd: t.field({
    type: WishlistAddPayload,
    ...customerField,
    description: 'POST /store/wishlist: save a product (uuid, integer id or slug) at the price the shopper pays now.',
    args: { productId: t.arg.string({ required: true }) },
    resolve: (_root, args, { ctx }) =>
      asMutationPayload(
        async () => {
          const [{ item, created }, locale] = await Promise.all([addToWishlist(ctx, args.productId), resolveLocale(ctx, null)]);
          return { ...item, locale, created };
        },
        () => 'productId',
      ),
  }),
  wishlistRemove: t.field({
    type: WishlistRemovePayload,
    ...customerField,
    description: 'DELETE /store/wishlist/{product}.',
    args: { productId: t.arg.string({ required: true }) },
    resolve: (_root, args, { ctx }) =>
      asMutationPayload(
        async () => (await removeFromWishlist(ctx, args.productId), args.productId),
        () => 'productId',
      ),
  }),
}));
