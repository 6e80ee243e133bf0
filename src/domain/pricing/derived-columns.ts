import { priceProduct, type PricedProduct, type PricedVariant } from './product-pricing.js';

/**
 * The product columns that follow from the product and its variants, which every catalogue write
 * stores so that sorts and filters run on an index. They are the pricing rule's own answer:
 * `priceMin` is the price the card shows (what price sorts order by), `inStock` and `stock` are
 * what the card and the merchant product say, so a list's order or filter never disagrees with a card.
 */
export function derivedProductColumns(product: PricedProduct, variants: PricedVariant[]) {
  const pricing = priceProduct(product, variants);
  return { priceMin: pricing.price, priceMax: pricing.maxPrice, inStock: pricing.inStock, stock: pricing.stock };
}
