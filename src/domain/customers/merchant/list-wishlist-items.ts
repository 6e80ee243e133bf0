import type { Collection, Product, WishlistItem } from '../../../generated/prisma/client.js';
import { loadProductViews, type ProductView } from '../../catalog/product-view.js';
import type { Ctx } from '../../context.js';
import { keysetPage, type KeysetPage, type KeysetWindow } from '../../pagination/keyset-page.js';
import { asDate, asString, type KeysetSort } from '../../pagination/keyset.js';
import { findCustomerRow } from './find-customer.js';

export const wishlistListLimits = { maxPageSize: 100, defaultPageSize: 20 } as const;
export const WISHLIST_LIST = 'merchant.customer-wishlist';

type ItemRow = WishlistItem & { product: Product };

/** A saved product: the item (with the price the shopper saw when saving it), the product as shoppers see it, and its collections. */
export interface SavedProduct {
  item: WishlistItem;
  view: ProductView;
  collections: Collection[];
}

const newestFirst: KeysetSort<ItemRow> = [
  { field: 'createdAt', direction: 'desc', read: (i) => i.createdAt.toISOString(), parse: asDate },
  { field: 'id', direction: 'desc', read: (i) => i.id, parse: asString },
];

/**
 * One customer's wishlist, newest save first. The page's products, variants, images, options,
 * categories and collections are each read in one statement for the whole page (request loaders).
 */
export async function listWishlistItems(ctx: Ctx, input: { customer: string; window: KeysetWindow }): Promise<KeysetPage<ItemRow> & { saved: SavedProduct[] }> {
  const customer = await findCustomerRow(ctx, input.customer);
  const page = await keysetPage(
    ctx,
    {
      // Bound to the customer too: a cursor of one customer's wishlist does not walk another's.
      binding: { list: WISHLIST_LIST, storeId: ctx.store.id, filters: { customer: customer.id } },
      sort: newestFirst,
      where: { customerId: customer.id },
      fetch: (args) => ctx.db.wishlistItem.findMany({ ...(args as object), include: { product: true } }) as Promise<ItemRow[]>,
    },
    input.window,
  );
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
