import { Prisma } from '../../generated/prisma/client.js';

type Amount = Prisma.Decimal | string | number;

export interface VariantPricing {
  price: Amount;
  stock: number;
  isActive?: boolean;
}

/**
 * The product columns that follow from its variants, which every catalogue write must keep:
 * the price shown is the cheapest active variant's, price sorts use the min and max, and the
 * product's stock is the sum over its variants.
 */
export function derivedProductColumns(basePrice: Amount, basePriceStock: number, variants: VariantPricing[]) {
  const active = variants.filter((v) => v.isActive !== false);
  if (active.length === 0) {
    const price = new Prisma.Decimal(basePrice);
    return { price, priceMin: price, priceMax: price, stock: variants.length ? variants.reduce((s, v) => s + v.stock, 0) : basePriceStock };
  }
  const prices = active.map((v) => new Prisma.Decimal(v.price));
  const priceMin = Prisma.Decimal.min(...prices);
  const priceMax = Prisma.Decimal.max(...prices);
  return { price: priceMin, priceMin, priceMax, stock: variants.reduce((s, v) => s + v.stock, 0) };
}
