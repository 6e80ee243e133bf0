import { customer } from '../../../auth/requirements.js';
import type { Ctx } from '../../../domain/context.js';
import {
  addToWishlist,
  myWishlist,
  removeFromWishlist,
  wishlistLimits,
  withProductViews,
  type WishlistEntry,
} from '../../../domain/customers/wishlist/wishlist.js';
import { resolveLocale, type ResolvedLocale } from '../../../domain/locale/resolve-locale.js';
import { list, single } from '../../kit/envelope.js';
import { defineRoute } from '../../kit/route.js';
import { messageOnlyAnswer } from '../auth/schemas.js';
import { presentWishlistItem } from './presenters.js';
import { wishlistAddBody, wishlistAnswer, wishlistItemAnswer, wishlistProductParams, wishlistQuery } from './schemas.js';

async function presentItems(ctx: Ctx, items: WishlistEntry[], locale: ResolvedLocale) {
  return (await withProductViews(ctx, items, locale)).map(({ item, view }) => presentWishlistItem(item, view, ctx.store, ctx.now));
}

export const wishlistRoutes = [
  defineRoute({
    method: 'GET',
    url: '/store/wishlist',
    operationId: 'listWishlist',
    tag: 'Wishlist',
    summary: "The shopper's wishlist at this store, newest saved first, with today's product cards and the price when saved",
    description: 'Products no longer for sale (unpublished or deleted) drop out of the list.',
    auth: customer,
    designed: true,
    query: wishlistQuery,
    answer: wishlistAnswer,
    wireNames: { size: 'per_page', after: 'starting_after' },
    handle: async (ctx, { query }) => {
      const [page, locale] = await Promise.all([myWishlist(ctx, query.window), resolveLocale(ctx, query.locale)]);
      return {
        body: list('Wishlist', await presentItems(ctx, page.rows, locale), page),
        contentLanguage: locale.code,
      };
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/store/wishlist',
    operationId: 'addToWishlist',
    tag: 'Wishlist',
    summary: 'Save a product to the wishlist at the price the shopper pays now',
    description: `201 when saved, 200 with the item as it was saved when it already was. At most ${wishlistLimits.maxItems} products (422 limit_reached).`,
    auth: customer,
    designed: true,
    body: wishlistAddBody,
    answer: wishlistItemAnswer,
    status: 201,
    repeatStatus: 200,
    handle: async (ctx, { body }) => {
      const { item, created } = await addToWishlist(ctx, body.productId);
      const [presented] = await presentItems(ctx, [item], await resolveLocale(ctx, null));
      return { status: created ? 201 : 200, body: single(created ? 'Saved to the wishlist' : 'Already in the wishlist', presented) };
    },
  }),
  defineRoute({
    method: 'DELETE',
    url: '/store/wishlist/:product',
    operationId: 'removeFromWishlist',
    tag: 'Wishlist',
    summary: 'Remove a product from the wishlist',
    auth: customer,
    designed: true,
    params: wishlistProductParams,
    answer: messageOnlyAnswer,
    handle: async (ctx, { params }) => {
      await removeFromWishlist(ctx, params.product);
      return { body: { status: 'success', message: 'Removed from the wishlist' } };
    },
  }),
];
