import { describe, expect, it } from 'vitest';
import { Prisma } from '../../../src/generated/prisma/client.js';
import { priceProduct, sellableVariants, variantPricing, type PricedProduct, type PricedVariant } from '../../../src/domain/pricing/product-pricing.js';

const d = (v: string) => new Prisma.Decimal(v);
const product = (over: Partial<PricedProduct> = {}): PricedProduct => ({ price: d('50.00'), compareAtPrice: null, trackInventory: true, stock: 4, ...over });
const variant = (over: Partial<PricedVariant> = {}): PricedVariant => ({
  price: d('60.00'),
  compareAtPrice: null,
  trackInventory: true,
  stock: 2,
  isActive: true,
  isBackorder: false,
  ...over,
});

describe('which variants count: the active ones, and only they', () => {
  it('leaves inactive variants out of price, range, stock, count and has_variants', () => {
    const pricing = priceProduct(product(), [variant({ price: d('70.00'), stock: 1 }), variant({ price: d('1.00'), stock: 99, isActive: false })]);
    expect(pricing).toMatchObject({ hasVariants: true, variantCount: 1, price: d('70.00'), minPrice: d('70.00'), maxPrice: d('70.00'), stock: 1 });
  });

  it('sells a product whose variants are all inactive as itself, at its own price and stock', () => {
    const pricing = priceProduct(product({ stock: 3 }), [variant({ isActive: false, stock: 40 })]);
    expect(pricing).toMatchObject({ hasVariants: false, variantCount: 0, price: d('50.00'), stock: 3, totalStock: 3, inStock: true });
  });

  it('lists the variants a shopper can buy, in their order', () => {
    const [a, b, c] = [variant({ stock: 1 }), variant({ isActive: false }), variant({ stock: 3 })];
    expect(sellableVariants([a, b, c])).toEqual([a, c]);
  });
});

describe('price: what the shopper pays', () => {
  it('is the product’s own price without active variants', () => {
    expect(priceProduct(product(), [])).toMatchObject({ price: d('50.00'), minPrice: d('50.00'), maxPrice: d('50.00') });
  });

  it('is the cheapest active variant’s price with variants, whatever the product’s own price, with the dearest as the range’s top', () => {
    const pricing = priceProduct(product({ price: d('10.00') }), [
      variant({ price: d('250.95') }),
      variant({ price: d('154.00') }),
      variant({ price: d('480.00') }),
    ]);
    expect(pricing).toMatchObject({ price: d('154.00'), minPrice: d('154.00'), maxPrice: d('480.00') });
  });

  it('shows a compare-at price only above the price, and the cheapest variant’s', () => {
    expect(priceProduct(product({ compareAtPrice: d('60.00') }), []).compareAtPrice).toEqual(d('60.00'));
    expect(priceProduct(product({ compareAtPrice: d('50.00') }), []).compareAtPrice).toBeNull();
    const pricing = priceProduct(product({ compareAtPrice: d('90.00') }), [
      variant({ price: d('30.00'), compareAtPrice: d('35.00') }),
      variant({ price: d('40.00'), compareAtPrice: d('80.00') }),
    ]);
    expect(pricing.compareAtPrice).toEqual(d('35.00'));
  });
});

describe('stock: units on hand over the lines that count stock', () => {
  it('is a simple product’s own stock as entered, shown to shoppers only while tracked', () => {
    expect(priceProduct(product({ stock: 4 }), [])).toMatchObject({ tracksInventory: true, stock: 4, totalStock: 4 });
    expect(priceProduct(product({ stock: 4, trackInventory: false }), [])).toMatchObject({ tracksInventory: false, stock: 4, totalStock: null });
  });

  it('sums the active variants that track inventory; untracked ones add no units', () => {
    const pricing = priceProduct(product({ stock: 100 }), [
      variant({ stock: 2 }),
      variant({ stock: 5 }),
      variant({ stock: 40, trackInventory: false }),
      variant({ stock: 9, isActive: false }),
    ]);
    expect(pricing).toMatchObject({ tracksInventory: true, stock: 7, totalStock: 7 });
  });

  it('is 0 and not shown when no active variant tracks inventory', () => {
    const pricing = priceProduct(product({ stock: 100 }), [variant({ stock: 16, trackInventory: false }), variant({ stock: 3, trackInventory: false })]);
    expect(pricing).toMatchObject({ tracksInventory: false, stock: 0, totalStock: null });
  });
});

describe('in stock: whether a shopper can buy it now', () => {
  it('holds for a simple product that is untracked or has stock', () => {
    expect(priceProduct(product({ stock: 0 }), []).inStock).toBe(false);
    expect(priceProduct(product({ stock: 1 }), []).inStock).toBe(true);
    expect(priceProduct(product({ stock: 0, trackInventory: false }), []).inStock).toBe(true);
  });

  it('holds when one active variant has stock, is untracked or takes backorders', () => {
    const soldOut = variant({ stock: 0 });
    expect(priceProduct(product(), [soldOut, variant({ stock: 0, isActive: false }), soldOut]).inStock).toBe(false);
    expect(priceProduct(product(), [soldOut, variant({ stock: 1 })]).inStock).toBe(true);
    expect(priceProduct(product(), [soldOut, variant({ stock: 0, trackInventory: false })]).inStock).toBe(true);
    expect(priceProduct(product(), [soldOut, variant({ stock: 0, isBackorder: true })]).inStock).toBe(true);
  });

  it('does not let an inactive variant’s stock make the product buyable', () => {
    expect(priceProduct(product({ stock: 0 }), [variant({ stock: 0 }), variant({ stock: 50, isActive: false })]).inStock).toBe(false);
  });
});

describe('the product rule alone: discounts join only for shoppers, add-ons do not exist', () => {
  it('answers the price as the discounted price, no discount and no add-ons, with or without variants', () => {
    for (const pricing of [priceProduct(product(), []), priceProduct(product(), [variant({ price: d('12.00') })])]) {
      expect({ discountPrice: pricing.discountPrice, discount: pricing.discount, discounts: pricing.discounts, hasAddons: pricing.hasAddons }).toEqual({
        discountPrice: pricing.price,
        discount: null,
        discounts: [],
        hasAddons: false,
      });
    }
  });
});

describe('a variant’s price and stock', () => {
  it('shows its own price, a compare-at only above it, and a quantity only when tracked', () => {
    expect(variantPricing(variant({ price: d('20.00'), compareAtPrice: d('25.00'), stock: 3 }))).toEqual({
      price: d('20.00'),
      compareAtPrice: d('25.00'),
      inStock: true,
      quantity: 3,
    });
    expect(variantPricing(variant({ compareAtPrice: d('60.00'), stock: 0, trackInventory: false }))).toEqual({
      price: d('60.00'),
      compareAtPrice: null,
      inStock: true,
      quantity: null,
    });
    expect(variantPricing(variant({ stock: 0 })).inStock).toBe(false);
    expect(variantPricing(variant({ stock: 0, isBackorder: true })).inStock).toBe(true);
  });
});
