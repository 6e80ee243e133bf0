import type { Prisma } from '../../generated/prisma/client.js';

type Decimal = Prisma.Decimal;

/** What the price and stock rules read of a product. */
export interface PricedProduct {
  price: Decimal;
  compareAtPrice: Decimal | null;
  trackInventory: boolean;
  stock: number;
}

/** What the price and stock rules read of a variant. */
export interface PricedVariant extends PricedProduct {
  isActive: boolean;
  isBackorder: boolean;
}

export interface StockAndPrice {
  hasVariants: boolean;
  variantCount: number;
  /** What the shopper pays: the product's price, or the cheapest active variant's. */
  price: Decimal;
  /** The "was" price shown struck through, only when it is above `price`. */
  compareAtPrice: Decimal | null;
  minPrice: Decimal;
  maxPrice: Decimal;
  tracksInventory: boolean;
  /** Stock over tracked lines; null when nothing is tracked. */
  totalStock: number | null;
  inStock: boolean;
}

export function variantInStock(v: PricedVariant): boolean {
  return !v.trackInventory || v.stock > 0 || v.isBackorder;
}

/** A compare-at price is shown only when it is above the price it is compared with. */
export function shownCompareAt(compareAt: Decimal | null, price: Decimal): Decimal | null {
  return compareAt && compareAt.gt(price) ? compareAt : null;
}

/** The shopper-facing price and stock of a product, from the product and its active variants. */
export function stockAndPrice(product: PricedProduct, variants: PricedVariant[]): StockAndPrice {
  const active = variants.filter((v) => v.isActive);
  if (active.length === 0) {
    const tracks = product.trackInventory;
    return {
      hasVariants: false,
      variantCount: 0,
      price: product.price,
      compareAtPrice: shownCompareAt(product.compareAtPrice, product.price),
      minPrice: product.price,
      maxPrice: product.price,
      tracksInventory: tracks,
      totalStock: tracks ? product.stock : null,
      inStock: !tracks || product.stock > 0,
    };
  }
  let cheapest = active[0]!;
  let maxPrice = cheapest.price;
  for (const v of active) {
    if (v.price.lt(cheapest.price)) cheapest = v;
    if (v.price.gt(maxPrice)) maxPrice = v.price;
  }
  const tracked = active.filter((v) => v.trackInventory);
  return {
    hasVariants: true,
    variantCount: active.length,
    price: cheapest.price,
    compareAtPrice: shownCompareAt(cheapest.compareAtPrice, cheapest.price),
    minPrice: cheapest.price,
    maxPrice,
    tracksInventory: tracked.length > 0,
    totalStock: tracked.length > 0 ? tracked.reduce((sum, v) => sum + v.stock, 0) : null,
    inStock: active.some(variantInStock),
  };
}
