import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categoryTree } from '../../src/seed/category-tree.js';
import { cli, cliFailure, cliJson, cliJsonWithProgress, pointCliAtTestDatabase, uniqueSlug, withDatabase } from './cli-harness.js';

// Issue, CLI: `seed --store SLUG [--products N] [--seed INT]` prints what it created and (issue 5)
// how far it got, on stderr, while it runs.

const db = pointCliAtTestDatabase();
afterAll(() => db.cleanup());

/** Rows the store holds now, counted straight from the database the CLI wrote. */
function countRows(storeId: string) {
  return withDatabase(db, async ({ prisma }) => ({
    categories: await prisma.category.count({ where: { storeId } }),
    products: await prisma.product.count({ where: { storeId } }),
    variants: await prisma.variant.count({ where: { storeId } }),
    images: await prisma.productImage.count({ where: { storeId } }),
    translations: await prisma.translation.count({ where: { storeId } }),
    promotions: await prisma.discount.count({ where: { storeId, kind: 'promotion' } }),
    discounts: await prisma.discount.count({ where: { storeId, kind: 'discount' } }),
    coupons: await prisma.coupon.count({ where: { storeId } }),
    collections: await prisma.collection.count({ where: { storeId } }),
  }));
}

describe('seed', () => {
  const slug = uniqueSlug();
  let storeId: string;
  beforeAll(async () => {
    storeId = (await cliJson('store', 'create', '--name', 'Seeded Shop', '--slug', slug, '--locales', 'en,fr')).id;
  });

  it('prints exactly what it wrote: the category tree, N products and their rows, translated into fr', async () => {
    const { result: out } = await cliJsonWithProgress('seed', '--store', slug, '--products', '30', '--seed', '5');
    // The time taken is reported, never asserted.
    expect(out).toEqual({
      store: slug,
      categories: categoryTree.length,
      products: 30,
      variants: expect.any(Number),
      images: expect.any(Number),
      translations: expect.any(Number),
      promotions: 5,
      discounts: 4,
      coupons: 3,
      collections: 6,
      seconds: expect.any(Number),
    });
    const { seconds: _seconds, store: _store, ...counts } = out;
    // Every category, every product and every collection has its one fr translation.
    expect(counts.translations).toBe(categoryTree.length + 30 + 6);
    expect(counts.images).toBeGreaterThanOrEqual(30);
    expect(await countRows(storeId)).toEqual(counts);
  });

  it('adds to the catalog when run again, reusing the categories', async () => {
    const { result: again } = await cliJsonWithProgress('seed', '--store', slug, '--products', '30', '--seed', '5');
    expect(again).toMatchObject({ store: slug, categories: 0, products: 30, translations: 30, promotions: 0, discounts: 0, coupons: 0, collections: 0 });
    expect(await countRows(storeId)).toMatchObject({ categories: categoryTree.length, products: 60, promotions: 5, discounts: 4, coupons: 3, collections: 6 });
  });

  it('reports progress on stderr, once the categories are in place and after each chunk of 500, while stdout carries one JSON object', async () => {
    const { result, progress } = await cliJsonWithProgress('seed', '--store', slug, '--products', '501');
    expect(result).toMatchObject({ store: slug, products: 501 });
    expect(progress).toEqual([0, 500, 501].map((products) => ({ store: slug, products, total: 501, seconds: expect.any(Number) })));
  });

  it('writes readable progress lines on stderr and the summary alone on stdout without --json', async () => {
    const run = await cli('seed', '--store', slug, '--products', '3');
    expect({ code: run.code, stdout: run.stdout.length, summary: run.stdout[0]!.split('\n')[0] }).toEqual({
      code: 0,
      stdout: 1,
      summary: expect.stringMatching(new RegExp(`^Seeded store ${slug} in \\d+\\.\\d s$`)),
    });
    expect(run.stderr).toEqual([
      expect.stringMatching(new RegExp(`^seed ${slug}: 0/3 products \\(0%\\), \\d+\\.\\d s$`)),
      expect.stringMatching(new RegExp(`^seed ${slug}: 3/3 products \\(100%\\), \\d+\\.\\d s$`)),
    ]);
  });

  it('reports no progress when asked for no products', async () => {
    const { result, progress } = await cliJsonWithProgress('seed', '--store', slug, '--products', '0');
    expect({ products: result.products, progress }).toEqual({ products: 0, progress: [] });
  });

  // A value starting with a dash goes after "=", or parseArgs takes it for a flag.
  it.each([
    ['--products=abc', 'must be a whole number'],
    ['--products=-1', 'must be at least 0'],
    ['--products=100001', 'must be at most 100000'],
  ])('refuses %s with validation_failed', async (flag, message) => {
    expect(await cliFailure('seed', '--store', slug, flag)).toEqual({
      code: 1,
      error: { code: 'validation_failed', message, errors: { products: [message] } },
    });
  });

  it('answers not_found for an unknown store', async () => {
    const missing = uniqueSlug('missing');
    expect(await cliFailure('seed', '--store', missing)).toEqual({ code: 1, error: { code: 'not_found', message: `Store "${missing}" not found.` } });
  });
});
