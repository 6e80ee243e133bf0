import type { Product, ProductImage, Store, Variant } from '../../../generated/prisma/client.js';
import { primaryImage, type ProductView } from '../../../domain/catalog/product-view.js';
import { variantPricing } from '../../../domain/pricing/product-pricing.js';
import { orderedRenditions } from '../../../domain/media/renditions.js';
import { isoTimestamp, moneyString } from '../../kit/format.js';

function productUrl(store: Store, slug: string): string | null {
  return store.storefrontUrl ? `${store.storefrontUrl.replace(/\/$/, '')}/products/${slug}` : null;
}

/**
 * A product image; `primary` is the product's main image (is_primary is whether this is it). Its
 * `id` is the media id of the library file it shows, the `{image}` its writes take.
 */
export function presentImage(image: ProductImage, primary: ProductImage | undefined) {
  return {
    id: image.fileId,
    is_primary: image === primary,
    position: image.position,
    url: image.url,
    alt: image.alt,
    width: image.width,
    height: image.height,
    variants: orderedRenditions(image.sizes),
  };
}

/** The merchant variant: inside the product object and on its own (the variant operations). */
export function presentVariant(variant: Variant, store: Store, productSlug: string) {
  const url = productUrl(store, productSlug);
  const shopper = variantPricing(variant);
  return {
    id: variant.pId,
    uid: variant.id,
    sku: variant.sku,
    title: variant.title,
    option_values: variant.optionValues,
    price: moneyString(variant.price),
    storefront_price: moneyString(shopper.price),
    storefront_compare_at_price: moneyString(shopper.compareAtPrice),
    url: url ? `${url}?variant=${variant.pId}` : null,
    compare_at_price: moneyString(variant.compareAtPrice),
    stock: variant.stock,
    track_inventory: variant.trackInventory,
    is_digital: variant.isDigital,
    is_active: variant.isActive,
    is_backorder: variant.isBackorder,
    backorder_ready_date: variant.backorderReadyDate ? variant.backorderReadyDate.toISOString().slice(0, 10) : null,
    weight: variant.weight === null ? null : Number(variant.weight),
    position: variant.position,
    created_at: isoTimestamp(variant.createdAt),
    updated_at: isoTimestamp(variant.updatedAt),
  };
}

/** The merchant product: the same object GET, writes and webhooks send. */
export function presentMerchantProduct(view: ProductView, store: Store) {
  const { product, pricing } = view;
  const primary = primaryImage(view.images);
  const primarySizes = primary ? orderedRenditions(primary.sizes) : null;
  return {
    id: product.pId,
    uid: product.id,
    title: product.title,
    slug: product.slug,
    excerpt: product.excerpt,
    description: product.description,
    status: product.status,
    published: product.published,
    in_stock: pricing.inStock,
    price: moneyString(product.price),
    storefront_price: moneyString(pricing.price),
    storefront_compare_at_price: moneyString(pricing.compareAtPrice),
    url: productUrl(store, product.slug),
    currency: store.currency,
    sku: product.sku,
    barcode: product.barcode,
    stock: pricing.stock,
    track_inventory: product.trackInventory,
    is_digital: product.isDigital,
    has_variants: pricing.hasVariants,
    image: primary?.url ?? null,
    thumbnail_image: primarySizes?.thumb.url ?? null,
    primary_image_url: primary?.url ?? null,
    variants: view.variants.map((v) => presentVariant(v, store, product.slug)),
    images: view.images.map((i) => presentImage(i, primary)),
    metafields: product.metafields,
    metadata: product.metadata,
    created_at: isoTimestamp(product.createdAt),
    updated_at: isoTimestamp(product.updatedAt),
    deleted_at: isoTimestamp(product.deletedAt),
  };
}

/** What a product delete answers: the ids of the product it removed. */
export function presentDeletedProduct(product: Product) {
  return { id: product.pId, p_id: product.pId, deleted: true as const };
}

/** What a bulk publish answers: the flag it set, and each product named with its state now. */
export function presentPublished(published: boolean, products: Product[]) {
  return {
    published,
    products: products.map((p) => ({ id: p.pId, uid: p.id, published: p.published, updated_at: isoTimestamp(p.updatedAt) })),
  };
}
