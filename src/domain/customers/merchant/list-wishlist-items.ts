import type { Collection, WishlistItem } from '../../../generated/prisma/client.js';
import { loadProductViews } from '../../catalog/product-view.js';
import type { ProductView } from '../../catalog/product-view-shape.js';
import type { Ctx } from '../../context.js';
import type { KeysetPage, KeysetWindow } from '../../pagination/keyset-page.js';
import { listWishlist, type WishlistEntry } from '../wishlist/wishlist.js';
import { findCustomerRow } from './find-customer.js';

export const wishlistListLimits = { maxPageSize: 100, defaultPageSize: 20 } as const;
export const WISHLIST_LIST = 'merchant.customer-wishlist';

/** A saved product: the item (with the price the shopper saw when saving it), the product as shoppers see it, and its collections. */
export interface SavedProduct {
  item: WishlistItem;
  view: ProductView;
  collections: Collection[];
}

/**
 * One customer's wishlist, newest save first, every saved product that is not deleted (published or not). The page's products, variants, images, options,
 * categories and collections are each read in one statement for the whole page (request loaders).
 */
export async function listWishlistItems(
  ctx: Ctx,
  input: { customer: string; window: KeysetWindow },
): Promise<KeysetPage<WishlistEntry> & { saved: SavedProduct[] }> {
  const customer = await findCustomerRow(ctx, input.customer);
  const page = await listWishlist(ctx, customer.id, input.window, { list: WISHLIST_LIST, shownTo: 'merchant' });
  const [views, memberships] = await Promise.all([
    loadProductViews(
      ctx,
      page.rows.map((row) => row.product),
      null,
      { withOptions: true },
    ),
    ctx.loaders.collectionsByProduct.loadMany(page.rows.map((row) => row.productId)),
  ]);
  const saved = page.rows.map((row, i) => {
    const rows = memberships[i]!;
    if (rows instanceof Error) throw rows;
    return { item: row, view: views[i]!, collections: rows.map((m) => m.collection) };
  });
  return { ...page, saved };
}
