import { expect } from 'vitest';
import type { Store } from '../../src/generated/prisma/client.js';
import type { Database } from '../../src/platform/database/database.js';
import { createProduct, type ProductSpec } from './catalog.js';

/**
 * A catalogue whose variant prices spread widely, so a product's dearest variant says nothing
 * about the price its card shows: cheap-from products with a very dear top variant, dear simple
 * products, inactive variants at extreme prices (which must not count), and products that show
 * the same price (so pages break inside a tie). Prices the cards show, in creation order.
 */
const specs: { spec: ProductSpec; shows: string }[] = [
  // The page: a product from 154 with a 999 top variant between 250.95 and 242.99.
  { spec: { title: 'Wide Sofa', variants: [variant('154.00'), variant('999.00')] }, shows: '154.00' },
  { spec: { title: 'Oak Table', price: '250.95' }, shows: '250.95' },
  { spec: { title: 'Arm Chair', variants: [variant('242.99'), variant('243.50')] }, shows: '242.99' },
  { spec: { title: 'Floor Lamp', variants: [variant('12.00'), variant('1800.00'), variant('600.00')] }, shows: '12.00' },
  { spec: { title: 'Rug', price: '1200.00' }, shows: '1200.00' },
  { spec: { title: 'Stool', variants: [variant('99.00'), variant('1500.00')] }, shows: '99.00' },
  { spec: { title: 'Shelf', price: '99.00' }, shows: '99.00' },
  { spec: { title: 'Bench', variants: [variant('99.00'), variant('99.50')] }, shows: '99.00' },
  { spec: { title: 'Mirror', variants: [variant('0.50', { isActive: false }), variant('310.00'), variant('9000.00', { isActive: false })] }, shows: '310.00' },
  { spec: { title: 'Vase', price: '8.99', variants: [variant('45.00'), variant('2.00', { isActive: false })] }, shows: '45.00' },
  { spec: { title: 'Clock', price: '75.00', variants: [variant('1.00', { isActive: false })] }, shows: '75.00' },
  { spec: { title: 'Desk', variants: [variant('640.00'), variant('641.00'), variant('5000.00')] }, shows: '640.00' },
  { spec: { title: 'Cushion', price: '19.95' }, shows: '19.95' },
  { spec: { title: 'Bed Frame', variants: [variant('880.00'), variant('90.00')] }, shows: '90.00' },
  { spec: { title: 'Wardrobe', price: '1999.99' }, shows: '1999.99' },
  { spec: { title: 'Side Table', variants: [variant('55.00'), variant('3000.00')] }, shows: '55.00' },
  { spec: { title: 'Curtain', price: '55.00' }, shows: '55.00' },
  { spec: { title: 'Blanket', variants: [variant('38.00'), variant('390.00')] }, shows: '38.00' },
  { spec: { title: 'Frame', price: '4.50' }, shows: '4.50' },
  { spec: { title: 'Pouf', variants: [variant('120.00'), variant('121.00')] }, shows: '120.00' },
  { spec: { title: 'Planter', price: '240.00', variants: [variant('260.00'), variant('250.00')] }, shows: '250.00' },
  { spec: { title: 'Hook', price: '3.00' }, shows: '3.00' },
];

function variant(price: string, extra: { isActive?: boolean } = {}) {
  return { title: price, optionValues: { Finish: price }, price, ...extra };
}

export interface SpreadProduct {
  slug: string;
  pId: number;
  shows: number;
}

export async function createPriceSpreadCatalogue(database: Database, store: Store): Promise<SpreadProduct[]> {
  const created: SpreadProduct[] = [];
  for (const { spec, shows } of specs) {
    const product = await createProduct(database, store, spec);
    created.push({ slug: product.slug, pId: product.pId, shows: Number(shows) });
  }
  return created;
}

/** The order a price sort must give: by the shown price, ties by the product id in the same direction. */
export function expectedPriceOrder(products: SpreadProduct[], direction: 'asc' | 'desc'): string[] {
  const sign = direction === 'asc' ? 1 : -1;
  return [...products].sort((a, b) => sign * (a.shows - b.shows || a.pId - b.pId)).map((p) => p.slug);
}

/** Each shown price is at least (asc) or at most (desc) the one before it. */
export function expectMonotonic(prices: number[], direction: 'asc' | 'desc') {
  for (let i = 1; i < prices.length; i += 1) {
    const [before, after] = [prices[i - 1]!, prices[i]!];
    expect(direction === 'asc' ? after >= before : after <= before, `${before} then ${after} at ${i}`).toBe(true);
  }
}
