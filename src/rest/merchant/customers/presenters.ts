import type { Collection, Store } from '../../../generated/prisma/client.js';
import type { MerchantFollower } from '../../../domain/customers/merchant/list-followers.js';
import type { SavedProduct } from '../../../domain/customers/merchant/list-wishlist-items.js';
import { sellableVariants } from '../../../domain/pricing/product-pricing.js';
import { isoTimestamp, moneyString } from '../../kit/format.js';
import { presentProductCard, presentVariant } from '../../storefront/products/presenters.js';

export function presentFollower(follower: MerchantFollower) {
  return {
    id: follower.id,
    customer_id: follower.customerId,
    name: follower.name,
    email: follower.email,
    phone: follower.phone,
    avatar: follower.avatarUrl,
    shared_contact: follower.sharedContact,
    is_customer: follower.isCustomer,
    followed_at: isoTimestamp(follower.followedAt),
  };
}

const term = (t: { id: string; pId: number; name: string; slug: string }) => ({ id: t.id, p_id: t.pId, name: t.name, slug: t.slug });

/** The storefront card of the saved product, with what a merchant needs to act on a wishlist: taxonomy, limits, options and variants. */
function presentSavedProduct({ view, collections }: { view: SavedProduct['view']; collections: Collection[] }, store: Store, now: Date) {
  return {
    ...presentProductCard(view, store, now),
    addons: [],
    taxonomy: {
      categories: view.category ? [term({ ...view.category, name: view.category.localizedName })] : [],
      tags: [],
      brand: null,
      collections: collections.map(term),
    },
    purchase_limits: { min_qty: 1, max_qty: null, step_qty: 1 },
    measurement: { weight: null, dimensions: null },
    specs: [],
    options: view.options.map((o) => ({ name: o.name, position: o.position, values: o.values })),
    variants: sellableVariants(view.variants).map((v) => presentVariant(v, view)),
  };
}

export function presentWishlistItem(saved: SavedProduct, store: Store, now: Date) {
  return {
    created_at: isoTimestamp(saved.item.createdAt),
    price_at_save: moneyString(saved.item.priceAtSave),
    product: presentSavedProduct(saved, store, now),
  };
}
