import { describe, expect, it } from 'vitest';
import { Prisma } from '../../../src/generated/prisma/client.js';
import { bestDiscounts, discountAmount } from '../../../src/domain/pricing/discount-math.js';
import type { DiscountOffer } from '../../../src/domain/pricing/discounts.js';
import { priceProduct } from '../../../src/domain/pricing/product-pricing.js';
import { shopperPricing, variantDiscountPrice } from '../../../src/domain/pricing/shopper-pricing.js';

const d = (value: string) => new Prisma.Decimal(value);

let sequence = 0;
function offer(overrides: Partial<DiscountOffer> = {}): DiscountOffer {
  sequence += 1;
  return {
    id: `00000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`,
    title: `Offer ${sequence}`,
    type: 'percentage',
    value: d('10'),
    imageUrl: null,
    productIds: [],
    categoryIds: [],
    cappedAmount: null,
    priority: 0,
    createdAt: new Date('2030-01-01T00:00:00Z'),
    ...overrides,
  };
}

describe('what one discount takes off', () => {
  it('rounds a percentage half-up to the cent', () => {
    expect(discountAmount(d('10.05'), offer({ value: d('10') })).toFixed(2)).toBe('1.01');
    expect(discountAmount(d('10.04'), offer({ value: d('10') })).toFixed(2)).toBe('1.00');
    expect(discountAmount(d('0.05'), offer({ value: d('50') })).toFixed(2)).toBe('0.03');
    expect(discountAmount(d('19.99'), offer({ value: d('12.5') })).toFixed(2)).toBe('2.50');
  });

  it('takes a fixed value off, never more than the price', () => {
    expect(discountAmount(d('20.00'), offer({ type: 'fixed', value: d('5.50') })).toFixed(2)).toBe('5.50');
    expect(discountAmount(d('3.00'), offer({ type: 'fixed', value: d('5.00') })).toFixed(2)).toBe('3.00');
    expect(discountAmount(d('10.00'), offer({ value: d('150') })).toFixed(2)).toBe('10.00');
  });

  it('caps the amount at capped_amount', () => {
    expect(discountAmount(d('200.00'), offer({ value: d('50'), cappedAmount: d('30.00') })).toFixed(2)).toBe('30.00');
    expect(discountAmount(d('40.00'), offer({ value: d('50'), cappedAmount: d('30.00') })).toFixed(2)).toBe('20.00');
  });
});

describe('the best-of rule: product discounts do not stack', () => {
  it('lists every discount on the full price, best first, and the shopper pays the best one only', () => {
    const tenPercent = offer({ value: d('10') });
    const fiveOff = offer({ type: 'fixed', value: d('5.00') });
    const result = bestDiscounts(d('40.00'), [tenPercent, fiveOff]);
    expect(result.discountPrice.toFixed(2)).toBe('35.00');
    expect(result.discount?.id).toBe(fiveOff.id);
    expect(result.discounts.map((x) => [x.id, x.amount.toFixed(2), x.finalPrice.toFixed(2)])).toEqual([
      [fiveOff.id, '5.00', '35.00'],
      [tenPercent.id, '4.00', '36.00'],
    ]);
  });

  it('breaks a tie on the final price by priority, then by age, then by id', () => {
    const older = offer({ type: 'fixed', value: d('2.00'), createdAt: new Date('2029-01-01T00:00:00Z') });
    const newer = offer({ type: 'fixed', value: d('2.00') });
    const important = offer({ type: 'fixed', value: d('2.00'), priority: 5 });
    expect(bestDiscounts(d('10.00'), [newer, older]).discount?.id).toBe(older.id);
    expect(bestDiscounts(d('10.00'), [newer, older, important]).discount?.id).toBe(important.id);
    const twinA = offer({ type: 'fixed', value: d('2.00'), id: '00000000-0000-4000-8000-00000000000a' });
    const twinB = offer({ type: 'fixed', value: d('2.00'), id: '00000000-0000-4000-8000-00000000000b' });
    expect(bestDiscounts(d('10.00'), [twinB, twinA]).discount?.id).toBe(twinA.id);
  });

  it('answers the price itself when nothing applies', () => {
    expect(bestDiscounts(d('10.00'), [])).toEqual({ discount: null, discounts: [], discountPrice: d('10.00') });
  });
});

describe('shopper pricing of a product', () => {
  const base = priceProduct({ price: d('30.00'), compareAtPrice: d('40.00'), trackInventory: false, stock: 0 }, []);
  const product = { id: '10000000-0000-4000-8000-000000000001', categoryId: '20000000-0000-4000-8000-000000000001' };

  it('applies only the offers that target the product, by id or by its own category', () => {
    const byId = offer({ productIds: [product.id], value: d('10') });
    const byCategory = offer({ categoryIds: [product.categoryId], type: 'fixed', value: d('1.00') });
    const elsewhere = offer({ productIds: ['10000000-0000-4000-8000-000000000002'], value: d('90') });
    const priced = shopperPricing(base, product, [byId, byCategory, elsewhere]);
    expect(priced.discountPrice.toFixed(2)).toBe('27.00');
    expect(priced.discounts.map((x) => x.id)).toEqual([byId.id, byCategory.id]);
    expect(priced.compareAtPrice?.toFixed(2)).toBe('40.00');
    expect(priced.price.toFixed(2)).toBe('30.00');
  });

  it('prices each variant with the same offers on its own price', () => {
    const priced = shopperPricing(base, product, [offer({ value: d('10') }), offer({ type: 'fixed', value: d('4.00') })]);
    expect(variantDiscountPrice(d('50.00'), priced).toFixed(2)).toBe('45.00');
    expect(variantDiscountPrice(d('20.00'), priced).toFixed(2)).toBe('16.00');
  });
});
