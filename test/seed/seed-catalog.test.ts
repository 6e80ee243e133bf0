import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { Prisma, type Store } from '../../src/generated/prisma/client.js';
import { renditionNames } from '../../src/domain/media/renditions.js';
import type { Database } from '../../src/platform/database/database.js';
import { categoryTree } from '../../src/seed/category-tree.js';
import { seedCatalog } from '../../src/seed/seed-catalog.js';
import { artworkPoolSize } from '../../src/seed/placeholder-art.js';
import { testMediaServices } from '../support/media.js';
import { makeStore } from '../support/stores.js';
import { openTestDatabase } from '../support/test-app.js';

// Issue, Seeding: a believable catalogue that is the same for the same seed, keeps the derived
// product columns every catalogue write keeps, and can be added to without slug collisions.

let database: Database;
const media = testMediaServices();
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const newStore = async (): Promise<Store> => (await makeStore(database, { locales: ['en', 'fr'] })).store;

/** What a shopper sees of each product, in SKU order (the running number the seed gives). */
async function catalogOf(store: Store) {
  const products = await database.prisma.product.findMany({
    where: { storeId: store.id },
    orderBy: { sku: 'asc' },
    include: { variants: { orderBy: { position: 'asc' } }, category: { select: { slug: true } } },
  });
  return products.map((p) => ({
    sku: p.sku,
    title: p.title,
    slug: p.slug,
    category: p.category?.slug,
    price: p.price.toString(),
    compareAtPrice: p.compareAtPrice?.toString() ?? null,
    stock: p.stock,
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
    variants: p.variants.map((v) => ({ title: v.title, price: v.price.toString(), stock: v.stock })),
  }));
}

describe('seedCatalog determinism', () => {
  let first: Store;
  beforeAll(async () => {
    first = await newStore();
    await seedCatalog(database.prisma, first, { media, products: 40, seed: 7 });
  });

  it('gives two fresh stores the same catalogue, in the same order, for the same seed', async () => {
    const second = await newStore();
    const counts = await seedCatalog(database.prisma, second, { media, products: 40, seed: 7 });
    expect(counts.products).toBe(40);
    const [a, b] = [await catalogOf(first), await catalogOf(second)];
    expect(a).toHaveLength(40);
    expect(b).toEqual(a);
  });

  it('gives another catalogue for another seed', async () => {
    const other = await newStore();
    await seedCatalog(database.prisma, other, { media, products: 40, seed: 8 });
    const titles = (await catalogOf(other)).map((p) => p.title);
    expect(titles).not.toEqual((await catalogOf(first)).map((p) => p.title));
  });

  it('adds new products on a rerun with the same seed, continuing the numbering without slug collisions', async () => {
    const before = await catalogOf(first);
    const counts = await seedCatalog(database.prisma, first, { media, products: 40, seed: 7 });
    expect({ categories: counts.categories, products: counts.products }).toEqual({ categories: 0, products: 40 });
    const after = await catalogOf(first);
    expect(after).toHaveLength(80);
    expect(after.slice(0, 40)).toEqual(before);
    expect(after.slice(40).map((p) => p.sku)).toEqual(Array.from({ length: 40 }, (_, i) => `BZ-${String(41 + i).padStart(6, '0')}`));
    expect(new Set(after.map((p) => p.slug)).size).toBe(80);
    // The new products come from their own streams, not a replay of the first forty.
    expect(after.slice(40).map((p) => p.title)).not.toEqual(before.map((p) => p.title));
  });
});

describe('seedCatalog progress', () => {
  it('tells the caller once the categories are in place and after each chunk, counting this run only', async () => {
    const store = await newStore();
    const seen: unknown[] = [];
    await seedCatalog(database.prisma, store, { media, products: 12, seed: 1 });
    await seedCatalog(database.prisma, store, { media, products: 7, seed: 1, onProgress: (progress) => seen.push(progress) });
    expect(seen).toEqual([
      { products: 0, total: 7 },
      { products: 7, total: 7 },
    ]);
  });

  it('says nothing when asked for no products', async () => {
    const seen: unknown[] = [];
    await seedCatalog(database.prisma, await newStore(), { media, products: 0, seed: 1, onProgress: (progress) => seen.push(progress) });
    expect(seen).toEqual([]);
  });
});

describe('A seeded catalogue of 240 products', () => {
  let store: Store;
  let products: Prisma.ProductGetPayload<{ include: { variants: true; images: true; category: true } }>[];
  let frTitles: Map<string, string>;
  beforeAll(async () => {
    store = await newStore();
    await seedCatalog(database.prisma, store, { media, products: 240, seed: 42 });
    products = await database.prisma.product.findMany({ where: { storeId: store.id }, include: { variants: true, images: true, category: true } });
    const translations = await database.prisma.translation.findMany({ where: { storeId: store.id, resourceType: 'product' } });
    // Exactly one translation per product, all of them fr (the store's second published locale).
    expect(translations.map((t) => t.locale)).toEqual(products.map(() => 'fr'));
    frTitles = new Map(translations.map((t) => [t.resourceId, (t.fields as { title: string }).title]));
  });

  const money = (amount: Prisma.Decimal) => amount.toFixed(2);

  describe('keeps every product invariant', () => {
    it('priceMin is the cheapest active variant (or the price), priceMax the dearest, and no variant is below the base price', () => {
      for (const p of products) {
        const active = p.variants.filter((v) => v.isActive).map((v) => v.price);
        const [min, max] = active.length ? [Prisma.Decimal.min(...active), Prisma.Decimal.max(...active)] : [p.price, p.price];
        expect({ slug: p.slug, priceMin: money(p.priceMin), priceMax: money(p.priceMax), belowBase: min.lt(p.price) }).toEqual({
          slug: p.slug,
          priceMin: money(min),
          priceMax: money(max),
          belowBase: false,
        });
      }
    });

    it('inStock is whether a shopper can buy it: untracked, or stock on the product or on an active variant', () => {
      for (const p of products) {
        const active = p.variants.filter((v) => v.isActive);
        const buyable = active.length ? active.some((v) => !v.trackInventory || v.stock > 0 || v.isBackorder) : !p.trackInventory || p.stock > 0;
        expect({ slug: p.slug, inStock: p.inStock }).toEqual({ slug: p.slug, inStock: buyable });
      }
    });

    it('stock is the sum of the active, tracked variant stocks for a product with variants', () => {
      for (const p of products.filter((p) => p.variants.length)) {
        const counted = p.variants.filter((v) => v.isActive && v.trackInventory);
        expect({ slug: p.slug, stock: p.stock }).toEqual({ slug: p.slug, stock: counted.reduce((sum, v) => sum + v.stock, 0) });
      }
    });

    it('has exactly one primary image, at position 0, with the six renditions on every image', () => {
      for (const p of products) {
        expect({ slug: p.slug, primary: p.images.filter((i) => i.isPrimary).map((i) => i.position) }).toEqual({ slug: p.slug, primary: [0] });
        for (const image of p.images) expect(Object.keys(image.sizes as object).sort()).toEqual([...renditionNames].sort());
      }
    });

    it("shows on every image a file of the store's media library, with the file's size and renditions", async () => {
      const files = new Map((await database.prisma.mediaFile.findMany({ where: { storeId: store.id } })).map((f) => [f.id, f]));
      // A pool of shared artworks, not one file per picture.
      expect(files.size).toBe(artworkPoolSize);
      for (const p of products) {
        for (const image of p.images) {
          const file = files.get(image.fileId!);
          expect({ slug: p.slug, hasFile: file !== undefined }).toEqual({ slug: p.slug, hasFile: true });
          expect({ url: image.url, width: image.width, height: image.height, sizes: image.sizes }).toEqual({
            url: (file!.sizes as any).original.url,
            width: file!.width,
            height: file!.height,
            sizes: file!.sizes,
          });
        }
      }
    });

    it('stores real pictures: each rendition of an artwork decodes at the size it states', async () => {
      const file = await database.prisma.mediaFile.findFirstOrThrow({ where: { storeId: store.id } });
      const prefix = `${media.baseUrl}/`;
      for (const [name, rendition] of Object.entries(file.sizes as Record<string, { url: string; w: number; h: number }>)) {
        const bytes = await media.storage.get(rendition.url.slice(prefix.length));
        const meta = await sharp(bytes!).metadata();
        expect({ name, w: meta.width, h: meta.height }).toEqual({ name, w: rendition.w, h: rendition.h });
      }
    });

    it("points a variant's image, when it has one, at an image of the same product", () => {
      for (const p of products) {
        const own = new Set(p.images.map((i) => i.id));
        for (const v of p.variants.filter((v) => v.imageId !== null)) expect(own.has(v.imageId!), `${p.slug} / ${v.title}`).toBe(true);
      }
    });

    it('was updated no earlier than it was created', () => {
      for (const p of products) expect(p.updatedAt.getTime(), p.slug).toBeGreaterThanOrEqual(p.createdAt.getTime());
    });
  });

  describe('has the mix of a real catalogue', () => {
    it.each([
      ['a compare-at price', (p: (typeof products)[number]) => p.compareAtPrice !== null],
      ['variants', (p: (typeof products)[number]) => p.variants.length > 0],
      ['no stock (sold out)', (p: (typeof products)[number]) => p.stock === 0],
      ['a video', (p: (typeof products)[number]) => p.videoUrl !== null],
      ['several images', (p: (typeof products)[number]) => p.images.length > 1],
      ['variants showing their own image', (p: (typeof products)[number]) => p.variants.some((v) => v.imageId !== null)],
    ])('has some products, not all, with %s', (_, has) => {
      const count = products.filter(has).length;
      expect(count).toBeGreaterThan(0);
      expect(count).toBeLessThan(products.length);
    });

    it('puts products in every category that takes products', () => {
      const used = new Set(products.map((p) => p.category?.slug));
      expect([...used].sort()).toEqual(
        categoryTree
          .filter((c) => c.nouns.length > 0)
          .map((c) => c.slug)
          .sort(),
      );
    });

    it('has a French title for every product, differing from the English one', () => {
      for (const p of products) {
        const fr = frTitles.get(p.id);
        expect({ en: p.title, differs: typeof fr === 'string' && fr.length > 0 && fr !== p.title }, fr).toEqual({ en: p.title, differs: true });
      }
    });
  });
});
