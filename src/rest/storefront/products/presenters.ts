import type { ProductImage, Store, Variant } from '../../../generated/prisma/client.js';
import { orderedRenditions, type Renditions } from '../../../domain/media/renditions.js';
import { primaryImage, type ProductView } from '../../../domain/catalog/product-view-shape.js';
import { sellableVariants, variantPricing } from '../../../domain/pricing/product-pricing.js';
import { variantDiscountPrice } from '../../../domain/pricing/shopper-pricing.js';
import { isNew } from '../../../domain/catalog/freshness.js';
import type { Ctx } from '../../../domain/context.js';
import { list, type ListPage } from '../../kit/envelope.js';
import { cardTimestamp, moneyNumber } from '../../kit/format.js';
import { presentAppliedDiscount } from '../discounts/presenters.js';

function sizes(image: ProductImage | undefined): Renditions | null {
  return image ? orderedRenditions(image.sizes) : null;
}

function firstVariantImage(view: ProductView) {
  const imageId = sellableVariants(view.variants).find((v) => v.imageId !== null)?.imageId;
  return imageId === undefined ? undefined : view.images.find((i) => i.id === imageId);
}

function presentImage(image: ProductImage) {
  return { id: image.id, url: image.url, alt: image.alt, variants: sizes(image) };
}

/** The storefront product card (collection, promotion and catalogue lists). Prices are what the shopper pays. */
export function presentProductCard(view: ProductView, store: Store, now: Date) {
  const { product, pricing, text } = view;
  const primary = primaryImage(view.images);
  const primarySizes = sizes(primary);
  const variantImage = firstVariantImage(view);
  return {
    shop_id: store.id,
    id: product.id,
    p_id: product.pId,
    title: text.title,
    slug: product.slug,
    excerpt: text.excerpt,
    description: text.description,
    image: primarySizes?.card.url ?? null,
    thumbnail_image: primarySizes?.thumb.url ?? null,
    video_url: product.videoUrl,
    video_poster_url: product.videoPosterUrl,
    type: product.type,
    commerce_mode: store.commerceMode,
    currency: store.currency,
    price: moneyNumber(pricing.price),
    discount_price: moneyNumber(pricing.discountPrice),
    compare_at_price: moneyNumber(pricing.compareAtPrice),
    is_price_from: pricing.hasVariants && !pricing.minPrice.eq(pricing.maxPrice),
    price_range: pricing.hasVariants ? { min: moneyNumber(pricing.minPrice), max: moneyNumber(pricing.maxPrice) } : null,
    has_variants: pricing.hasVariants,
    has_addons: pricing.hasAddons,
    tax_inclusive: product.taxInclusive,
    discount: pricing.discount ? presentAppliedDiscount(pricing.discount) : null,
    discounts: pricing.discounts.map(presentAppliedDiscount),
    media: {
      thumbnail: primarySizes?.thumb.url ?? null,
      image: primarySizes?.card.url ?? null,
      original: primary?.url ?? null,
      primary_variant_image: variantImage?.url ?? null,
      image_variants: primarySizes,
      primary_variant_image_variants: sizes(variantImage),
      images: view.images.map(presentImage),
    },
    inventory: { in_stock: pricing.inStock, tracking: pricing.tracksInventory, quantity: pricing.totalStock },
    variant_summary: {
      count: pricing.variantCount,
      min_price: moneyNumber(pricing.minPrice),
      max_price: moneyNumber(pricing.maxPrice),
      total_stock: pricing.totalStock,
      tracks_inventory: pricing.tracksInventory,
      in_stock: pricing.inStock,
    },
    variants_count: pricing.variantCount,
    rating: Number(product.rating.toFixed(2)),
    review_count: product.reviewCount,
    flags: {
      featured: product.featured,
      is_marketplace: product.isMarketplace,
      is_wholesale: product.isWholesale,
      is_new: isNew(product.createdAt, now),
    },
    metafields: view.metafields,
    created_at: cardTimestamp(product.createdAt),
    updated_at: cardTimestamp(product.updatedAt),
    shop: { id: store.id, name: store.name, slug: store.slug, logo: store.logoUrl, rating: Number(store.rating.toFixed(2)), rating_count: store.ratingCount },
  };
}

/** Every list of product cards (catalogue, related, collection, promotion, storefront search): the list answer of the cards as the shopper sees them now. */
export function productCardList(ctx: Ctx, message: string, views: ProductView[], page: ListPage, meta?: unknown) {
  return list(
    message,
    views.map((v) => presentProductCard(v, ctx.store, ctx.now)),
    page,
    meta,
  );
}

export function presentVariant(variant: Variant, view: ProductView) {
  const image = variant.imageId === null ? undefined : view.images.find((i) => i.id === variant.imageId);
  const pricing = variantPricing(variant);
  return {
    id: variant.id,
    p_id: variant.pId,
    title: variant.title,
    sku: variant.sku,
    option_values: variant.optionValues,
    price: moneyNumber(pricing.price),
    discount_price: moneyNumber(variantDiscountPrice(pricing.price, view.pricing)),
    compare_at_price: moneyNumber(pricing.compareAtPrice),
    in_stock: pricing.inStock,
    tracking: variant.trackInventory,
    quantity: pricing.quantity,
    is_backorder: variant.isBackorder,
    backorder_ready_date: variant.backorderReadyDate ? variant.backorderReadyDate.toISOString().slice(0, 10) : null,
    position: variant.position,
    image: image ? presentImage(image) : null,
  };
}
