import type { Collection, ProductImage, Store } from '../../src/generated/prisma/client.js';
import { findProductPage } from '../../src/domain/catalog/find-product-page.js';
import { storefrontCollectionsOf } from '../../src/domain/catalog/product-collections.js';
import { loadProductViews } from '../../src/domain/catalog/product-view.js';
import { primaryImage, type ProductView } from '../../src/domain/catalog/product-view-shape.js';
import { localizedCollection } from '../../src/domain/collections/collection-tree.js';
import type { Ctx } from '../../src/domain/context.js';
import { orderedRenditions } from '../../src/domain/media/renditions.js';
import { sellableVariants } from '../../src/domain/pricing/product-pricing.js';
import { single } from '../../src/rest/kit/envelope.js';
import { presentProductCard, presentVariant } from '../../src/rest/storefront/products/presenters.js';

// The product page's TypeScript form: GET /store/products/{slug} as it was built from the loaded
// view before PostgreSQL wrote it (src/rest/storefront/products/detail-sql.ts). Kept as the
// reference the SQL form is held to, byte for byte (detail-sql.test.ts): it reads the page through
// the loaders and presents it with the card's own presenter.

const sizes = (image: ProductImage | undefined) => (image ? orderedRenditions(image.sizes) : null);

function presentProductDetail(view: ProductView, store: Store, now: Date, collections: Pick<Collection, 'id' | 'name' | 'slug'>[]) {
  const card = presentProductCard(view, store, now);
  return {
    ...card,
    image_variants: card.media.image_variants,
    in_stock: view.pricing.inStock,
    images: view.images.map((image) => ({
      id: image.id,
      url: image.url,
      alt: image.alt,
      width: image.width,
      height: image.height,
      position: image.position,
      is_primary: image === primaryImage(view.images),
      image_variants: sizes(image),
    })),
    options: view.options.map((o) => ({ name: o.name, position: o.position, values: o.values })),
    variants: sellableVariants(view.variants).map((v) => presentVariant(v, view)),
    category: view.category
      ? { id: view.category.id, p_id: view.category.pId, name: view.category.localizedName, slug: view.category.slug, parent_id: view.category.parentId }
      : null,
    collections: collections.map((c) => ({ id: c.id, name: c.name, slug: c.slug })),
  };
}

/** The page's answer text for a shopper-visible product's slug in the locale `code`. */
export async function presentedProductPage(ctx: Ctx, slug: string, code: string): Promise<string> {
  const { product, locale } = await findProductPage(ctx, { slug, locale: code });
  const [[view], sourceCollections] = await Promise.all([
    loadProductViews(ctx, [product], locale, { withOptions: true }),
    storefrontCollectionsOf(ctx, product.id),
  ]);
  const collections = await Promise.all(sourceCollections.map(async (c) => ({ ...c, ...(await localizedCollection(ctx, c, locale)) })));
  return JSON.stringify(single('Product', presentProductDetail(view!, ctx.store, ctx.now, collections)));
}
