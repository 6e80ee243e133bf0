import type { Prisma, Product } from '../../generated/prisma/client.js';
import { findCatalogProduct } from '../catalog/find-product.js';
import type { Ctx } from '../context.js';
import { sellableVariants, variantPricing } from '../pricing/product-pricing.js';
import { linePrice, productRefOf } from './cart-lines.js';

/** What a shopper must choose before a product sold by variant goes into the cart. */
export interface CustomiseChoices {
  product: Product;
  /** Each option with its values; a value is available when some variant with it is in stock. */
  options: { name: string; values: { value: string; available: boolean }[] }[];
  variants: {
    id: string;
    title: string;
    optionValues: Record<string, string>;
    price: Prisma.Decimal;
    discountPrice: Prisma.Decimal;
    inStock: boolean;
    quantity: number | null;
  }[];
}

export async function customiseChoices(ctx: Ctx, productId: string): Promise<CustomiseChoices> {
  const product = await findCatalogProduct(ctx, productRefOf(productId));
  const [options, all] = await Promise.all([ctx.loaders.optionsByProduct.load(product.id), ctx.loaders.variantsByProduct.load(product.id)]);
  const variants = await Promise.all(
    sellableVariants(all).map(async (v) => {
      const stock = variantPricing(v);
      const price = await linePrice(ctx, product, v);
      return {
        id: v.id,
        title: v.title,
        optionValues: v.optionValues as Record<string, string>,
        price: price.price,
        discountPrice: price.discountPrice,
        inStock: stock.inStock,
        quantity: stock.quantity,
      };
    }),
  );
  return {
    product,
    options: options.map((o) => ({
      name: o.name,
      values: o.values.map((value) => ({ value, available: variants.some((v) => v.inStock && v.optionValues[o.name] === value) })),
    })),
    variants,
  };
}
