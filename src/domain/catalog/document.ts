import type { ProductImage, Store, Variant } from '../../generated/prisma/client.js';
import { isoTimestamp, moneyString } from '../document-format.js';
import { orderedRenditions } from '../media/renditions.js';
import { variantPricing } from '../pricing/product-pricing.js';
import { primaryImage, type ProductView } from './product-view-shape.js';

function productUrl(store: Store, slug: string): string | null {
  return store.storefrontUrl ? `${store.storefrontUrl.replace(/\/$/, '')}/products/${slug}` : null;
}

/**
 * A product image; `primary` is the product's main image (is_primary is whether this is it). Its
 * `id` is the media id of the library file it shows, the `{image}` its writes take.
 */
export function imageDocument(image: ProductImage, primary: ProductImage | undefined) {
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
export function variantDocument(variant: Variant, store: Store, productSlug: string) {
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
    metafields: variant.metafields,
    created_at: isoTimestamp(variant.createdAt),
    updated_at: isoTimestamp(variant.updatedAt),
  };
}

/**
 * The merchant API's Product object: the only builder of it, so `GET /products/{id}`, the writes'
 * answers and the webhooks of the product events (events.ts) send the same object.
 */
export function productDocument(view: ProductView, store: Store) {
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
    variants: view.variants.map((v) => variantDocument(v, store, product.slug)),
    images: view.images.map((i) => imageDocument(i, primary)),
    metafields: product.metafields,
    metadata: product.metadata,
    created_at: isoTimestamp(product.createdAt),
    updated_at: isoTimestamp(product.updatedAt),
    deleted_at: isoTimestamp(product.deletedAt),
  };
}

export type ProductDocument = ReturnType<typeof productDocument>;
