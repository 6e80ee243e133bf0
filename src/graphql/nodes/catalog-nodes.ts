import { requireScope } from '../../auth/requirements.js';
import { findCatalogProduct, findMerchantProduct } from '../../domain/catalog/find-product.js';
import { findVariantOfStore } from '../../domain/catalog/find-variant-of-store.js';
import { findCollection } from '../../domain/collections/find-collection.js';
import { findCollectionInLocale } from '../../domain/collections/collection-tree.js';
import { withCounts } from '../../domain/collections/list-merchant-collections.js';
import { resolveLocale } from '../../domain/locale/resolve-locale.js';
import { MerchantProduct } from '../catalog/merchant-product-type.js';
import { Category, localized, ProductRef, Variant } from '../catalog/product-types.js';
import { readsAsMerchant } from '../catalog/reads-as-merchant.js';
import { MerchantCollection } from '../collections/merchant.js';
import { CollectionRef } from '../collections/storefront-types.js';
import { nodeOf } from './node-of.js';

// The catalogue's nodes. Shopper types read in the store's primary locale (the lists take `locale`;
// a refetch by id has no argument for it).

nodeOf(ProductRef, (p) => p.id, async (id, { ctx }) => {
  const [product, locale] = await Promise.all([findCatalogProduct(ctx, { id }), resolveLocale(ctx, undefined)]);
  return localized(product, locale);
});

nodeOf(MerchantProduct, (p) => p.id, (id, { ctx }) => {
  requireScope(ctx.principal, 'merchant-items-detail');
  return findMerchantProduct(ctx, id);
});

nodeOf(Variant, (v) => v.id, (id, { ctx }) => findVariantOfStore(ctx, id, readsAsMerchant(ctx) ? 'merchant' : 'shopper'));

nodeOf(Category, (c) => c.id, (id, { ctx }) => ctx.loaders.categoryById.load(id));

nodeOf(CollectionRef, (n) => n.collection.id, (id, { ctx }) => findCollectionInLocale(ctx, id, undefined));

nodeOf(MerchantCollection, (c) => c.collection.id, async (id, { ctx }) => {
  requireScope(ctx.principal, 'merchant-collections-read');
  const [item] = await withCounts(ctx, [await findCollection(ctx, id)]);
  return item!;
});
