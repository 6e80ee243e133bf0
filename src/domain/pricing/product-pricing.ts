import type { Prisma } from '../../generated/prisma/client.js';
import { countsStock, inStock, shownQuantity } from '../inventory/stock-policy.js';
import type { AppliedDiscount, DiscountOffer } from './discounts.js';

type Decimal = Prisma.Decimal;

/** What the price and stock rules read of a product. */
export interface PricedProduct {
  price: Decimal;
  compareAtPrice: Decimal | null;
  trackInventory: boolean;
  /** The product's own stock, as entered; it counts only while the product has no active variant. */
  stock: number;
}

/** What the price and stock rules read of a variant. */
export interface PricedVariant extends PricedProduct {
  isActive: boolean;
  isBackorder: boolean;
}

/** The price and stock of a product, decided once: every face formats this and nothing else. */
export interface ProductPricing {
  /** Sold through variants: at least one variant is active. */
  hasVariants: boolean;
  /** Active variants. */
  variantCount: number;
  /** What the shopper pays before discounts: the product's price, or its cheapest active variant's. Price sorts order by it. */
  price: Decimal;
  /** The "was" price shown struck through, only when it is above `price`. */
  compareAtPrice: Decimal | null;
  minPrice: Decimal;
  maxPrice: Decimal;
  /** What the shopper pays after discounts. */
  discountPrice: Decimal;
  /** The discount that sets `discountPrice`, if any. */
  discount: AppliedDiscount | null;
  /** Every discount that applies, each on the full price, best first. */
  discounts: AppliedDiscount[];
  /** The live automatic discounts that target this product: each variant's discounted price comes from them. */
  offers: DiscountOffer[];
  hasAddons: boolean;
  /** Whether any line a shopper can buy counts its stock. */
  tracksInventory: boolean;
  /** Units on hand over the lines that count stock; a simple product's own stock as entered. */
  stock: number;
  /** `stock` when the product tracks inventory, otherwise null: an untracked line never runs out. */
  totalStock: number | null;
  /** Whether a shopper can buy it now. */
  inStock: boolean;
}

/** The price and stock of one variant as a shopper sees it. */
export interface VariantPricing {
  price: Decimal;
  compareAtPrice: Decimal | null;
  inStock: boolean;
  /** Units on hand, or null when the variant does not count its stock. */
  quantity: number | null;
}

/** A compare-at price is shown only when it is above the price it is compared with. */
function shownCompareAt(compareAt: Decimal | null, price: Decimal): Decimal | null {
  return compareAt && compareAt.gt(price) ? compareAt : null;
}

/** The variants a shopper can buy, and the only ones price and stock count: the active ones. */
export function sellableVariants<V extends { isActive: boolean }>(variants: V[]): V[] {
  return variants.filter((v) => v.isActive);
}

export function variantPricing(variant: PricedVariant): VariantPricing {
  return {
    price: variant.price,
    compareAtPrice: shownCompareAt(variant.compareAtPrice, variant.price),
    inStock: inStock(variant),
    quantity: shownQuantity(variant),
  };
}

/**
 * The product's own rule knows no discounts: the stored columns (price sorts) and the merchant read
 * this. Shopper faces price through `shopperPricing`, which applies the store's live discounts.
 */
function withoutDiscounts(price: Decimal) {
  return { discountPrice: price, discount: null, discounts: [] as AppliedDiscount[], offers: [] as DiscountOffer[] };
}

/** Price and stock of a product sold as itself: no variant is active. */
function pricingAsItself(product: PricedProduct): ProductPricing {
  const tracks = countsStock(product);
  return {
    hasVariants: false,
    variantCount: 0,
    price: product.price,
    compareAtPrice: shownCompareAt(product.compareAtPrice, product.price),
    minPrice: product.price,
    maxPrice: product.price,
    ...withoutDiscounts(product.price),
    hasAddons: false,
    tracksInventory: tracks,
    stock: product.stock,
    totalStock: tracks ? product.stock : null,
    inStock: inStock(product),
  };
}

/** Price and stock of a product sold through its active variants (at least one). */
function pricingThroughVariants(sellable: PricedVariant[]): ProductPricing {
  let cheapest = sellable[0]!;
  let maxPrice = cheapest.price;
  for (const v of sellable) {
    if (v.price.lt(cheapest.price)) cheapest = v;
    if (v.price.gt(maxPrice)) maxPrice = v.price;
  }
  const tracked = sellable.filter(countsStock);
  const stock = tracked.reduce((sum, v) => sum + v.stock, 0);
  return {
    hasVariants: true,
    variantCount: sellable.length,
    price: cheapest.price,
    compareAtPrice: shownCompareAt(cheapest.compareAtPrice, cheapest.price),
    minPrice: cheapest.price,
    maxPrice,
    ...withoutDiscounts(cheapest.price),
    hasAddons: false,
    tracksInventory: tracked.length > 0,
    stock,
    totalStock: tracked.length > 0 ? stock : null,
    inStock: sellable.some(inStock),
  };
}

/** The one rule for a product's price and stock, from the product and all its variants. */
export function priceProduct(product: PricedProduct, variants: PricedVariant[]): ProductPricing {
  const sellable = sellableVariants(variants);
  return sellable.length ? pricingThroughVariants(sellable) : pricingAsItself(product);
}
