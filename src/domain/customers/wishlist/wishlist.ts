import type { Product, WishlistItem } from '../../../generated/prisma/client.js';
import { ApiError } from '../../../platform/errors/api-error.js';
import { findCatalogProduct } from '../../catalog/find-product.js';
import { loadProductViews } from '../../catalog/product-view.js';
import type { ProductView } from '../../catalog/product-view-shape.js';
import type { ResolvedLocale } from '../../locale/resolve-locale.js';
import { signedInCustomer, type Ctx } from '../../context.js';
import { keysetPage, type KeysetPage, type KeysetWindow } from '../../pagination/keyset-page.js';
import { asDate, asString, type KeysetSort } from '../../pagination/keyset.js';
import { pricingOf } from '../../pricing/pricing-of.js';
import { parseRecordId } from '../../record-id.js';
import { withTransaction } from '../../transaction.js';

export const wishlistLimits = { maxItems: 500, maxPageSize: 50, defaultPageSize: 20 } as const;

export type WishlistEntry = WishlistItem & { product: Product };

/** Newest saved first; the item id breaks ties. */
export const wishlistSort: KeysetSort<WishlistEntry> = [
  { field: 'createdAt', direction: 'desc', read: (i) => i.createdAt.toISOString(), parse: asDate },
  { field: 'id', direction: 'desc', read: (i) => i.id, parse: asString },
];

/**
 * Which saved products a list shows: a shopper sees those still for sale (one unpublished or deleted
 * since drops out); the merchant sees every saved product that is not deleted, published or not.
 */
const savedProductsShown = {
  shopper: { product: { published: true, status: 'active' as const, deletedAt: null } },
  merchant: { product: { deletedAt: null } },
};

/** A customer's wishlist at this store, a page at a time; the cursor is bound to the customer and the list. */
export function listWishlist(
  ctx: Ctx,
  customerId: number,
  window: KeysetWindow,
  options: { list: string; shownTo: keyof typeof savedProductsShown } = { list: 'storefront.wishlist', shownTo: 'shopper' },
): Promise<KeysetPage<WishlistEntry>> {
  return keysetPage(
    ctx,
    {
      binding: { list: options.list, storeId: ctx.store.id, filters: { customer: customerId } },
      sort: wishlistSort,
      where: { customerId, ...savedProductsShown[options.shownTo] },
      fetch: (args) => ctx.db.wishlistItem.findMany({ ...(args as object), include: { product: true } }) as Promise<WishlistEntry[]>,
    },
    window,
  );
}

export function myWishlist(ctx: Ctx, window: KeysetWindow): Promise<KeysetPage<WishlistEntry>> {
  return listWishlist(ctx, signedInCustomer(ctx).customerId, window);
}

/**
 * Saves a shopper-visible product (by uuid, integer id or slug) with the price the shopper pays for
 * it now. Saving it again changes nothing and answers the item as it was saved (`created` false).
 */
export async function addToWishlist(ctx: Ctx, productRef: string): Promise<{ item: WishlistEntry; created: boolean }> {
  const { customerId } = signedInCustomer(ctx);
  const product = await findCatalogProduct(ctx, parseRecordId(productRef) ? { id: productRef } : { slug: productRef });
  const pricing = await pricingOf(ctx, product);
  return withTransaction(ctx, async (tx) => {
    // The customer row's lock orders concurrent saves of one shopper, so the cap holds.
    await tx.db.customer.update({ where: { id: customerId }, data: { updatedAt: tx.now } });
    const existing = await tx.db.wishlistItem.findUnique({ where: { customerId_productId: { customerId, productId: product.id } } });
    if (existing) return { item: { ...existing, product }, created: false };
    const count = await tx.db.wishlistItem.count({ where: { customerId } });
    if (count >= wishlistLimits.maxItems) {
      throw new ApiError('limit_reached', `A wishlist holds at most ${wishlistLimits.maxItems} products; remove one first.`);
    }
    const item = await tx.db.wishlistItem.create({
      data: { storeId: tx.db.$storeId, customerId, productId: product.id, priceAtSave: pricing.discountPrice, createdAt: tx.now },
    });
    return { item: { ...item, product }, created: true };
  });
}

/** Removes a product (by uuid or integer id) from the wishlist; a product not in it is a 404. */
export async function removeFromWishlist(ctx: Ctx, productRef: string): Promise<void> {
  const { customerId } = signedInCustomer(ctx);
  const recordId = parseRecordId(productRef);
  const notSaved = () => new ApiError('not_found', 'Wishlist item not found: this product is not in the wishlist.');
  if (!recordId) throw notSaved();
  const { count } = await ctx.db.wishlistItem.deleteMany({ where: { customerId, product: recordId } });
  if (count === 0) throw notSaved();
}

/** Wishlist items with the product views their cards show, loaded one statement per relation for the whole page. */
export async function withProductViews(ctx: Ctx, items: WishlistEntry[], locale: ResolvedLocale): Promise<{ item: WishlistEntry; view: ProductView }[]> {
  const views = await loadProductViews(
    ctx,
    items.map((i) => i.product),
    locale,
  );
  return items.map((item, i) => ({ item, view: views[i]! }));
}
