import { requireScope } from '../../auth/requirements.js';
import { findCatalogProducts, findMerchantProducts } from '../../domain/catalog/find-product.js';
import { findVariantsOfStore } from '../../domain/catalog/find-variant-of-store.js';
import { findCollections } from '../../domain/collections/find-collection.js';
import { findCollectionsInLocale } from '../../domain/collections/collection-tree.js';
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

nodeOf(ProductRef, (p) => p.id, async (ids, { ctx }) => {
  const [products, locale] = await Promise.all([findCatalogProducts(ctx, ids), resolveLocale(ctx, undefined)]);
  return products.map((product) => localized(product, locale));
});

nodeOf(MerchantProduct, (p) => p.id, (ids, { ctx }) => {
  requireScope(ctx.principal, 'merchant-items-detail');
  return findMerchantProducts(ctx, ids);
});

nodeOf(Variant, (v) => v.id, (ids, { ctx }) => findVariantsOfStore(ctx, ids, readsAsMerchant(ctx) ? 'merchant' : 'shopper'));

nodeOf(Category, (c) => c.id, async (ids, { ctx }) => (await ctx.loaders.categoryById.loadMany(ids)).flatMap((row) => {
  if (row instanceof Error) throw row;
  return row ? [row] : [];
}));

nodeOf(CollectionRef, (n) => n.collection.id, (ids, { ctx }) => findCollectionsInLocale(ctx, ids, undefined));

nodeOf(MerchantCollection, (c) => c.collection.id, async (ids, { ctx }) => {
  requireScope(ctx.principal, 'merchant-collections-read');
  return withCounts(ctx, await findCollections(ctx, ids));
});
