import type { Store } from '../../../generated/prisma/client.js';
import type { WishlistEntry } from '../../../domain/customers/wishlist/wishlist.js';
import type { ProductView } from '../../../domain/catalog/product-view-shape.js';
import { moneyNumber } from '../../kit/format.js';
import { presentProductCard } from '../products/presenters.js';

export function presentWishlistItem(item: WishlistEntry, view: ProductView, store: Store, now: Date) {
  return { id: item.id, saved_at: item.createdAt.toISOString(), price_at_save: moneyNumber(item.priceAtSave), product: presentProductCard(view, store, now) };
}
