import { describe, expect, it } from 'vitest';
import { Prisma } from '../../../src/generated/prisma/client.js';
import { derivedProductColumns } from '../../../src/domain/pricing/derived-columns.js';
import { priceProduct, type PricedVariant } from '../../../src/domain/pricing/product-pricing.js';

const d = (v: string) => new Prisma.Decimal(v);
const base = { price: d('50.00'), compareAtPrice: null, trackInventory: true, stock: 0 };
const variant = (over: Partial<PricedVariant>): PricedVariant => ({
  price: d('60.00'),
  compareAtPrice: null,
  trackInventory: true,
  stock: 0,
  isActive: true,
  isBackorder: false,
  ...over,
});

describe('derived product columns', () => {
  it('take a simple product’s own price and stock', () => {
    expect(derivedProductColumns({ ...base, stock: 4 }, [])).toEqual({ priceMin: d('50.00'), priceMax: d('50.00'), inStock: true, stock: 4 });
    expect(derivedProductColumns(base, []).inStock).toBe(false);
    expect(derivedProductColumns({ ...base, trackInventory: false }, []).inStock).toBe(true);
  });

  it('range over active variants only, and count only active variants’ stock', () => {
    const columns = derivedProductColumns(base, [
      variant({ price: d('70.00'), stock: 0 }),
      variant({ price: d('20.00'), stock: 5, isActive: false }),
      variant({ price: d('65.00') }),
    ]);
    expect(columns).toEqual({ priceMin: d('65.00'), priceMax: d('70.00'), inStock: false, stock: 0 });
  });

  it('count a backorder or an untracked active variant as buyable', () => {
    expect(derivedProductColumns(base, [variant({ isBackorder: true })]).inStock).toBe(true);
    expect(derivedProductColumns(base, [variant({ trackInventory: false })]).inStock).toBe(true);
  });
});

describe('derived columns agree with the pricing rule', () => {
  it('store the price the card shows as priceMin, and the stock and buyability the card and the merchant see', () => {
    const product = { ...base, stock: 9 };
    const variants = [
      variant({ price: d('80.00'), stock: 2 }),
      variant({ price: d('40.00'), stock: 0, trackInventory: false }),
      variant({ stock: 7, isActive: false }),
    ];
    const pricing = priceProduct(product, variants);
    expect(derivedProductColumns(product, variants)).toEqual({
      priceMin: pricing.price,
      priceMax: pricing.maxPrice,
      inStock: pricing.inStock,
      stock: pricing.stock,
    });
    expect(derivedProductColumns(product, variants)).toEqual({ priceMin: d('40.00'), priceMax: d('80.00'), inStock: true, stock: 2 });
  });
});
