import { stockAndPrice, type PricedProduct, type PricedVariant } from './stock-and-price.js';

/**
 * The product columns that follow from the product and its variants, which every catalogue write
 * keeps so that sorts and filters run on an index: the lowest and highest price a shopper can
 * pay, whether a shopper can buy it, and the product's stock (its own, or the sum over its variants).
 * They come from the same rules the answers are built with, so a filter never disagrees with a card.
 */
export function derivedProductColumns(product: PricedProduct, variants: PricedVariant[]) {
  const summary = stockAndPrice(product, variants);
  return {
    priceMin: summary.minPrice,
    priceMax: summary.maxPrice,
    inStock: summary.inStock,
    stock: variants.length ? variants.reduce((sum, v) => sum + v.stock, 0) : product.stock,
  };
}
