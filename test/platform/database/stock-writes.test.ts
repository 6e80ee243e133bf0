import { describe, expect, it } from 'vitest';
import { catalogEffectOf } from '../../../src/platform/database/catalog-models.js';
import { dependsOnStock, noteRead, readingStock, type StockReads } from '../../../src/platform/database/stock-reads.js';
import { openTestDatabase } from '../../support/test-app.js';

// The response cache's two structural rules (catalog-models.ts, stock-reads.ts): which writes are
// stock writes of some products rather than catalogue writes, and which reads follow stock.

describe('catalogEffectOf: what a write does to cached reads', () => {
  it('takes a write of stock columns alone that names its products for a stock write of them', () => {
    expect(catalogEffectOf('Product', 'update', { where: { id: 'p1' }, data: { salesCount: { increment: 2 } } })).toEqual({ stock: ['p1'] });
    expect(catalogEffectOf('Product', 'updateMany', { where: { id: 'p1', stock: { gte: 1 } }, data: { stock: { decrement: 1 } } })).toEqual({ stock: ['p1'] });
    expect(catalogEffectOf('Product', 'updateMany', { where: { id: { in: ['p1', 'p2'] } }, data: { updatedAt: new Date() } })).toEqual({ stock: ['p1', 'p2'] });
    expect(catalogEffectOf('Variant', 'updateMany', { where: { id: 'v1', productId: 'p1' }, data: { stock: { decrement: 1 } } })).toEqual({ stock: ['p1'] });
  });

  it('takes any other write of a catalogue model for a catalogue write of the store', () => {
    expect(catalogEffectOf('Product', 'update', { where: { id: 'p1' }, data: { stock: 3, inStock: false } })).toBe('catalog');
    expect(catalogEffectOf('Product', 'update', { where: { id: 'p1' }, data: { priceMin: '4.00' } })).toBe('catalog');
    expect(catalogEffectOf('Variant', 'update', { where: { id: 'v1' }, data: { stock: 2 } })).toBe('catalog');
    expect(catalogEffectOf('Product', 'updateMany', { where: { categoryId: 'c1' }, data: { stock: 0 } })).toBe('catalog');
    expect(catalogEffectOf('Product', 'create', { data: { stock: 1 } })).toBe('catalog');
    expect(catalogEffectOf('Product', 'upsert', { where: { id: 'p1' } })).toBe('catalog');
    expect(catalogEffectOf('CollectionProduct', 'createMany', { data: [] })).toBe('catalog');
  });

  it('takes a write of what requests read before the catalogue (keys, the store row, its locales and discounts) for a write of the store’s facts', () => {
    expect(catalogEffectOf('Store', 'update', { where: { id: 's1' }, data: { name: 'New' } })).toBe('facts');
    expect(catalogEffectOf('ApiKey', 'update', { where: { id: 'k1' }, data: { revokedAt: new Date() } })).toBe('facts');
    expect(catalogEffectOf('StoreLocale', 'create', { data: { code: 'fr' } })).toBe('facts');
    expect(catalogEffectOf('Discount', 'updateMany', { where: { id: 'd1' }, data: { isActive: false } })).toBe('facts');
  });

  it('takes the store row’s lock and a discount’s use count for no catalogue write, and a read or another model for none', () => {
    expect(catalogEffectOf('Store', 'update', { where: { id: 's1' }, data: { updatedAt: new Date() } })).toBeNull();
    expect(catalogEffectOf('StoreCounter', 'upsert', { where: { id: 'c1' } })).toBeNull();
    expect(catalogEffectOf('Discount', 'update', { where: { id: 'd1' }, data: { usageCount: { increment: 1 } } })).toBeNull();
    expect(catalogEffectOf('Discount', 'updateManyAndReturn', { where: { id: 'd1' }, data: { usageCount: { decrement: 1 } } })).toBeNull();
    expect(catalogEffectOf('Discount', 'update', { where: { id: 'd1' }, data: { usageCount: 0, maxUsageTotal: 5 } })).toBe('facts');
    expect(catalogEffectOf('Product', 'findMany', { where: { id: 'p1' } })).toBeNull();
    expect(catalogEffectOf('Order', 'update', { where: { id: 1 }, data: { status: 'cancelled' } })).toBeNull();
  });
});

describe('dependsOnStock: whether a read’s rows or figures follow stock', () => {
  it('finds stock columns in filters, orders, groupings and aggregates, a relation’s filter included', () => {
    expect(dependsOnStock({ orderBy: [{ salesCount: 'desc' }, { pId: 'desc' }] })).toBe(true);
    expect(dependsOnStock({ where: { variants: { some: { stock: { gt: 0 } } } } })).toBe(true);
    expect(dependsOnStock({ where: { updatedAt: { gt: new Date() } } })).toBe(true);
    expect(dependsOnStock({ by: ['stock'] })).toBe(true);
    expect(dependsOnStock({ _sum: { stock: true } })).toBe(true);
  });

  it('lets a read show stock columns, and filter by whether a product is in stock, which only a catalogue write changes', () => {
    expect(dependsOnStock({ where: { inStock: true, published: true }, orderBy: { createdAt: 'desc' }, select: { id: true, stock: true } })).toBe(false);
  });
});

describe('noteRead: what a build reads of stock', () => {
  const build = async (reads: StockReads, model: string, operation: string, args: Record<string, unknown>, rows: unknown) =>
    readingStock(reads, () => noteRead(model, operation, args, Promise.resolve(rows)));

  it('notes the products of the product and variant rows it reads', async () => {
    const reads: StockReads = { products: new Set(), bound: false };
    await build(reads, 'Product', 'findMany', { where: { published: true } }, [{ id: 'p1' }, { id: 'p2' }]);
    await build(reads, 'Variant', 'findMany', { where: { productId: { in: ['p3'] } } }, [{ productId: 'p3' }]);
    expect(reads).toEqual({ products: new Set(['p1', 'p2', 'p3']), bound: false });
  });

  it('binds the build to every stock write when it cannot tell which products it read', async () => {
    const throughRelation: StockReads = { products: new Set(), bound: false };
    await build(throughRelation, 'CollectionProduct', 'findMany', { include: { product: true } }, [{ product: { id: 'p1' } }]);
    expect(throughRelation.bound).toBe(true);
    const withoutId: StockReads = { products: new Set(), bound: false };
    await build(withoutId, 'Product', 'findFirst', { select: { title: true } }, { title: 'Kettle' });
    expect(withoutId.bound).toBe(true);
    const bySales: StockReads = { products: new Set(), bound: false };
    await build(bySales, 'Product', 'findMany', { orderBy: { salesCount: 'desc' } }, [{ id: 'p1' }]);
    expect(bySales.bound).toBe(true);
  });

  it('notes nothing outside a build', async () => {
    await expect(noteRead('Product', 'findMany', {}, Promise.resolve([{ id: 'p1' }]))).resolves.toEqual([{ id: 'p1' }]);
  });
});

describe('SQL by hand on the unscoped client during a build', () => {
  it('binds the build to every stock write of its store', async () => {
    const database = await openTestDatabase();
    try {
      const reads: StockReads = { products: new Set(), bound: false };
      await readingStock(reads, async () => await database.prisma.$queryRaw`SELECT 1`);
      expect(reads.bound).toBe(true);
    } finally {
      await database.close();
    }
  });
});
