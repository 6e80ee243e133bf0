import type { Store } from '../../src/generated/prisma/client.js';
import type { Database } from '../../src/platform/database/database.js';
import { createProduct, type ProductSpec } from './catalog.js';

/** What the one price-and-stock rule says of a product, which every face must show alike. */
export interface StockVerdict {
  price: number;
  hasVariants: boolean;
  variantCount: number;
  tracksInventory: boolean;
  /** Product stock as the merchant sees it. */
  stock: number;
  /** What shoppers see: stock when tracked, else null. */
  quantity: number | null;
  inStock: boolean;
}

const size = (title: string, extra: Partial<NonNullable<ProductSpec['variants']>[number]>) => ({
  title,
  optionValues: { Size: title },
  price: '20.00',
  ...extra,
});

/** Products on the edges of the rule: inactive variants, untracked lines, backorders. */
export const stockCases: { slug: string; spec: ProductSpec; verdict: StockVerdict }[] = [
  {
    slug: 'mixed-kettle',
    spec: {
      title: 'Mixed Kettle',
      price: '30.00',
      variants: [
        size('S', { price: '24.00', stock: 2 }),
        size('M', { price: '26.00', stock: 16, trackInventory: false }),
        size('L', { price: '1.00', stock: 50, isActive: false }),
      ],
    },
    verdict: { price: 24, hasVariants: true, variantCount: 2, tracksInventory: true, stock: 2, quantity: 2, inStock: true },
  },
  {
    slug: 'untracked-mug',
    spec: {
      title: 'Untracked Mug',
      variants: [size('S', { price: '8.00', stock: 16, trackInventory: false }), size('L', { price: '9.00', stock: 3, trackInventory: false })],
    },
    verdict: { price: 8, hasVariants: true, variantCount: 2, tracksInventory: false, stock: 0, quantity: null, inStock: true },
  },
  {
    slug: 'retired-jug',
    spec: { title: 'Retired Jug', price: '15.00', stock: 0, variants: [size('S', { stock: 40, isActive: false }), size('L', { stock: 4, isActive: false })] },
    verdict: { price: 15, hasVariants: false, variantCount: 0, tracksInventory: true, stock: 0, quantity: 0, inStock: false },
  },
  {
    slug: 'backorder-pot',
    spec: { title: 'Backorder Pot', variants: [size('S', { price: '40.00', stock: 0, isBackorder: true }), size('L', { price: '45.00', stock: 0 })] },
    verdict: { price: 40, hasVariants: true, variantCount: 2, tracksInventory: true, stock: 0, quantity: 0, inStock: true },
  },
  {
    slug: 'loose-tea',
    spec: { title: 'Loose Tea', price: '6.50', stock: 12, trackInventory: false },
    verdict: { price: 6.5, hasVariants: false, variantCount: 0, tracksInventory: false, stock: 12, quantity: null, inStock: true },
  },
  {
    slug: 'sold-out-cup',
    spec: { title: 'Sold Out Cup', price: '4.00', stock: 0 },
    verdict: { price: 4, hasVariants: false, variantCount: 0, tracksInventory: true, stock: 0, quantity: 0, inStock: false },
  },
];

export async function createStockCases(database: Database, store: Store) {
  const created = new Map<string, { id: string; pId: number }>();
  for (const { slug, spec } of stockCases) {
    const product = await createProduct(database, store, { ...spec, slug });
    created.set(slug, { id: product.id, pId: product.pId });
  }
  return created;
}
